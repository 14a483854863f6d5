import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../../shared/dates';
import { systemActor } from '../../auth/actor';
import { collectionDailyTotals, collectionMonthlyTotals } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { createMda } from '../../testing/factories';
import { createLedger } from '../payments/ledger/ledger';
import { updatePayment } from '../payments/ledger/queries';
import { createPayment } from '../payments/testing';
import { compactCollectionTotals, verifyCollectionTotals } from './rollups';

/**
 * Folding the collection totals' shards (ADR 0034): the figure of every key, day and month is
 * the same before and after, a second fold finds nothing, and a payment or reversal written to
 * a folded day afterwards is counted (and folded by the next run). On PostgreSQL the payments
 * come from the pool's several sessions, so their shards differ by themselves; the shards are
 * also spread by hand here, sum-preserving, so PGlite (one session) has some to fold.
 */

let ctx: TestContext & { close(): Promise<void> };
let mdaId: string;
const today = todayInLagos();
const system = systemActor('system');
/** Lagos is UTC+1 all year: a Lagos wall-clock time as an instant. */
const lagos = (wallClock: string) => new Date(`${wallClock}+01:00`);

type Figure = { period: string; key: string; n: number; a: number };

/** This test's MDA's figure per key and day (or month), shards added up. */
async function figures(level: 'day' | 'month'): Promise<Figure[]> {
  const table = level === 'day' ? 'collection_daily_totals' : 'collection_monthly_totals';
  const result = (await ctx.db.execute(sql`
    select ${sql.raw(level)}::text as period,
           concat_ws('|', revenue_head_code, channel, subject_kind, type) as key,
           sum(payment_count)::int as n, sum(amount_kobo)::int as a
    from ${sql.raw(table)} where mda_id = ${mdaId}
    group by 1, 2 order by 1, 2`)) as unknown as { rows: Figure[] };
  return result.rows;
}

/** This test's MDA's rows: [period, shard] of each, sorted. */
async function rows(level: 'day' | 'month') {
  const t = level === 'day' ? collectionDailyTotals : collectionMonthlyTotals;
  const period = level === 'day' ? collectionDailyTotals.day : collectionMonthlyTotals.month;
  const found = await ctx.db
    .select({ period, shard: t.shard, key: sql<string>`${t.channel}::text` })
    .from(t)
    .where(eq(t.mdaId, mdaId));
  return found.map((r) => `${r.period} ${r.key} ${r.shard}`).sort();
}

/**
 * Moves one payment and ₦1 of each of this MDA's rows to another shard (its own + 8, mod 16):
 * each move takes off one row what it adds to another of the same key, so sums are unchanged,
 * whichever shards the pool's sessions wrote.
 */
async function spreadShards(table: 'collection_daily_totals' | 'collection_monthly_totals') {
  const period = sql.raw(table === 'collection_daily_totals' ? 'day' : 'month');
  const t = sql.raw(table);
  const found = (await ctx.db.execute(sql`
    select ${period}::text as period, revenue_head_code, channel::text as channel, subject_kind,
           type, shard
    from ${t} where mda_id = ${mdaId}`)) as unknown as {
    rows: {
      period: string;
      revenue_head_code: string;
      channel: string;
      subject_kind: string;
      type: string;
      shard: number;
    }[];
  };
  for (const r of found.rows) {
    const key = sql`${period} = ${r.period}::date and mda_id = ${mdaId}
      and revenue_head_code = ${r.revenue_head_code} and channel = ${r.channel}::payment_channel
      and subject_kind = ${r.subject_kind} and type = ${r.type}`;
    await ctx.db.execute(sql`
      update ${t} set payment_count = payment_count - 1, amount_kobo = amount_kobo - 100
      where ${key} and shard = ${r.shard}`);
    await ctx.db.execute(sql`
      insert into ${t} as x (${period}, mda_id, revenue_head_code, channel, subject_kind, type,
        shard, payment_count, amount_kobo)
      values (${r.period}::date, ${mdaId}, ${r.revenue_head_code}, ${r.channel}::payment_channel,
        ${r.subject_kind}, ${r.type}, ${(r.shard + 8) % 16}, 1, 100)
      on conflict (${period}, mda_id, revenue_head_code, channel, subject_kind, type, shard)
      do update set payment_count = x.payment_count + 1, amount_kobo = x.amount_kobo + 100`);
  }
}

async function ourDifferences() {
  return (await verifyCollectionTotals(ctx.db, 1_000)).filter((d) => d.mdaId === mdaId);
}

beforeAll(async () => {
  ctx = await createTestContext();
  mdaId = (await createMda(ctx)).id;
  // Two closed months (January, February 2026) and today; two channels.
  const paid = [
    ['2026-01-05T09:00:00', 'remita', 10_000],
    ['2026-01-05T10:00:00', 'remita', 20_000],
    ['2026-01-05T11:00:00', 'card', 40_000],
    ['2026-01-20T09:00:00', 'remita', 80_000],
    ['2026-02-03T09:00:00', 'card', 160_000],
    ['2026-02-03T12:00:00', 'card', 320_000],
  ] as const;
  for (const [at, channel, amountKobo] of paid) {
    await createPayment(ctx, { mdaId, channel, amountKobo, paidAt: lagos(at) });
  }
  await createPayment(ctx, { mdaId, channel: 'remita', amountKobo: 640_000 });
  await createPayment(ctx, { mdaId, channel: 'remita', amountKobo: 1_280_000 });
  await spreadShards('collection_daily_totals');
  await spreadShards('collection_monthly_totals');
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('folding the collection totals’ shards', () => {
  it('keeps every key’s figure, folds closed days and months into shard 0, and leaves today’s shards', async () => {
    const days = await figures('day');
    const months = await figures('month');
    expect(await ourDifferences()).toEqual([]);
    // Two shards at least of each key on a closed day before folding.
    expect(
      (await rows('day')).filter((r) => r.startsWith('2026-01-05 remita')).length,
    ).toBeGreaterThan(1);

    const folded = await compactCollectionTotals(ctx.db, today);
    expect(folded.days).toBeGreaterThan(0);
    expect(folded.months).toBeGreaterThan(0);

    expect(await figures('day')).toEqual(days);
    expect(await figures('month')).toEqual(months);
    expect(await ourDifferences()).toEqual([]);
    const thisMonth = `${today.slice(0, 7)}-01`;
    const closed = (r: string, before: string) => r.slice(0, 10) < before;
    // One row a key on each closed day and month, in shard 0.
    for (const r of (await rows('day')).filter((r) => closed(r, today))) expect(r).toMatch(/ 0$/);
    for (const r of (await rows('month')).filter((r) => closed(r, thisMonth))) {
      expect(r).toMatch(/ 0$/);
    }
    expect(await rows('day')).toContain('2026-01-05 remita 0');
    expect((await rows('day')).filter((r) => r.startsWith('2026-01-05 remita'))).toHaveLength(1);
    // Today's shards are today's writers' own: left as they are.
    expect((await rows('day')).filter((r) => r.startsWith(today)).length).toBeGreaterThan(1);
  });

  it('folding twice is a no-op', async () => {
    const before = { days: await rows('day'), months: await rows('month') };
    const figuresBefore = { days: await figures('day'), months: await figures('month') };
    expect(await compactCollectionTotals(ctx.db, today)).toEqual({ days: 0, months: 0 });
    expect({ days: await rows('day'), months: await rows('month') }).toEqual(before);
    expect({ days: await figures('day'), months: await figures('month') }).toEqual(figuresBefore);
  });

  it('counts a payment and a reversal written to a folded day, and folds them the next time', async () => {
    const ledger = createLedger({
      receiptPrefix: ctx.config.receiptPrefix,
      settlements: ctx.settlements,
    });
    // A payment recorded late, dated on a folded day, and a reversal dated on another.
    await createPayment(ctx, {
      mdaId,
      channel: 'remita',
      amountKobo: 5_000,
      paidAt: lagos('2026-01-05T15:00:00'),
    });
    const reversed = await createPayment(ctx, {
      mdaId,
      channel: 'card',
      amountKobo: 7_000,
      paidAt: lagos('2026-01-20T15:00:00'),
    });
    await ctx.db.transaction(async (tx) => {
      await ledger.changeStatusByHand(tx, system, reversed.id, {
        to: 'reversed',
        reason: 'Bounced',
      });
      await updatePayment(tx, reversed.id, { statusChangedAt: lagos('2026-02-03T16:00:00') });
    });
    const day = (all: Figure[], period: string, channel: string) =>
      all.filter((f) => f.period === period && f.key.includes(`|${channel}|`));
    expect(day(await figures('day'), '2026-01-05', 'remita')).toEqual([
      { period: '2026-01-05', key: '|remita||', n: 3, a: 35_000 },
    ]);
    expect(day(await figures('day'), '2026-02-03', 'card')).toEqual([
      { period: '2026-02-03', key: '|card||', n: 1, a: 473_000 },
    ]);
    expect(await ourDifferences()).toEqual([]);

    const days = await figures('day');
    const months = await figures('month');
    await compactCollectionTotals(ctx.db, today);
    expect(await figures('day')).toEqual(days);
    expect(await figures('month')).toEqual(months);
    expect((await rows('day')).filter((r) => r.startsWith('2026-01-05 remita'))).toEqual([
      '2026-01-05 remita 0',
    ]);
    expect(await ourDifferences()).toEqual([]);
  });

  it('loses nothing when payments are written while it folds', async () => {
    await spreadShards('collection_daily_totals');
    await spreadShards('collection_monthly_totals');
    const writes = Array.from({ length: 8 }, (_, i) =>
      createPayment(ctx, {
        mdaId,
        channel: 'remita',
        amountKobo: 1_000 + i,
        paidAt: lagos(`2026-01-05T1${i}:30:00`),
      }),
    );
    await Promise.all([...writes, compactCollectionTotals(ctx.db, today)]);
    await compactCollectionTotals(ctx.db, today);
    expect(await ourDifferences()).toEqual([]);
    expect(day05(await figures('day'))).toEqual({ n: 11, a: 35_000 + 8 * 1_000 + 28 });
  });
});

const day05 = (all: Figure[]) => {
  const f = all.find((r) => r.period === '2026-01-05' && r.key === '|remita||');
  return f ? { n: f.n, a: f.a } : undefined;
};
