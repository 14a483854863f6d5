import { and, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { addDays, todayInLagos } from '../../../../shared/dates';
import { splitIntoMonths } from '../../../../shared/monthSplit';
import type { PaymentChannel } from '../../../../shared/payments';
import { type MdaScope, whereInMdaScope } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { collectionDailyTotals, collectionMonthlyTotals } from '../../../db/schema';

/**
 * The one read of the collection totals (ADR 0034) every report, dashboard and work figure
 * goes through, so the same period gives the same figure everywhere (docs/reports.md): money
 * paid in a period of Lagos days, net of reversals on the day they were made, grouped by the
 * dimensions a report asks for. Whole months are read from collection_monthly_totals, the days
 * at the period's ends from collection_daily_totals (by day only when a report groups by day),
 * the shards added up. Never the payments table. A period running to today or later reads the
 * month in progress from the monthly table too: nothing moves on a day after today (a payment
 * is dated when it is paid, a reversal when it is made), so that month's row already holds the
 * month to date, one row a key where the days would be one a key a day (docs/reports.md).
 */

/** What a report may group the totals by. `month` is the first day of a Lagos month. */
export const TOTALS_DIMENSIONS = [
  'mda',
  'revenueHead',
  'channel',
  'subjectKind',
  'type',
  'month',
  'day',
] as const;
export type TotalsDimension = (typeof TOTALS_DIMENSIONS)[number];

/** The period (Lagos days, both ends included), the MDAs the reader may see, and narrowing. */
export type TotalsFilter = {
  from: string;
  to: string;
  scope: MdaScope;
  mdaIds?: readonly string[] | undefined;
  channel?: PaymentChannel | undefined;
  revenueHeadCodes?: readonly string[] | undefined;
  subjectKinds?: readonly string[] | undefined;
  /** The Lagos day the read takes as today (the tests set it); todayInLagos() when absent. */
  today?: string | undefined;
};

/** The last day of `day`'s month. */
function lastOfMonth(day: string): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return addDays(date.toISOString().slice(0, 10), -1);
}

/**
 * One group's net total. Only the dimensions grouped by are set; '' stands for "none" in
 * revenueHead, subjectKind and type (a key column cannot hold a null, ADR 0034).
 */
export type TotalsRow = {
  mdaId?: string;
  revenueHeadCode?: string;
  channel?: PaymentChannel;
  subjectKind?: string;
  type?: string;
  month?: string;
  day?: string;
  paymentCount: number;
  amountKobo: number;
};

type Table = typeof collectionDailyTotals | typeof collectionMonthlyTotals;

/** Each dimension's column in either table; the month of a daily row is its day's month. */
function dimensionSql(t: Table, dimension: TotalsDimension): SQL {
  switch (dimension) {
    case 'mda':
      return sql`${t.mdaId}`;
    case 'revenueHead':
      return sql`${t.revenueHeadCode}`;
    case 'channel':
      return sql`${t.channel}`;
    case 'subjectKind':
      return sql`${t.subjectKind}`;
    case 'type':
      return sql`${t.type}`;
    case 'month':
      return t === collectionMonthlyTotals
        ? sql`${collectionMonthlyTotals.month}`
        : sql`date_trunc('month', ${collectionDailyTotals.day})::date`;
    case 'day':
      return sql`${collectionDailyTotals.day}`;
  }
}

/** The column name each dimension takes in the union and in the answer. */
const ALIAS: Record<TotalsDimension, string> = {
  mda: 'mda_id',
  revenueHead: 'revenue_head_code',
  channel: 'channel',
  subjectKind: 'subject_kind',
  type: 'type',
  month: 'month',
  day: 'day',
};

/**
 * The period's net totals grouped by `groupBy` (none: one row, the period's total; no row when
 * nothing moved). Groups whose movements cancel out (paid and reversed within the period) are
 * left out.
 */
export async function selectCollectionTotals(
  db: Db,
  filter: TotalsFilter,
  groupBy: readonly TotalsDimension[],
): Promise<TotalsRow[]> {
  const dims = [...new Set(groupBy)];
  // Nothing is dated after today, so a period reaching today may as well reach the end of
  // today's month: the split then takes that month whole from the monthly table when the period
  // starts on or before its first day (a year to date, a trend to today), not day by day.
  const today = filter.today ?? todayInLagos();
  const to = filter.to >= today && filter.to < lastOfMonth(today) ? lastOfMonth(today) : filter.to;
  // A day-by-day answer cannot come from whole months: read every day of the period.
  const split = dims.includes('day')
    ? { months: null, days: [{ from: filter.from, to: filter.to }] }
    : splitIntoMonths(filter.from, to);
  const common = (t: Table) =>
    and(
      whereInMdaScope(filter.scope, t.mdaId),
      filter.mdaIds ? inArray(t.mdaId, [...filter.mdaIds]) : undefined,
      filter.channel ? eq(t.channel, filter.channel) : undefined,
      filter.revenueHeadCodes
        ? inArray(t.revenueHeadCode, [...filter.revenueHeadCodes])
        : undefined,
      filter.subjectKinds ? inArray(t.subjectKind, [...filter.subjectKinds]) : undefined,
    );
  const select = (t: Table) =>
    sql.join(
      [
        ...dims.map((d) => sql`${dimensionSql(t, d)} as ${sql.identifier(ALIAS[d])}`),
        sql`${t.paymentCount} as n`,
        sql`${t.amountKobo} as a`,
      ],
      sql`, `,
    );

  const parts: SQL[] = [];
  if (split.months) {
    const m = collectionMonthlyTotals;
    const where = and(
      split.months.from ? gte(m.month, split.months.from) : undefined,
      split.months.before ? lt(m.month, split.months.before) : undefined,
      common(m),
    );
    parts.push(sql`select ${select(m)} from ${m} where ${where ?? sql`true`}`);
  }
  if (split.days.length > 0) {
    const d = collectionDailyTotals;
    const inDays = or(...split.days.map((r) => and(gte(d.day, r.from), lte(d.day, r.to))));
    parts.push(sql`select ${select(d)} from ${d} where ${and(inDays, common(d))}`);
  }
  if (parts.length === 0) return [];

  const keys = dims.map((d) => sql`rollup.${sql.identifier(ALIAS[d])}`);
  const query = sql`select ${sql.join(
    [
      ...keys.map(
        (k, i) => sql`${k}::text as ${sql.identifier(ALIAS[dims[i] as TotalsDimension])}`,
      ),
      sql`sum(rollup.n)::text as n`,
      sql`sum(rollup.a)::text as a`,
    ],
    sql`, `,
  )} from (${sql.join(parts, sql` union all `)}) as rollup${
    keys.length > 0 ? sql` group by ${sql.join(keys, sql`, `)}` : sql``
  } having sum(rollup.n) <> 0 or sum(rollup.a) <> 0`;

  const result = (await db.execute(query)) as unknown as { rows: Record<string, string>[] };
  return result.rows.map((r) => {
    const row: TotalsRow = { paymentCount: Number(r.n), amountKobo: Number(r.a) };
    if (r.mda_id !== undefined) row.mdaId = r.mda_id;
    if (r.revenue_head_code !== undefined) row.revenueHeadCode = r.revenue_head_code;
    if (r.channel !== undefined) row.channel = r.channel as PaymentChannel;
    if (r.subject_kind !== undefined) row.subjectKind = r.subject_kind;
    if (r.type !== undefined) row.type = r.type;
    if (r.month !== undefined) row.month = r.month;
    if (r.day !== undefined) row.day = r.day;
    return row;
  });
}
