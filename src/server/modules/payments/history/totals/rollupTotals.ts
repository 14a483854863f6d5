import { and, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { splitIntoMonths } from '../../../../../shared/monthSplit';
import {
  type MdaScope,
  whereInMdaScope,
  whereInMdaScopeWithPlaceholders,
} from '../../../../auth/mdaScope';
import type { Db } from '../../../../db/client';
import { builtOnce } from '../../../../db/prepared';
import { paymentDailyTotals, paymentMonthlyTotals } from '../../../../db/schema';
import type { PaymentFilter } from '../queries';

/**
 * The same totals as selectPaymentTotals, from the rollups, for a filter of MDA scope, MDA,
 * status and dates only (isRollupFilter). Whole months come from payment_monthly_totals
 * (migration 0014) and the part-months at the ends of a date range from payment_daily_totals
 * (migration 0009), so the whole ledger's totals add up at most MDAs × months × statuses rows
 * and a range adds at most two months of days besides (ADR 0019).
 */
export async function selectPaymentTotalsFromRollup(
  db: Db,
  filter: PaymentFilter,
  scope: MdaScope,
) {
  if (!filter.startDate && !filter.endDate) return wholeLedgerTotals(db, filter, scope);
  const split = splitIntoMonths(filter.startDate, filter.endDate);
  const common = (t: typeof paymentDailyTotals | typeof paymentMonthlyTotals) =>
    and(
      whereInMdaScope(scope, t.mdaId),
      filter.mdaCode
        ? filter.mdaIdOfCode
          ? eq(t.mdaId, filter.mdaIdOfCode)
          : sql`false`
        : undefined,
      filter.status ? eq(t.status, filter.status) : undefined,
    );
  const parts: SQL[] = [];
  if (split.months) {
    const m = paymentMonthlyTotals;
    const where = and(
      common(m),
      split.months.from ? gte(m.month, split.months.from) : undefined,
      split.months.before ? lt(m.month, split.months.before) : undefined,
    );
    parts.push(
      sql`select ${m.status} as status, ${m.paymentCount} as payment_count, ${m.amountKobo} as amount_kobo from ${m} where ${where ?? sql`true`}`,
    );
  }
  if (split.days.length) {
    const d = paymentDailyTotals;
    const where = and(
      common(d),
      or(...split.days.map(({ from, to }) => and(gte(d.day, from), lte(d.day, to)))),
    );
    parts.push(
      sql`select ${d.status}, ${d.paymentCount}, ${d.amountKobo} from ${d} where ${where ?? sql`true`}`,
    );
  }
  const rollup = sql`(${sql.join(parts, sql` union all `)}) as rollup`;
  const [row] = await db
    .select({
      count: sql<string>`coalesce(sum(rollup.payment_count), 0)`,
      amountKobo: sql<string>`coalesce(sum(rollup.amount_kobo), 0)`,
      paidAmountKobo: sql<string>`coalesce(sum(rollup.amount_kobo) filter (where rollup.status = 'paid'), 0)`,
    })
    .from(rollup);
  return {
    count: Number(row?.count ?? 0),
    amountKobo: Number(row?.amountKobo ?? 0),
    paidAmountKobo: Number(row?.paidAmountKobo ?? 0),
  };
}

/**
 * The totals without dates (every list's first load: ADMIN's whole ledger, an MDA officer's
 * MDAs) from the monthly level alone, built once per shape (db/prepared.ts builtOnce).
 */
async function wholeLedgerTotals(db: Db, filter: PaymentFilter, scope: MdaScope) {
  const m = paymentMonthlyTotals;
  const inScope = whereInMdaScopeWithPlaceholders(scope, m.mdaId);
  const noSuchMda = Boolean(filter.mdaCode && !filter.mdaIdOfCode);
  const byMda = Boolean(filter.mdaCode && filter.mdaIdOfCode);
  const where = and(
    inScope.condition,
    noSuchMda ? sql`false` : undefined,
    byMda ? eq(m.mdaId, sql.placeholder('mdaId')) : undefined,
    filter.status ? eq(m.status, sql.placeholder('status')) : undefined,
  );
  const shape = [
    inScope.shape,
    noSuchMda ? 'noSuchMda' : byMda ? 'mda' : '',
    filter.status ? 'status' : '',
  ];
  const query = builtOnce(db, `payments_rollup_all:${shape.join(',')}`, (on, name) =>
    on
      .select({
        count: sql<string>`coalesce(sum(${m.paymentCount}), 0)`,
        amountKobo: sql<string>`coalesce(sum(${m.amountKobo}), 0)`,
        paidAmountKobo: sql<string>`coalesce(sum(${m.amountKobo}) filter (where ${m.status} = 'paid'), 0)`,
      })
      .from(m)
      .where(where)
      .prepare(name),
  );
  const [row] = await query.execute({
    ...inScope.values,
    ...(byMda ? { mdaId: filter.mdaIdOfCode } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  });
  return {
    count: Number(row?.count ?? 0),
    amountKobo: Number(row?.amountKobo ?? 0),
    paidAmountKobo: Number(row?.paidAmountKobo ?? 0),
  };
}
