import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TccStatus } from '../../../shared/tcc/enums';
import type { Db } from '../../db/client';
import { preparedOn } from '../../db/prepared';
import { officers, tccCounters, tccHistory, tccs } from '../../db/schema';

/** Reads and writes of the tccs table and its history; every service of tcc/ goes through these. */

export type TccRow = typeof tccs.$inferSelect;
export type NewTccRow = typeof tccs.$inferInsert;
export type TccHistoryRow = typeof tccHistory.$inferSelect;

export async function findTcc(db: Db, id: string): Promise<TccRow | null> {
  const [row] = await db.select().from(tccs).where(eq(tccs.id, id)).limit(1);
  return row ?? null;
}

export async function findTccByNumber(db: Db, number: string): Promise<TccRow | null> {
  const [row] = await db.select().from(tccs).where(eq(tccs.number, number)).limit(1);
  return row ?? null;
}

/** A certificate by its public code (ADR 0032), looked up by its unique index. */
export async function findTccByPublicCode(db: Db, code: string): Promise<TccRow | null> {
  const [row] = await db.select().from(tccs).where(eq(tccs.publicCode, code)).limit(1);
  return row ?? null;
}

/** The row under a lock until the caller's transaction ends (SELECT … FOR UPDATE). */
export async function findTccForUpdate(tx: Db, id: string): Promise<TccRow | null> {
  const [row] = await tx.select().from(tccs).where(eq(tccs.id, id)).for('update').limit(1);
  return row ?? null;
}

/** The numbers of these certificates, for exports (ADR 0028). */
export async function selectTccNumbers(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: tccs.id, number: tccs.number })
    .from(tccs)
    .where(inArray(tccs.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.number]));
}

export async function insertTcc(tx: Db, row: NewTccRow): Promise<TccRow> {
  const [inserted] = await tx.insert(tccs).values(row).returning();
  if (!inserted) throw new Error('tccs insert returned nothing');
  return inserted;
}

/**
 * Moves a certificate from `expected` to a new status with the other changes, only if it is
 * still in `expected` (docs/architecture.md §5: two approvals at once give one transition). Null when
 * someone else moved it first: the caller answers 409.
 */
export async function transitionTcc(
  tx: Db,
  id: string,
  expected: TccStatus,
  changes: Partial<NewTccRow> & { status: TccStatus },
  at: Date,
): Promise<TccRow | null> {
  const [row] = await tx
    .update(tccs)
    .set({
      ...changes,
      statusChangedAt: changes.status === expected ? undefined : at,
      updatedAt: at,
      version: sql`${tccs.version} + 1`,
    })
    .where(and(eq(tccs.id, id), eq(tccs.status, expected)))
    .returning();
  return row ?? null;
}

export async function insertTccHistory(
  tx: Db,
  entry: typeof tccHistory.$inferInsert,
): Promise<TccHistoryRow> {
  const [row] = await tx.insert(tccHistory).values(entry).returning();
  if (!row) throw new Error('tcc_history insert returned nothing');
  return row;
}

export type TccHistoryWithActor = TccHistoryRow & {
  actorName: string | null;
  actorUserType: string | null;
};

export async function selectTccHistory(db: Db, tccId: string): Promise<TccHistoryWithActor[]> {
  return db
    .select({
      id: tccHistory.id,
      tccId: tccHistory.tccId,
      action: tccHistory.action,
      fromStatus: tccHistory.fromStatus,
      toStatus: tccHistory.toStatus,
      stage: tccHistory.stage,
      actorId: tccHistory.actorId,
      comment: tccHistory.comment,
      at: tccHistory.at,
      actorName: sql<string | null>`${officers.firstName} || ' ' || ${officers.surname}`,
      actorUserType: sql<string | null>`${officers.userType}::text`,
    })
    .from(tccHistory)
    .leftJoin(officers, eq(officers.id, tccHistory.actorId))
    .where(eq(tccHistory.tccId, tccId))
    .orderBy(asc(tccHistory.at), asc(tccHistory.id));
}

export type TccActing = {
  actorId: string;
  action: TccHistoryRow['action'];
  stage: TccHistoryRow['stage'];
};

/** Who generated, resubmitted or decided each of these certificates, and at which stage. */
export async function selectActingOn(
  db: Db,
  tccIds: readonly string[],
): Promise<Map<string, TccActing[]>> {
  const byTcc = new Map<string, TccActing[]>();
  if (tccIds.length === 0) return byTcc;
  // One statement for any number of certificates (an array parameter), built once (ADR 0017).
  const query = preparedOn(db, 'tcc_acting_on', (on, name) =>
    on
      .selectDistinct({
        tccId: tccHistory.tccId,
        actorId: tccHistory.actorId,
        action: tccHistory.action,
        stage: tccHistory.stage,
      })
      .from(tccHistory)
      .where(
        and(
          sql`${tccHistory.tccId} = any(${sql.placeholder('ids')}::uuid[])`,
          inArray(tccHistory.action, ['generated', 'resubmitted', 'approved', 'rejected']),
        ),
      )
      .prepare(name),
  );
  const rows = await query.execute({ ids: [...tccIds] });
  for (const row of rows) {
    if (!row.actorId) continue;
    const list = byTcc.get(row.tccId) ?? [];
    list.push({ actorId: row.actorId, action: row.action, stage: row.stage });
    byTcc.set(row.tccId, list);
  }
  return byTcc;
}

/** The next certificate sequence of a year (tcc_counters): numbers restart every January. */
export async function takeTccSequence(tx: Db, year: number): Promise<number> {
  const [row] = await tx
    .insert(tccCounters)
    .values({ year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: tccCounters.year,
      set: { lastSequence: sql`${tccCounters.lastSequence} + 1` },
    })
    .returning({ lastSequence: tccCounters.lastSequence });
  if (!row) throw new Error('tcc_counters upsert returned nothing');
  return row.lastSequence;
}

/** Officer names by id, for the views. */
export async function selectOfficerNames(db: Db, ids: readonly (string | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map<string, string>();
  const query = preparedOn(db, 'officer_names_of', (on, name) =>
    on
      .select({ id: officers.id, firstName: officers.firstName, surname: officers.surname })
      .from(officers)
      .where(sql`${officers.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare(name),
  );
  const rows = await query.execute({ ids: wanted });
  return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.surname}`]));
}
