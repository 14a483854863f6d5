import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type {
  DemandNoticeFilters,
  DemandNoticeSort,
  DemandNoticeViewStatus,
} from '../../../shared/demandNotices';
import { splitIntoMonths } from '../../../shared/monthSplit';
import type { MdaScope } from '../../auth/mdaScope';
import { whereInMdaScope } from '../../auth/mdaScope';
import type { Db } from '../../db/client';
import {
  demandNoticeDailyTotals,
  demandNoticeLines,
  demandNoticeMonthlyTotals,
  demandNotices,
  mdaRevenueHeads,
  mdas,
  payments,
} from '../../db/schema';

/** The only file of this module that talks to Drizzle (docs/architecture.md §2). */

export type DemandNoticeRow = typeof demandNotices.$inferSelect;
export type NewDemandNoticeRow = typeof demandNotices.$inferInsert;
export type NewDemandNoticeLineRow = typeof demandNoticeLines.$inferInsert;

/** The next notice number's sequence value (drawn before the bill's transaction; gaps are harmless). */
export async function nextNoticeSequence(db: Db): Promise<number> {
  const result = (await db.execute(sql`select nextval('demand_notice_number_seq') as seq`)) as {
    rows: { seq: string | number }[];
  };
  const seq = result.rows[0]?.seq;
  if (seq === undefined) throw new Error('demand_notice_number_seq gave nothing');
  return Number(seq);
}

export async function insertDemandNotice(
  tx: Db,
  notice: NewDemandNoticeRow,
  lines: Omit<NewDemandNoticeLineRow, 'demandNoticeId'>[],
): Promise<DemandNoticeRow> {
  const [row] = await tx.insert(demandNotices).values(notice).returning();
  if (!row) throw new Error('insert into demand_notices returned nothing');
  await tx.insert(demandNoticeLines).values(lines.map((l) => ({ ...l, demandNoticeId: row.id })));
  return row;
}

export async function findDemandNoticeForUpdate(tx: Db, id: string) {
  const [row] = await tx.select().from(demandNotices).where(eq(demandNotices.id, id)).for('update');
  return row ?? null;
}

export async function updateDemandNotice(
  tx: Db,
  id: string,
  change: Partial<NewDemandNoticeRow>,
): Promise<DemandNoticeRow> {
  const [row] = await tx
    .update(demandNotices)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(demandNotices.id, id))
    .returning();
  if (!row) throw new Error(`demand notice ${id} vanished while it was updated`);
  return row;
}

/** The ledger's money on a notice: its paid payments (ADR 0028 subject), never an addition. */
export async function sumPaidForNotice(tx: Db, id: string): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<string>`coalesce(sum(${payments.amountKobo}), 0)` })
    .from(payments)
    .where(
      and(
        eq(payments.subjectKind, 'demand_notice'),
        eq(payments.subjectId, id),
        eq(payments.status, 'paid'),
      ),
    );
  return Number(row?.paid ?? 0);
}

/** The notice's bills, newest first (one: a notice's bill is cancelled only with the notice). */
export async function selectNoticeBills(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: payments.id,
      subjectId: payments.subjectId,
      rrr: payments.rrr,
      rrrRequestedAt: payments.rrrRequestedAt,
      status: payments.status,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.subjectKind, 'demand_notice'), inArray(payments.subjectId, [...ids])))
    .orderBy(desc(payments.createdAt));
}

/** The notice's bills still waiting for money (cancelled with the notice). */
export async function selectPendingBillIds(tx: Db, id: string): Promise<string[]> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.subjectKind, 'demand_notice'),
        eq(payments.subjectId, id),
        eq(payments.status, 'pending'),
      ),
    );
  return rows.map((r) => r.id);
}

export async function selectNoticeLines(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      demandNoticeId: demandNoticeLines.demandNoticeId,
      position: demandNoticeLines.position,
      revenueHeadCode: demandNoticeLines.revenueHeadCode,
      revenueHeadName: mdaRevenueHeads.name,
      description: demandNoticeLines.description,
      quantity: demandNoticeLines.quantity,
      unitAmountKobo: demandNoticeLines.unitAmountKobo,
      amountKobo: demandNoticeLines.amountKobo,
    })
    .from(demandNoticeLines)
    .innerJoin(demandNotices, eq(demandNotices.id, demandNoticeLines.demandNoticeId))
    .leftJoin(
      mdaRevenueHeads,
      and(
        eq(mdaRevenueHeads.mdaId, demandNotices.mdaId),
        eq(mdaRevenueHeads.code, demandNoticeLines.revenueHeadCode),
      ),
    )
    .where(inArray(demandNoticeLines.demandNoticeId, [...ids]))
    .orderBy(asc(demandNoticeLines.demandNoticeId), asc(demandNoticeLines.position));
}

/** The MDAs other than `mdaId` that have a revenue head with this code (a line on another MDA's head). */
export async function selectOtherMdasWithHead(db: Db, mdaId: string, code: string) {
  return db
    .select({ id: mdas.id, name: mdas.name })
    .from(mdaRevenueHeads)
    .innerJoin(mdas, eq(mdas.id, mdaRevenueHeads.mdaId))
    .where(and(eq(mdaRevenueHeads.code, code), ne(mdaRevenueHeads.mdaId, mdaId)));
}

const noticeColumns = {
  notice: demandNotices,
  mdaCode: mdas.code,
  mdaName: mdas.name,
};

export type DemandNoticeListRow = {
  notice: DemandNoticeRow;
  mdaCode: string;
  mdaName: string;
};

export async function selectDemandNoticeById(db: Db, id: string) {
  const [row] = await db
    .select(noticeColumns)
    .from(demandNotices)
    .innerJoin(mdas, eq(mdas.id, demandNotices.mdaId))
    .where(eq(demandNotices.id, id));
  return row ?? null;
}

export async function selectDemandNoticeByPublicCode(db: Db, code: string) {
  const [row] = await db
    .select(noticeColumns)
    .from(demandNotices)
    .innerJoin(mdas, eq(mdas.id, demandNotices.mdaId))
    .where(eq(demandNotices.publicCode, code));
  return row ?? null;
}

/** The two facts the bare number's public check compares (ADR 0032): nothing else is read. */
export async function selectDemandNoticeStanding(db: Db, number: string) {
  const [row] = await db
    .select({ status: demandNotices.status, totalKobo: demandNotices.totalKobo })
    .from(demandNotices)
    .where(eq(demandNotices.number, number));
  return row ?? null;
}

/** `<number>` of each notice id, for exports of payments (ADR 0028 referencesOf). */
export async function selectDemandNoticeNumbers(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, string>> {
  // Ids come from payments.subject_id (text): only well-formed uuids can name a notice.
  const uuids = ids.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (uuids.length === 0) return new Map();
  const rows = await db
    .select({ id: demandNotices.id, number: demandNotices.number })
    .from(demandNotices)
    .where(inArray(demandNotices.id, uuids));
  return new Map(rows.map((r) => [r.id, r.number]));
}

/** Standing and unpaid: what reads `overdue` once its due date has passed. */
const OPEN = sql`${demandNotices.status} in ('issued', 'part_paid')`;

/** The status a notice reads as on `today` (shared demandNoticeViewStatus, in SQL). */
function viewStatusSql(today: string): SQL<DemandNoticeViewStatus> {
  return sql<DemandNoticeViewStatus>`case when ${OPEN} and ${demandNotices.dueOn} < ${today} then 'overdue' else ${demandNotices.status}::text end`;
}

function whereStatus(status: DemandNoticeViewStatus, today: string): SQL | undefined {
  if (status === 'overdue') return and(OPEN, lt(demandNotices.dueOn, today));
  if (status === 'issued' || status === 'part_paid') {
    return and(eq(demandNotices.status, status), gte(demandNotices.dueOn, today));
  }
  return eq(demandNotices.status, status);
}

export type NoticeFilter = DemandNoticeFilters & { scope: MdaScope; today: string };

function whereOf(filter: NoticeFilter, withStatus = true): SQL | undefined {
  const payer = filter.payer?.trim();
  return and(
    whereInMdaScope(filter.scope, demandNotices.mdaId),
    filter.mdaId ? eq(demandNotices.mdaId, filter.mdaId) : undefined,
    filter.revenueHeadCode
      ? sql`exists (select 1 from ${demandNoticeLines} where ${demandNoticeLines.demandNoticeId} = ${demandNotices.id} and ${demandNoticeLines.revenueHeadCode} = ${filter.revenueHeadCode})`
      : undefined,
    withStatus && filter.status ? whereStatus(filter.status, filter.today) : undefined,
    filter.from ? gte(demandNotices.issuedOn, filter.from) : undefined,
    filter.to ? lte(demandNotices.issuedOn, filter.to) : undefined,
    payer
      ? or(
          eq(demandNotices.btin, payer),
          ilike(demandNotices.payerName, `%${payer.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        )
      : undefined,
  );
}

const SORTS = {
  issuedOn: [asc(demandNotices.issuedOn), asc(demandNotices.number)],
  '-issuedOn': [desc(demandNotices.issuedOn), desc(demandNotices.number)],
  dueOn: [asc(demandNotices.dueOn), asc(demandNotices.number)],
  '-dueOn': [desc(demandNotices.dueOn), desc(demandNotices.number)],
  total: [asc(demandNotices.totalKobo), asc(demandNotices.number)],
  '-total': [desc(demandNotices.totalKobo), desc(demandNotices.number)],
  number: [asc(demandNotices.number)],
  '-number': [desc(demandNotices.number)],
} satisfies Record<DemandNoticeSort, SQL[]>;

export async function selectDemandNotices(
  db: Db,
  filter: NoticeFilter,
  page: { sort: DemandNoticeSort; limit: number; offset: number },
): Promise<DemandNoticeListRow[]> {
  return db
    .select(noticeColumns)
    .from(demandNotices)
    .innerJoin(mdas, eq(mdas.id, demandNotices.mdaId))
    .where(whereOf(filter))
    .orderBy(...SORTS[page.sort], asc(demandNotices.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * The filtered set's count and money: billed is what standing notices ask (a cancelled one asks
 * nothing), paid is every notice's ledger sum (paid_kobo, kept by the settlement), outstanding
 * is billed less paid notice by notice.
 */
export async function selectDemandNoticeTotals(db: Db, filter: NoticeFilter) {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      billedKobo: sql<string>`coalesce(sum(${demandNotices.totalKobo}) filter (where ${demandNotices.status} <> 'cancelled'), 0)`,
      paidKobo: sql<string>`coalesce(sum(${demandNotices.paidKobo}), 0)`,
      outstandingKobo: sql<string>`coalesce(sum(greatest(${demandNotices.totalKobo} - ${demandNotices.paidKobo}, 0)) filter (where ${demandNotices.status} <> 'cancelled'), 0)`,
    })
    .from(demandNotices)
    .where(whereOf(filter));
  return {
    count: Number(row?.count ?? 0),
    billedKobo: Number(row?.billedKobo ?? 0),
    paidKobo: Number(row?.paidKobo ?? 0),
    outstandingKobo: Number(row?.outstandingKobo ?? 0),
  };
}

/** Notices per status the filter matches, the status filter itself left out (the chips' counts). */
export async function selectCountsByStatus(db: Db, filter: NoticeFilter) {
  const status = viewStatusSql(filter.today);
  const rows = await db
    .select({ status, count: sql<string>`count(*)` })
    .from(demandNotices)
    .where(whereOf(filter, false))
    // By position: the expression carries `today` as a parameter, and a second copy of it in
    // GROUP BY would be a different parameter that PostgreSQL does not see as the same column.
    .groupBy(sql`1`);
  const counts = { issued: 0, part_paid: 0, overdue: 0, paid: 0, cancelled: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

/** A group of notices' count and money, as the report's totals add them. */
export type NoticeSums = {
  count: number;
  totalKobo: number;
  paidKobo: number;
  outstandingKobo: number;
};

/** Whether the totals' rollup can answer this filter: it holds MDA, issue day and status only. */
export function rollupAnswers(filter: NoticeFilter): boolean {
  return !filter.revenueHeadCode && !filter.payer?.trim();
}

const sumsOf = (row: { n: string; t: string; p: string; o: string }): NoticeSums => ({
  count: Number(row.n),
  totalKobo: Number(row.t),
  paidKobo: Number(row.p),
  outstandingKobo: Number(row.o),
});

/**
 * The filter's notices per stored status from the demand notice totals (migration 0036), and
 * its open notices (issued, part paid) not yet due on `today` per status, in one statement so
 * both come from one snapshot (a notice issued meanwhile cannot count in one and not the other).
 *
 * The totals: whole months of issue from demand_notice_monthly_totals, the days at the period's
 * ends from demand_notice_daily_totals, the shards added up — at most MDAs × months × statuses
 * rows, whatever the number of notices. The open notices not yet due are read from the notices
 * through demand_notices_open_due_idx: only those still within their term, however long the
 * history; the rest of the open notices are the overdue ones (report.ts). The status filter is
 * left to the caller. Only for filters rollupAnswers.
 */
export async function selectNoticeSums(db: Db, filter: NoticeFilter) {
  const split = splitIntoMonths(filter.from, filter.to);
  const common = (t: typeof demandNoticeDailyTotals | typeof demandNoticeMonthlyTotals) =>
    and(
      whereInMdaScope(filter.scope, t.mdaId),
      filter.mdaId ? eq(t.mdaId, filter.mdaId) : undefined,
    );
  const columnsOf = (t: typeof demandNoticeDailyTotals | typeof demandNoticeMonthlyTotals) =>
    sql`'stored' as kind, ${t.status}::text as status, ${t.noticeCount} as n, ${t.totalKobo} as t, ${t.paidKobo} as p, ${t.outstandingKobo} as o`;
  const parts: SQL[] = [];
  if (split.months) {
    const m = demandNoticeMonthlyTotals;
    const where = and(
      split.months.from ? gte(m.month, split.months.from) : undefined,
      split.months.before ? lt(m.month, split.months.before) : undefined,
      common(m),
    );
    parts.push(sql`select ${columnsOf(m)} from ${m} where ${where ?? sql`true`}`);
  }
  if (split.days.length > 0) {
    const d = demandNoticeDailyTotals;
    const inDays = or(
      ...split.days.map((r) => and(gte(d.issuedOn, r.from), lte(d.issuedOn, r.to))),
    );
    parts.push(sql`select ${columnsOf(d)} from ${d} where ${and(inDays, common(d))}`);
  }
  const n = demandNotices;
  parts.push(
    sql`select 'not_yet_due' as kind, ${n.status}::text as status, 1 as n, ${n.totalKobo} as t, ${n.paidKobo} as p, greatest(${n.totalKobo} - ${n.paidKobo}, 0) as o from ${n} where ${and(OPEN, gte(n.dueOn, filter.today), whereOf(filter, false))}`,
  );
  const rows = await db
    .select({
      kind: sql<'stored' | 'not_yet_due'>`sums.kind`,
      status: sql<DemandNoticeRow['status']>`sums.status`,
      n: sql<string>`sum(sums.n)`,
      t: sql<string>`sum(sums.t)`,
      p: sql<string>`sum(sums.p)`,
      o: sql<string>`sum(sums.o)`,
    })
    .from(sql`(${sql.join(parts, sql` union all `)}) as sums`)
    .groupBy(sql`sums.kind, sums.status`);
  const stored = new Map<DemandNoticeRow['status'], NoticeSums>();
  const notYetDue = new Map<DemandNoticeRow['status'], NoticeSums>();
  for (const row of rows) (row.kind === 'stored' ? stored : notYetDue).set(row.status, sumsOf(row));
  return { stored, notYetDue };
}
