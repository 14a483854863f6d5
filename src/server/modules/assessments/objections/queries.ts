import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AssessmentKind, ObjectionStatus } from '../../../../shared/assessments';
import type { Db } from '../../../db/client';
import { assessments, objections, officers, taxpayers } from '../../../db/schema';

/** The objections' SQL. */

export type ObjectionRow = typeof objections.$inferSelect;
export type NewObjectionRow = typeof objections.$inferInsert;

const objectionColumns = {
  objection: objections,
  noticeNumber: assessments.noticeNumber,
  btin: assessments.btin,
  kind: assessments.kind,
  taxpayerName: taxpayers.displayName,
  createdByUsername: officers.username,
};

function selectObjectionRows(db: Db) {
  return db
    .select(objectionColumns)
    .from(objections)
    .innerJoin(assessments, eq(assessments.id, objections.assessmentId))
    .innerJoin(taxpayers, eq(taxpayers.btin, assessments.btin))
    .leftJoin(officers, eq(officers.id, objections.createdBy));
}

export type ObjectionViewRow = Awaited<ReturnType<typeof selectObjectionRows>>[number];

export async function selectObjectionsOf(db: Db, assessmentIds: readonly string[]) {
  return selectObjectionRows(db)
    .where(inArray(objections.assessmentId, [...assessmentIds]))
    .orderBy(asc(objections.filedAt));
}

export async function selectObjectionView(db: Db, id: string) {
  const [row] = await selectObjectionRows(db).where(eq(objections.id, id)).limit(1);
  return row ?? null;
}

function whereOf(filter: {
  status?: ObjectionStatus;
  kinds: readonly AssessmentKind[];
}): SQL | undefined {
  return and(
    filter.kinds.length ? inArray(assessments.kind, [...filter.kinds]) : sql`false`,
    filter.status ? eq(objections.status, filter.status) : undefined,
  );
}

/**
 * Open objections first (they wait for an answer), then by answer date: the ones closest to
 * their 90 days come on top.
 */
export async function selectObjections(
  db: Db,
  filter: { status?: ObjectionStatus; kinds: readonly AssessmentKind[] },
  window: { limit: number; offset: number },
) {
  return selectObjectionRows(db)
    .where(whereOf(filter))
    .orderBy(sql`${objections.status} <> 'open'`, asc(objections.answerDueDate), asc(objections.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countObjections(
  db: Db,
  filter: { status?: ObjectionStatus; kinds: readonly AssessmentKind[] },
) {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(objections)
    .innerJoin(assessments, eq(assessments.id, objections.assessmentId))
    .where(whereOf(filter));
  return Number(row?.count ?? 0);
}

export async function findObjectionForUpdate(tx: Db, id: string): Promise<ObjectionRow | null> {
  const [row] = await tx.select().from(objections).where(eq(objections.id, id)).for('update');
  return row ?? null;
}

export async function insertObjection(tx: Db, row: NewObjectionRow): Promise<ObjectionRow> {
  const [inserted] = await tx.insert(objections).values(row).returning();
  if (!inserted) throw new Error('insert into objections returned nothing');
  return inserted;
}

export async function updateObjection(
  tx: Db,
  id: string,
  change: Partial<NewObjectionRow>,
): Promise<ObjectionRow> {
  const [row] = await tx
    .update(objections)
    .set({ ...change, version: sql`${objections.version} + 1` })
    .where(eq(objections.id, id))
    .returning();
  if (!row) throw new Error(`objection ${id} vanished inside its own transaction`);
  return row;
}
