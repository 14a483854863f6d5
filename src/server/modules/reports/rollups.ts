import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The collection totals rebuilt from the ledger, and checked against it (ADR 0034); the
 * payment history's totals too (ADR 0019, 0035), at the end. The triggers keep them in step
 * with every payment; these are for an operator who restored a backup, changed a payment by
 * hand in SQL, or wants to be sure.
 */

/** A key whose rolled-up figure differs from the ledger's: both sides, for the message. */
export type RollupDifference = {
  level: 'day' | 'month';
  period: string;
  mdaId: string;
  revenueHeadCode: string;
  channel: string;
  subjectKind: string;
  type: string;
  ledgerCount: number;
  ledgerKobo: number;
  rollupCount: number;
  rollupKobo: number;
};

const MOVEMENTS_BY_DAY = sql`
  select day as period, mda_id, revenue_head_code, channel::text as channel, subject_kind, type,
         sum(payment_count) as n, sum(amount_kobo) as a
  from collection_movements group by 1, 2, 3, 4, 5, 6
  having sum(payment_count) <> 0 or sum(amount_kobo) <> 0`;

const MOVEMENTS_BY_MONTH = sql`
  select date_trunc('month', day)::date as period, mda_id, revenue_head_code, channel::text as channel,
         subject_kind, type, sum(payment_count) as n, sum(amount_kobo) as a
  from collection_movements group by 1, 2, 3, 4, 5, 6
  having sum(payment_count) <> 0 or sum(amount_kobo) <> 0`;

/**
 * Empties both tables and fills them again from the ledger, in one transaction that holds
 * writers to the payments table off until it commits (a payment arriving meanwhile waits, then
 * lands on the rebuilt totals). Returns how many rows each table holds now. Rows go in by day
 * (month): a month's day rows then sit on a few hundred pages instead of one page each
 * (bench/README.md, the reports at ten million: a month day by day read 11,800 pages).
 */
export async function rebuildCollectionTotals(db: Db): Promise<{ days: number; months: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table payments in share mode`);
    await tx.execute(sql`delete from collection_daily_totals`);
    await tx.execute(sql`delete from collection_monthly_totals`);
    await tx.execute(sql`
      insert into collection_daily_totals
        (day, mda_id, revenue_head_code, channel, subject_kind, type, shard, payment_count, amount_kobo)
      select period, mda_id, revenue_head_code, channel::payment_channel, subject_kind, type, 0, n, a
      from (${MOVEMENTS_BY_DAY}) as m order by 1, 2, 3, 4, 5, 6`);
    await tx.execute(sql`
      insert into collection_monthly_totals
        (month, mda_id, revenue_head_code, channel, subject_kind, type, shard, payment_count, amount_kobo)
      select period, mda_id, revenue_head_code, channel::payment_channel, subject_kind, type, 0, n, a
      from (${MOVEMENTS_BY_MONTH}) as m order by 1, 2, 3, 4, 5, 6`);
    const [days] = await tx.select({ n: sql<string>`count(*)` }).from(sql`collection_daily_totals`);
    const [months] = await tx
      .select({ n: sql<string>`count(*)` })
      .from(sql`collection_monthly_totals`);
    return { days: Number(days?.n ?? 0), months: Number(months?.n ?? 0) };
  });
}

function compare(level: 'day' | 'month', movements: ReturnType<typeof sql>, table: string) {
  const period = level === 'day' ? 'day' : 'month';
  return sql`
    select ${level} as level, coalesce(l.period, r.period)::text as period,
           coalesce(l.mda_id, r.mda_id) as mda_id,
           coalesce(l.revenue_head_code, r.revenue_head_code) as revenue_head_code,
           coalesce(l.channel, r.channel) as channel,
           coalesce(l.subject_kind, r.subject_kind) as subject_kind,
           coalesce(l.type, r.type) as type,
           coalesce(l.n, 0) as ledger_count, coalesce(l.a, 0) as ledger_kobo,
           coalesce(r.n, 0) as rollup_count, coalesce(r.a, 0) as rollup_kobo
    from (${movements}) as l
    full outer join (
      select ${sql.raw(period)} as period, mda_id, revenue_head_code, channel::text as channel,
             subject_kind, type, sum(payment_count) as n, sum(amount_kobo) as a
      from ${sql.raw(table)} group by 1, 2, 3, 4, 5, 6
      having sum(payment_count) <> 0 or sum(amount_kobo) <> 0
    ) as r
      on l.period = r.period and l.mda_id = r.mda_id and l.revenue_head_code = r.revenue_head_code
     and l.channel = r.channel and l.subject_kind = r.subject_kind and l.type = r.type
    where l.n is distinct from r.n or l.a is distinct from r.a`;
}

/** Every key where the totals and the ledger disagree, by day and by month (at most `limit`). */
export async function verifyCollectionTotals(db: Db, limit = 50): Promise<RollupDifference[]> {
  const rows = await db
    .select({
      level: sql<'day' | 'month'>`d.level`,
      period: sql<string>`d.period`,
      mdaId: sql<string>`d.mda_id`,
      revenueHeadCode: sql<string>`d.revenue_head_code`,
      channel: sql<string>`d.channel`,
      subjectKind: sql<string>`d.subject_kind`,
      type: sql<string>`d.type`,
      ledgerCount: sql<string>`d.ledger_count`,
      ledgerKobo: sql<string>`d.ledger_kobo`,
      rollupCount: sql<string>`d.rollup_count`,
      rollupKobo: sql<string>`d.rollup_kobo`,
    })
    .from(
      sql`(${compare('day', MOVEMENTS_BY_DAY, 'collection_daily_totals')} union all ${compare('month', MOVEMENTS_BY_MONTH, 'collection_monthly_totals')}) as d`,
    )
    .orderBy(sql`d.level, d.period, d.mda_id`)
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    ledgerCount: Number(r.ledgerCount),
    ledgerKobo: Number(r.ledgerKobo),
    rollupCount: Number(r.rollupCount),
    rollupKobo: Number(r.rollupKobo),
  }));
}

/**
 * Folds the shards of closed days (before `today`) and closed months (before today's month)
 * into shard 0. Shards only spread today's writers (ADR 0034); kept for ever they would
 * multiply the rows a year's report adds up by the number of sessions that wrote them.
 *
 * Sum-preserving and idempotent: a key's shard rows are deleted and their sum added to its
 * shard 0 row, so a second run finds nothing to fold. A late write to a closed day (a reversal
 * dated on it) adds its own shard row again, which the next run folds. The transaction takes
 * both tables in EXCLUSIVE mode first (readers go on, writers wait the few milliseconds a fold
 * of a day's shards takes): without it a writer's statement upserting several keys in key
 * order and this fold deleting in table order could each hold a row the other waits for. The
 * triggers' one statement takes the daily table before the monthly one, as the lock does, so
 * the two queue instead of deadlocking. Two instances folding at once queue the same way.
 */
export function compactCollectionTotals(
  db: Db,
  today: string,
): Promise<{ days: number; months: number }> {
  return foldShards(db, today, {
    daily: { table: 'collection_daily_totals', period: 'day' },
    monthly: { table: 'collection_monthly_totals', period: 'month' },
    keys: (period) => [period, 'mda_id', 'revenue_head_code', 'channel', 'subject_kind', 'type'],
    sums: ['payment_count', 'amount_kobo'],
  });
}

/** A pair of sharded totals tables (a daily and a monthly one), as foldShards needs to know it. */
type ShardedTotals = {
  daily: { table: string; period: string };
  monthly: { table: string; period: string };
  /** The key columns besides the shard, in the primary key's order. */
  keys: (period: string) => string[];
  /** The columns a key's shards add up. */
  sums: string[];
};

/**
 * The one fold of every sharded totals pair (the collection, demand notice and payment history
 * totals): the rule and the locking are compactCollectionTotals's, above.
 */
function foldShards(
  db: Db,
  today: string,
  totals: ShardedTotals,
): Promise<{ days: number; months: number }> {
  return db.transaction(async (tx) => {
    // A writer holding the tables for long (a bulk import) makes this run give up, not queue
    // every other writer behind it; the next run folds.
    await tx.execute(sql`set local lock_timeout = '10s'`);
    await tx.execute(
      sql.raw(`lock table ${totals.daily.table}, ${totals.monthly.table} in exclusive mode`),
    );
    const fold = async ({ table, period }: { table: string; period: string }, before: string) => {
      const keys = sql.raw(totals.keys(period).join(', '));
      const sums = sql.raw(totals.sums.join(', '));
      const summed = sql.raw(totals.sums.map((c) => `sum(${c})`).join(', '));
      const added = sql.raw(totals.sums.map((c) => `${c} = t.${c} + excluded.${c}`).join(', '));
      const result = await tx.execute(sql`
        with moved as (
          delete from ${sql.raw(table)} where shard <> 0 and ${sql.raw(period)} < ${before}::date
          returning ${keys}, ${sums}
        )
        insert into ${sql.raw(table)} as t (${keys}, shard, ${sums})
        select ${keys}, 0, ${summed}
        from moved group by ${keys} order by ${keys}
        on conflict (${keys}, shard) do update set ${added}`);
      return (
        (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
        (result as unknown as { affectedRows?: number }).affectedRows ??
        0
      );
    };
    const days = await fold(totals.daily, today);
    const months = await fold(totals.monthly, `${today.slice(0, 7)}-01`);
    return { days, months };
  });
}

/**
 * Folds the shards of the demand notice totals (migration 0036) into shard 0, for issue days
 * before `today` and issue months before today's month, as compactCollectionTotals does for the
 * collections. A notice's later changes (paid, cancelled) move the rows of the day it was
 * issued, so old days gain shards again now and then; each run folds them.
 */
export function compactDemandNoticeTotals(
  db: Db,
  today: string,
): Promise<{ days: number; months: number }> {
  return foldShards(db, today, {
    daily: { table: 'demand_notice_daily_totals', period: 'issued_on' },
    monthly: { table: 'demand_notice_monthly_totals', period: 'month' },
    keys: (period) => [period, 'mda_id', 'status'],
    sums: ['notice_count', 'total_kobo', 'paid_kobo', 'outstanding_kobo'],
  });
}

/** A demand notice totals key whose figures differ from the notices': both sides. */
export type DemandNoticeTotalsDifference = {
  level: 'day' | 'month';
  period: string;
  mdaId: string;
  status: string;
  notices: { count: number; totalKobo: number; paidKobo: number; outstandingKobo: number };
  rollup: { count: number; totalKobo: number; paidKobo: number; outstandingKobo: number };
};

/** The notices' figures per issue day (or month), MDA and status: what the triggers keep. */
function noticesBy(level: 'day' | 'month') {
  const period = level === 'day' ? sql`issued_on` : sql`date_trunc('month', issued_on)::date`;
  return sql`
    select ${period} as period, mda_id, status::text as status, count(*) as n,
           sum(total_kobo) as t, sum(paid_kobo) as p, sum(greatest(total_kobo - paid_kobo, 0)) as o
    from demand_notices group by 1, 2, 3`;
}

/**
 * Empties the demand notice totals (migration 0036) and fills them again from the notices, in
 * one transaction that holds writers to demand_notices off until it commits.
 */
export async function rebuildDemandNoticeTotals(db: Db): Promise<{ days: number; months: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table demand_notices in share mode`);
    await tx.execute(sql`delete from demand_notice_daily_totals`);
    await tx.execute(sql`delete from demand_notice_monthly_totals`);
    await tx.execute(sql`
      insert into demand_notice_daily_totals
        (issued_on, mda_id, status, shard, notice_count, total_kobo, paid_kobo, outstanding_kobo)
      select period, mda_id, status::demand_notice_status, 0, n, t, p, o from (${noticesBy('day')}) as m`);
    await tx.execute(sql`
      insert into demand_notice_monthly_totals
        (month, mda_id, status, shard, notice_count, total_kobo, paid_kobo, outstanding_kobo)
      select period, mda_id, status::demand_notice_status, 0, n, t, p, o from (${noticesBy('month')}) as m`);
    const [days] = await tx
      .select({ n: sql<string>`count(*)` })
      .from(sql`demand_notice_daily_totals`);
    const [months] = await tx
      .select({ n: sql<string>`count(*)` })
      .from(sql`demand_notice_monthly_totals`);
    return { days: Number(days?.n ?? 0), months: Number(months?.n ?? 0) };
  });
}

function compareNotices(level: 'day' | 'month', table: string, period: string) {
  return sql`
    select ${level} as level, coalesce(l.period, r.period)::text as period,
           coalesce(l.mda_id, r.mda_id) as mda_id, coalesce(l.status, r.status) as status,
           coalesce(l.n, 0) as ln, coalesce(l.t, 0) as lt, coalesce(l.p, 0) as lp, coalesce(l.o, 0) as lo,
           coalesce(r.n, 0) as rn, coalesce(r.t, 0) as rt, coalesce(r.p, 0) as rp, coalesce(r.o, 0) as ro
    from (${noticesBy(level)}) as l
    full outer join (
      select ${sql.raw(period)} as period, mda_id, status::text as status, sum(notice_count) as n,
             sum(total_kobo) as t, sum(paid_kobo) as p, sum(outstanding_kobo) as o
      from ${sql.raw(table)} group by 1, 2, 3
      having sum(notice_count) <> 0 or sum(total_kobo) <> 0 or sum(paid_kobo) <> 0
          or sum(outstanding_kobo) <> 0
    ) as r on l.period = r.period and l.mda_id = r.mda_id and l.status = r.status
    where l.n is distinct from r.n or l.t is distinct from r.t or l.p is distinct from r.p
       or l.o is distinct from r.o`;
}

/** Every key where the demand notice totals and the notices disagree (at most `limit`). */
export async function verifyDemandNoticeTotals(
  db: Db,
  limit = 50,
): Promise<DemandNoticeTotalsDifference[]> {
  const rows = await db
    .select({
      level: sql<'day' | 'month'>`d.level`,
      period: sql<string>`d.period`,
      mdaId: sql<string>`d.mda_id`,
      status: sql<string>`d.status`,
      ln: sql<string>`d.ln`,
      lt: sql<string>`d.lt`,
      lp: sql<string>`d.lp`,
      lo: sql<string>`d.lo`,
      rn: sql<string>`d.rn`,
      rt: sql<string>`d.rt`,
      rp: sql<string>`d.rp`,
      ro: sql<string>`d.ro`,
    })
    .from(
      sql`(${compareNotices('day', 'demand_notice_daily_totals', 'issued_on')} union all ${compareNotices('month', 'demand_notice_monthly_totals', 'month')}) as d`,
    )
    .orderBy(sql`d.level, d.period, d.mda_id`)
    .limit(limit);
  return rows.map((r) => ({
    level: r.level,
    period: r.period,
    mdaId: r.mdaId,
    status: r.status,
    notices: {
      count: Number(r.ln),
      totalKobo: Number(r.lt),
      paidKobo: Number(r.lp),
      outstandingKobo: Number(r.lo),
    },
    rollup: {
      count: Number(r.rn),
      totalKobo: Number(r.rt),
      paidKobo: Number(r.rp),
      outstandingKobo: Number(r.ro),
    },
  }));
}

/**
 * The payment history's totals (payment_daily_totals, payment_monthly_totals: ADR 0019,
 * sharded by ADR 0035) count payments by MDA, Lagos day or month and current status. A key
 * whose rows, shards added up, differ from the ledger's: both sides.
 */
export type PaymentHistoryTotalsDifference = {
  level: 'day' | 'month';
  period: string;
  mdaId: string;
  status: string;
  ledgerCount: number;
  ledgerKobo: number;
  rollupCount: number;
  rollupKobo: number;
};

function paymentsBy(level: 'day' | 'month') {
  const period =
    level === 'day' ? sql`payment_date` : sql`date_trunc('month', payment_date::timestamp)::date`;
  return sql`
    select ${period} as period, mda_id, status, count(*) as n, sum(amount_kobo) as a
    from payments group by 1, 2, 3`;
}

/**
 * Folds the shards of the history totals' closed days (before `today`) and months (before
 * today's month) into shard 0, as compactCollectionTotals does (ADR 0035). A payment's status
 * change moves the rows of the day it was paid, so old days gain shards again now and then
 * (a reversal, a late confirmation); each run folds them.
 */
export function compactPaymentHistoryTotals(
  db: Db,
  today: string,
): Promise<{ days: number; months: number }> {
  return foldShards(db, today, {
    daily: { table: 'payment_daily_totals', period: 'day' },
    monthly: { table: 'payment_monthly_totals', period: 'month' },
    keys: (period) => ['mda_id', period, 'status'],
    sums: ['payment_count', 'amount_kobo'],
  });
}

/**
 * Empties the history totals and fills them again from the ledger (one row per key, shard 0),
 * in one transaction that holds writers to payments off until it commits.
 */
export async function rebuildPaymentHistoryTotals(
  db: Db,
): Promise<{ days: number; months: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table payments in share mode`);
    await tx.execute(sql`delete from payment_daily_totals`);
    await tx.execute(sql`delete from payment_monthly_totals`);
    await tx.execute(sql`
      insert into payment_daily_totals (mda_id, day, status, shard, payment_count, amount_kobo)
      select mda_id, period, status, 0, n, a from (${paymentsBy('day')}) as p`);
    await tx.execute(sql`
      insert into payment_monthly_totals (mda_id, month, status, shard, payment_count, amount_kobo)
      select mda_id, period, status, 0, n, a from (${paymentsBy('month')}) as p`);
    const [days] = await tx.select({ n: sql<string>`count(*)` }).from(sql`payment_daily_totals`);
    const [months] = await tx
      .select({ n: sql<string>`count(*)` })
      .from(sql`payment_monthly_totals`);
    return { days: Number(days?.n ?? 0), months: Number(months?.n ?? 0) };
  });
}

function compareHistory(level: 'day' | 'month', table: string, period: string) {
  return sql`
    select ${level} as level, coalesce(l.period, r.period)::text as period,
           coalesce(l.mda_id, r.mda_id) as mda_id, coalesce(l.status, r.status)::text as status,
           coalesce(l.n, 0) as ledger_count, coalesce(l.a, 0) as ledger_kobo,
           coalesce(r.n, 0) as rollup_count, coalesce(r.a, 0) as rollup_kobo
    from (${paymentsBy(level)}) as l
    full outer join (
      select ${sql.raw(period)} as period, mda_id, status, sum(payment_count) as n,
             sum(amount_kobo) as a
      from ${sql.raw(table)} group by 1, 2, 3
      having sum(payment_count) <> 0 or sum(amount_kobo) <> 0
    ) as r on l.period = r.period and l.mda_id = r.mda_id and l.status = r.status
    where l.n is distinct from r.n or l.a is distinct from r.a`;
}

/** Every key where the history totals and the ledger disagree (at most `limit`). */
export async function verifyPaymentHistoryTotals(
  db: Db,
  limit = 50,
): Promise<PaymentHistoryTotalsDifference[]> {
  const rows = await db
    .select({
      level: sql<'day' | 'month'>`d.level`,
      period: sql<string>`d.period`,
      mdaId: sql<string>`d.mda_id`,
      status: sql<string>`d.status`,
      ledgerCount: sql<string>`d.ledger_count`,
      ledgerKobo: sql<string>`d.ledger_kobo`,
      rollupCount: sql<string>`d.rollup_count`,
      rollupKobo: sql<string>`d.rollup_kobo`,
    })
    .from(
      sql`(${compareHistory('day', 'payment_daily_totals', 'day')} union all ${compareHistory('month', 'payment_monthly_totals', 'month')}) as d`,
    )
    .orderBy(sql`d.level, d.period, d.mda_id`)
    .limit(limit);
  return rows.map((r) => ({
    ...r,
    ledgerCount: Number(r.ledgerCount),
    ledgerKobo: Number(r.ledgerKobo),
    rollupCount: Number(r.rollupCount),
    rollupKobo: Number(r.rollupKobo),
  }));
}
