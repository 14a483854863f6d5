import { and, asc, count, desc, eq, inArray, type SQL, sum } from 'drizzle-orm';
import type { SscCategory, SscScheduleStatus, SscSort } from '../../../shared/ssc/enums';
import type { SscRate } from '../../../shared/ssc/levy';
import type { Db } from '../../db/client';
import { mdas, payments, sscRates, sscScheduleRows, sscSchedules } from '../../db/schema';

/** The only file of the SSC module that talks to Drizzle (docs/architecture.md §2). */

export async function selectSscRates(db: Db): Promise<SscRate[]> {
  return db
    .select({
      category: sscRates.category,
      gradeFrom: sscRates.gradeFrom,
      gradeTo: sscRates.gradeTo,
      rateBps: sscRates.rateBps,
      effectiveFrom: sscRates.effectiveFrom,
      isDemo: sscRates.isDemo,
    })
    .from(sscRates)
    .orderBy(asc(sscRates.category), asc(sscRates.effectiveFrom), asc(sscRates.gradeFrom));
}

export type SscScheduleRow = typeof sscSchedules.$inferSelect;
export type NewSscScheduleRow = typeof sscSchedules.$inferInsert;
export type NewSscRowRow = Omit<typeof sscScheduleRows.$inferInsert, 'scheduleId'>;

/** The month's schedule of an MDA and category, locked for the transaction that replaces it. */
export async function findScheduleOfMonthForUpdate(
  tx: Db,
  key: { mdaId: string; category: SscCategory; month: string },
): Promise<SscScheduleRow | null> {
  const [row] = await tx
    .select()
    .from(sscSchedules)
    .where(
      and(
        eq(sscSchedules.mdaId, key.mdaId),
        eq(sscSchedules.category, key.category),
        eq(sscSchedules.month, key.month),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function findScheduleForUpdate(tx: Db, id: string): Promise<SscScheduleRow | null> {
  const [row] = await tx.select().from(sscSchedules).where(eq(sscSchedules.id, id)).for('update');
  return row ?? null;
}

export async function insertSchedule(tx: Db, row: NewSscScheduleRow): Promise<SscScheduleRow> {
  const [inserted] = await tx.insert(sscSchedules).values(row).returning();
  if (!inserted) throw new Error('the schedule was not inserted');
  return inserted;
}

export async function updateSchedule(
  tx: Db,
  id: string,
  change: Partial<NewSscScheduleRow>,
): Promise<SscScheduleRow> {
  const [updated] = await tx
    .update(sscSchedules)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(sscSchedules.id, id))
    .returning();
  if (!updated) throw new Error(`schedule ${id} was not updated`);
  return updated;
}

/** Writes a schedule's rows, the ones before it (a replaced schedule's) deleted first. */
export async function replaceScheduleRows(
  tx: Db,
  scheduleId: string,
  rows: readonly NewSscRowRow[],
): Promise<void> {
  await tx.delete(sscScheduleRows).where(eq(sscScheduleRows.scheduleId, scheduleId));
  // 1,000 rows a statement keeps each under PostgreSQL's 65,535 parameters (9 columns a row).
  for (let i = 0; i < rows.length; i += 1_000) {
    await tx
      .insert(sscScheduleRows)
      .values(rows.slice(i, i + 1_000).map((row) => ({ ...row, scheduleId })));
  }
}

export type SscScheduleFilter = {
  category?: SscCategory | undefined;
  month?: string | undefined;
  mdaId?: string | undefined;
  status?: SscScheduleStatus | undefined;
  /** The actor's MDA scope (auth/mdaScope.ts); undefined for the whole state. */
  scope: SQL | undefined;
};

function whereOf(f: SscScheduleFilter): SQL | undefined {
  return and(
    f.category ? eq(sscSchedules.category, f.category) : undefined,
    f.month ? eq(sscSchedules.month, f.month) : undefined,
    f.mdaId ? eq(sscSchedules.mdaId, f.mdaId) : undefined,
    f.status ? eq(sscSchedules.status, f.status) : undefined,
    f.scope,
  );
}

const ORDER: Record<SscSort, SQL[]> = {
  '-month': [desc(sscSchedules.month), asc(mdas.name)],
  month: [asc(sscSchedules.month), asc(mdas.name)],
  '-levyKobo': [desc(sscSchedules.levyKobo)],
  levyKobo: [asc(sscSchedules.levyKobo)],
  mda: [asc(mdas.name), desc(sscSchedules.month)],
  '-mda': [desc(mdas.name), desc(sscSchedules.month)],
};

const listColumns = {
  schedule: sscSchedules,
  mdaCode: mdas.code,
  mdaName: mdas.name,
  rrr: payments.rrr,
};

export type SscScheduleListRow = {
  schedule: SscScheduleRow;
  mdaCode: string;
  mdaName: string;
  rrr: string | null;
};

export async function selectSchedulePage(
  db: Db,
  filter: SscScheduleFilter,
  sort: SscSort,
  limit: number,
  offset: number,
): Promise<SscScheduleListRow[]> {
  return db
    .select(listColumns)
    .from(sscSchedules)
    .innerJoin(mdas, eq(mdas.id, sscSchedules.mdaId))
    .leftJoin(payments, eq(payments.id, sscSchedules.paymentId))
    .where(whereOf(filter))
    .orderBy(...ORDER[sort], asc(sscSchedules.id))
    .limit(limit)
    .offset(offset);
}

export async function selectScheduleTotals(db: Db, filter: SscScheduleFilter) {
  const [row] = await db
    .select({
      schedules: count(),
      staff: sum(sscSchedules.staffCount),
      grossKobo: sum(sscSchedules.grossKobo),
      levyKobo: sum(sscSchedules.levyKobo),
    })
    .from(sscSchedules)
    .where(whereOf(filter));
  return {
    schedules: row?.schedules ?? 0,
    staff: Number(row?.staff ?? 0),
    grossKobo: Number(row?.grossKobo ?? 0),
    levyKobo: Number(row?.levyKobo ?? 0),
  };
}

export async function selectScheduleById(db: Db, id: string): Promise<SscScheduleListRow | null> {
  const [row] = await db
    .select(listColumns)
    .from(sscSchedules)
    .innerJoin(mdas, eq(mdas.id, sscSchedules.mdaId))
    .leftJoin(payments, eq(payments.id, sscSchedules.paymentId))
    .where(eq(sscSchedules.id, id));
  return row ?? null;
}

export async function selectScheduleRows(db: Db, scheduleId: string) {
  return db
    .select()
    .from(sscScheduleRows)
    .where(eq(sscScheduleRows.scheduleId, scheduleId))
    .orderBy(asc(sscScheduleRows.line));
}

/** "<MDA code> SSC <month>" for each schedule id, as the payment export names its subject. */
export async function selectScheduleReferences(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({ id: sscSchedules.id, code: mdas.code, month: sscSchedules.month })
    .from(sscSchedules)
    .innerJoin(mdas, eq(mdas.id, sscSchedules.mdaId))
    .where(inArray(sscSchedules.id, uuids));
  return new Map(rows.map((r) => [r.id, `SSC ${r.code} ${r.month}`]));
}
