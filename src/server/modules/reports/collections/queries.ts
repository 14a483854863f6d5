import { and, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { splitIntoMonths } from '../../../../shared/monthSplit';
import type { PaymentChannel } from '../../../../shared/payments';
import { type MdaScope, whereInMdaScope } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { collectionDailyTotals, collectionMonthlyTotals, mdas } from '../../../db/schema';

/** What a report asks the collection totals for: a period of Lagos days, the MDAs it may see. */
export type CollectionFilter = {
  from: string;
  to: string;
  scope: MdaScope;
  mdaIds?: readonly string[];
  channel?: PaymentChannel;
};

/** One group's net collections: count and amount, net of reversals. */
export type CollectionRow = {
  mdaId: string;
  channel: PaymentChannel;
  paymentCount: number;
  amountKobo: number;
};

/**
 * The period's net collections per MDA and channel, from the collection totals (ADR 0034):
 * whole months from collection_monthly_totals, the days at the period's ends from
 * collection_daily_totals, the shards added up. At most MDAs × channels rows come back.
 */
export async function selectCollectionsByMdaAndChannel(
  db: Db,
  filter: CollectionFilter,
): Promise<CollectionRow[]> {
  const split = splitIntoMonths(filter.from, filter.to);
  const parts: SQL[] = [];
  const common = (t: typeof collectionDailyTotals | typeof collectionMonthlyTotals) =>
    and(
      whereInMdaScope(filter.scope, t.mdaId),
      filter.mdaIds ? inArray(t.mdaId, [...filter.mdaIds]) : undefined,
      filter.channel ? eq(t.channel, filter.channel) : undefined,
    );
  if (split.months) {
    const m = collectionMonthlyTotals;
    const where = and(
      split.months.from ? gte(m.month, split.months.from) : undefined,
      split.months.before ? lt(m.month, split.months.before) : undefined,
      common(m),
    );
    parts.push(
      sql`select ${m.mdaId} as mda_id, ${m.channel} as channel, ${m.paymentCount} as n, ${m.amountKobo} as a from ${m} where ${where ?? sql`true`}`,
    );
  }
  const d = collectionDailyTotals;
  const inDays = or(...split.days.map((r) => and(gte(d.day, r.from), lte(d.day, r.to))));
  if (split.days.length > 0) {
    parts.push(
      sql`select ${d.mdaId} as mda_id, ${d.channel} as channel, ${d.paymentCount} as n, ${d.amountKobo} as a from ${d} where ${and(inDays, common(d))}`,
    );
  }
  if (parts.length === 0) return [];
  const rollup = sql`(${sql.join(parts, sql` union all `)}) as rollup`;
  const rows = await db
    .select({
      mdaId: sql<string>`rollup.mda_id`,
      channel: sql<PaymentChannel>`rollup.channel`,
      paymentCount: sql<string>`sum(rollup.n)`,
      amountKobo: sql<string>`sum(rollup.a)`,
    })
    .from(rollup)
    .groupBy(sql`rollup.mda_id, rollup.channel`)
    .having(sql`sum(rollup.n) <> 0 or sum(rollup.a) <> 0`);
  return rows.map((r) => ({
    mdaId: r.mdaId,
    channel: r.channel,
    paymentCount: Number(r.paymentCount),
    amountKobo: Number(r.amountKobo),
  }));
}

/** The names of these MDAs, by id. */
export async function selectMdaNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: mdas.id, name: mdas.name })
    .from(mdas)
    .where(inArray(mdas.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
