import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AssessmentKind, AssessmentSort } from '../../../shared/assessments';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like';
import {
  assessmentNoticeCounters,
  assessments,
  auditEvents,
  officers,
  payments,
  taxpayers,
  tradeCategories,
} from '../../db/schema';

/** The assessments' SQL. Rules live in the services; this file only reads and writes. */

export type AssessmentRow = typeof assessments.$inferSelect;
export type NewAssessmentRow = typeof assessments.$inferInsert;
export type TradeCategoryRow = typeof tradeCategories.$inferSelect;

const creator = alias(officers, 'assessment_creator');
const issuer = alias(officers, 'assessment_issuer');

const nameOf = (o: { id: AnyColumn; firstName: AnyColumn; surname: AnyColumn }) =>
  sql<
    string | null
  >`case when ${o.id} is null then null else ${o.firstName} || ' ' || ${o.surname} end`;

const viewColumns = {
  assessment: assessments,
  taxpayerName: taxpayers.displayName,
  taxpayerLgaId: taxpayers.lgaId,
  createdByName: nameOf(creator),
  issuedByName: nameOf(issuer),
  tradeCategoryName: tradeCategories.name,
  openObjection: sql<{
    id: string;
    status: 'open';
    filedAt: string;
    answerDueDate: string;
    disputedKobo: number;
  } | null>`(select json_build_object('id', o.id, 'status', o.status, 'filedAt', o.filed_at, 'answerDueDate', o.answer_due_date, 'disputedKobo', o.disputed_kobo) from objections o where o.assessment_id = ${assessments.id} and o.status = 'open' limit 1)`,
};

function selectViewRows(db: Db) {
  return db
    .select(viewColumns)
    .from(assessments)
    .innerJoin(taxpayers, eq(taxpayers.btin, assessments.btin))
    .leftJoin(creator, eq(creator.id, assessments.createdBy))
    .leftJoin(issuer, eq(issuer.id, assessments.issuedBy))
    .leftJoin(tradeCategories, eq(tradeCategories.id, assessments.tradeCategoryId));
}

export type AssessmentViewRow = Awaited<ReturnType<typeof selectViewRows>>[number];

export async function selectAssessmentView(db: Db, id: string): Promise<AssessmentViewRow | null> {
  const [row] = await selectViewRows(db).where(eq(assessments.id, id)).limit(1);
  return row ?? null;
}

export async function findAssessmentForUpdate(tx: Db, id: string): Promise<AssessmentRow | null> {
  const [row] = await tx.select().from(assessments).where(eq(assessments.id, id)).for('update');
  return row ?? null;
}

export async function insertAssessment(tx: Db, row: NewAssessmentRow): Promise<AssessmentRow> {
  const [inserted] = await tx.insert(assessments).values(row).returning();
  if (!inserted) throw new Error('insert into assessments returned nothing');
  return inserted;
}

export async function updateAssessment(
  tx: Db,
  id: string,
  change: Partial<NewAssessmentRow>,
): Promise<AssessmentRow> {
  const [row] = await tx
    .update(assessments)
    .set({ ...change, version: sql`${assessments.version} + 1`, updatedAt: new Date() })
    .where(eq(assessments.id, id))
    .returning();
  if (!row) throw new Error(`assessment ${id} vanished inside its own transaction`);
  return row;
}

/** The next notice sequence of the year and kind; the counter row stays locked until commit. */
export async function takeNoticeSequence(
  tx: Db,
  year: number,
  kind: AssessmentKind,
): Promise<number> {
  const [row] = await tx
    .insert(assessmentNoticeCounters)
    .values({ year, kind, lastSequence: 1 })
    .onConflictDoUpdate({
      target: [assessmentNoticeCounters.year, assessmentNoticeCounters.kind],
      set: { lastSequence: sql`${assessmentNoticeCounters.lastSequence} + 1` },
    })
    .returning({ lastSequence: assessmentNoticeCounters.lastSequence });
  if (!row) throw new Error('assessment_notice_counters upsert returned nothing');
  return row.lastSequence;
}

/** The standing assessment of a taxpayer, year and kind (at most one: assessments_standing_key). */
export async function findStandingAssessment(
  db: Db,
  btin: string,
  taxYear: number,
  kind: AssessmentKind,
): Promise<AssessmentRow | null> {
  const [row] = await db
    .select()
    .from(assessments)
    .where(
      and(
        eq(assessments.btin, btin),
        eq(assessments.taxYear, taxYear),
        eq(assessments.kind, kind),
        inArray(assessments.status, ['issued', 'part_paid', 'paid', 'objected']),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function selectTradeCategory(db: Db, id: string): Promise<TradeCategoryRow | null> {
  const [row] = await db.select().from(tradeCategories).where(eq(tradeCategories.id, id)).limit(1);
  return row ?? null;
}

/** The ids of an assessment's revision chain: itself and every assessment it revised, transitively. */
export async function selectRevisionChain(db: Db, id: string): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive chain(id, revision_of, depth) as (
      select id, revision_of, 0 from assessments where id = ${id}
      union all
      select a.id, a.revision_of, c.depth + 1 from assessments a join chain c on a.id = c.revision_of
      where c.depth < 50
    )
    select id from chain`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/** The sum of the paid ledger rows linked to any of these assessments. */
export async function sumPaidPayments(db: Db, assessmentIds: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ paid: sql<string>`coalesce(sum(${payments.amountKobo}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.subjectKind, 'assessment'),
        inArray(payments.subjectId, [...assessmentIds]),
        eq(payments.status, 'paid'),
      ),
    );
  return Number(row?.paid ?? 0);
}

export async function selectLinkedPayments(db: Db, assessmentIds: readonly string[]) {
  return db
    .select({
      id: payments.id,
      rrr: payments.rrr,
      receiptNumber: payments.receiptNumber,
      amountKobo: payments.amountKobo,
      status: payments.status,
      paidAt: payments.paidAt,
      channel: payments.channel,
      mdaId: payments.mdaId,
      assessmentId: payments.subjectId,
    })
    .from(payments)
    .where(
      and(eq(payments.subjectKind, 'assessment'), inArray(payments.subjectId, [...assessmentIds])),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** The notice numbers of these assessments (a draft has none), for exports (ADR 0028). */
export async function selectNoticeNumbers(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: assessments.id, noticeNumber: assessments.noticeNumber })
    .from(assessments)
    .where(and(inArray(assessments.id, [...ids]), isNotNull(assessments.noticeNumber)));
  return new Map(rows.flatMap((r) => (r.noticeNumber ? [[r.id, r.noticeNumber] as const] : [])));
}

/**
 * The assessment's audit rows, oldest first, with the officer's name (people are named, not by
 * username) and, for a bill raised or cancelled, the bill's RRR as the ledger holds it now.
 */
export async function selectAssessmentHistory(db: Db, id: string) {
  return db
    .select({
      action: auditEvents.action,
      occurredAt: auditEvents.occurredAt,
      actorUsername: auditEvents.actorUsername,
      actorName: sql<string | null>`${officers.firstName} || ' ' || ${officers.surname}`,
      billRrr: payments.rrr,
    })
    .from(auditEvents)
    .leftJoin(officers, eq(officers.id, auditEvents.actorId))
    .leftJoin(payments, sql`${payments.id} = (${auditEvents.after}->>'paymentId')::uuid`)
    .where(and(eq(auditEvents.entityType, 'assessment'), eq(auditEvents.entityId, id)))
    .orderBy(asc(auditEvents.occurredAt))
    .limit(200);
}

/** Officers who created an assessment of these kinds, by name (the list's officer filter). */
export async function selectAssessingOfficers(
  db: Db,
  kinds: readonly AssessmentKind[],
): Promise<{ id: string; name: string }[]> {
  if (!kinds.length) return [];
  return db
    .select({
      id: officers.id,
      name: sql<string>`${officers.firstName} || ' ' || ${officers.surname}`,
    })
    .from(officers)
    .where(
      inArray(
        officers.id,
        db
          .selectDistinct({ id: assessments.createdBy })
          .from(assessments)
          .where(inArray(assessments.kind, [...kinds])),
      ),
    )
    .orderBy(asc(officers.firstName), asc(officers.surname), asc(officers.id));
}

export type AssessmentFilter = {
  kinds: readonly AssessmentKind[];
  search?: string;
  kind?: AssessmentKind;
  taxYear?: number;
  status?: AssessmentRow['status'];
  source?: AssessmentRow['source'];
  btin?: string;
  createdBy?: string;
  lgaId?: number;
  /** Lagos days, both ends included. */
  issuedFrom?: string;
  issuedTo?: string;
};

const lagosDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

function whereOf(f: AssessmentFilter): SQL | undefined {
  const term = f.search?.trim();
  return and(
    f.kinds.length ? inArray(assessments.kind, [...f.kinds]) : sql`false`,
    f.kind ? eq(assessments.kind, f.kind) : undefined,
    f.taxYear ? eq(assessments.taxYear, f.taxYear) : undefined,
    f.status ? eq(assessments.status, f.status) : undefined,
    f.source ? eq(assessments.source, f.source) : undefined,
    f.btin ? eq(assessments.btin, f.btin) : undefined,
    f.createdBy ? eq(assessments.createdBy, f.createdBy) : undefined,
    f.lgaId ? eq(taxpayers.lgaId, f.lgaId) : undefined,
    f.issuedFrom ? gte(assessments.issuedAt, lagosDayStart(f.issuedFrom)) : undefined,
    f.issuedTo
      ? lt(assessments.issuedAt, sql`${lagosDayStart(f.issuedTo)} + interval '1 day'`)
      : undefined,
    term
      ? /^\d{10}$/.test(term)
        ? eq(assessments.btin, term)
        : or(
            eq(assessments.noticeNumber, term.toUpperCase()),
            // The taxpayers' trigram index on display_name serves a "contains" search.
            ilike(taxpayers.displayName, `%${escapeLike(term)}%`),
          )
      : undefined,
  );
}

const SORTS = {
  createdAt: [asc(assessments.createdAt), asc(assessments.id)],
  '-createdAt': [desc(assessments.createdAt), desc(assessments.id)],
  taxYear: [asc(assessments.taxYear), asc(assessments.createdAt), asc(assessments.id)],
  '-taxYear': [desc(assessments.taxYear), desc(assessments.createdAt), desc(assessments.id)],
  taxKobo: [asc(assessments.taxKobo), asc(assessments.id)],
  '-taxKobo': [desc(assessments.taxKobo), desc(assessments.id)],
  issuedAt: [sql`${assessments.issuedAt} asc nulls last`, asc(assessments.id)],
  '-issuedAt': [sql`${assessments.issuedAt} desc nulls last`, desc(assessments.id)],
} satisfies Record<AssessmentSort, SQL[]>;

export async function selectAssessments(
  db: Db,
  filter: AssessmentFilter,
  window: { sort: AssessmentSort; limit: number; offset: number },
) {
  return selectViewRows(db)
    .where(whereOf(filter))
    .orderBy(...SORTS[window.sort])
    .limit(window.limit)
    .offset(window.offset);
}

/**
 * Count and sums of the filtered set: tax assessed (standing assessments only: a draft, a
 * revised and a cancelled one assess nothing), paid (a revised one's payments count in its
 * revision, which carries them), and tax outstanding (what is still owed).
 */
export async function selectAssessmentTotals(db: Db, filter: AssessmentFilter) {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      taxKobo: sql<string>`coalesce(sum(${assessments.taxKobo}) filter (where ${assessments.status} in ('issued', 'part_paid', 'paid', 'objected')), 0)`,
      paidKobo: sql<string>`coalesce(sum(${assessments.paidKobo}) filter (where ${assessments.status} <> 'revised'), 0)`,
      outstandingKobo: sql<string>`coalesce(sum(greatest(${assessments.taxKobo} - ${assessments.paidKobo}, 0)) filter (where ${assessments.status} in ('issued', 'part_paid', 'objected')), 0)`,
    })
    .from(assessments)
    .innerJoin(taxpayers, eq(taxpayers.btin, assessments.btin))
    .where(whereOf(filter));
  return {
    count: Number(row?.count ?? 0),
    taxKobo: Number(row?.taxKobo ?? 0),
    paidKobo: Number(row?.paidKobo ?? 0),
    outstandingKobo: Number(row?.outstandingKobo ?? 0),
  };
}
