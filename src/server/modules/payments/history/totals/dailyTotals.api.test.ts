import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { systemActor } from '../../../../auth/actor';
import { openDatabase } from '../../../../db/client';
import { paymentDailyTotals, paymentMonthlyTotals, payments } from '../../../../db/schema';
import { createTestContext, type TestContext } from '../../../../testing/context';
import { createMda } from '../../../../testing/factories';
import {
  compactPaymentHistoryTotals,
  rebuildPaymentHistoryTotals,
  verifyPaymentHistoryTotals,
} from '../../../reports/rollups';
import { createLedger } from '../../ledger/ledger';
import { createPayment } from '../../testing';
import { type PaymentFilter, selectPaymentTotals } from '../queries';
import { selectPaymentTotalsFromRollup } from './rollupTotals';

/**
 * The daily and monthly totals (ADR 0019, sharded by ADR 0035) are kept by triggers on the ledger;
 * every total they give must equal the count of the ledger itself, through bills, payments,
 * late payments of bills, reversals and cancellations, in Lagos days and Lagos months, for
 * date ranges that cut months as well as whole ones.
 */

let ctx: TestContext & { close(): Promise<void> };

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

const NONE: PaymentFilter = {
  paymentReference: null,
  assessmentId: undefined,
  btin: undefined,
  customerName: undefined,
  mdaCode: undefined,
};

/** The totals of one filter over these MDAs: from the rollup, and counted from the ledger. */
async function bothWays(filter: PaymentFilter, mdaIds: string[]) {
  const rollup = await selectPaymentTotalsFromRollup(ctx.db, filter, { all: false, mdaIds });
  const counted = await selectPaymentTotals(ctx.db, filter, inArray(payments.mdaId, mdaIds));
  return { rollup, counted };
}

describe('payment_daily_totals', () => {
  it('agrees with the ledger after bills, payments, reversals and cancellations', async () => {
    const ledger = createLedger({
      receiptPrefix: ctx.config.receiptPrefix,
      settlements: ctx.settlements,
    });
    const system = systemActor('system');
    const [a, b] = [await createMda(ctx), await createMda(ctx)];
    const mdaIds = [a.id, b.id];

    // Paid either side of Lagos midnight on 1 March (23:30 UTC on 28 Feb is 00:30 in Lagos).
    await createPayment(ctx, {
      mdaId: a.id,
      amountKobo: 10_000,
      paidAt: new Date('2026-02-28T23:30:00Z'),
    });
    await createPayment(ctx, {
      mdaId: a.id,
      amountKobo: 20_000,
      paidAt: new Date('2026-02-28T22:30:00Z'),
    });
    // 23:15 UTC on 31 January is 00:15 on 1 February in Lagos: February's, not January's.
    await createPayment(ctx, {
      mdaId: b.id,
      amountKobo: 1_000,
      paidAt: new Date('2026-01-31T23:15:00Z'),
    });
    await createPayment(ctx, {
      mdaId: a.id,
      amountKobo: 2_000,
      paidAt: new Date('2026-01-10T09:00:00Z'),
    });
    // 23:30 UTC on 30 April is 1 May in Lagos.
    await createPayment(ctx, {
      mdaId: b.id,
      amountKobo: 4_000,
      paidAt: new Date('2026-04-30T23:30:00Z'),
    });
    const toReverse = await createPayment(ctx, { mdaId: b.id, amountKobo: 40_000 });
    const toCancel = await createPayment(ctx, {
      mdaId: b.id,
      status: 'pending',
      amountKobo: 80_000,
    });
    const toPay = await createPayment(ctx, { mdaId: a.id, status: 'pending', amountKobo: 160_000 });

    await ctx.db.transaction(async (tx) => {
      await ledger.changeStatusByHand(tx, system, toReverse.id, {
        to: 'reversed',
        reason: 'Paid twice by the bank',
      });
      await ledger.changeStatusByHand(tx, system, toCancel.id, {
        to: 'cancelled',
        reason: 'Raised in error',
      });
    });
    await ctx.db.transaction((tx) =>
      ledger.recordConfirmedPayment(tx, system, {
        rrr: toPay.rrr as string,
        mdaId: a.id,
        amountKobo: 160_000,
        paidAt: new Date('2026-03-02T10:00:00Z'),
        arrival: 'notification',
      }),
    );

    const filters: PaymentFilter[] = [
      NONE,
      { ...NONE, status: 'paid' },
      { ...NONE, status: 'reversed' },
      { ...NONE, status: 'cancelled' },
      { ...NONE, status: 'pending' },
      { ...NONE, startDate: '2026-03-01', endDate: '2026-03-01' },
      { ...NONE, startDate: '2026-02-28', endDate: '2026-02-28' },
      { ...NONE, startDate: '2026-03-02' },
      { ...NONE, mdaCode: a.code, mdaIdOfCode: a.id },
      { ...NONE, mdaCode: 'NO-SUCH', mdaIdOfCode: null },
      // Whole months, part-months at either end, and ranges with no whole month.
      { ...NONE, startDate: '2026-02-01', endDate: '2026-02-28' },
      { ...NONE, startDate: '2026-01-01', endDate: '2026-01-31' },
      { ...NONE, startDate: '2026-01-15', endDate: '2026-04-30' },
      { ...NONE, startDate: '2026-01-11', endDate: '2026-05-01' },
      { ...NONE, startDate: '2026-02-10', endDate: '2026-03-01' },
      { ...NONE, startDate: '2026-02-28', endDate: '2026-03-02' },
      { ...NONE, endDate: '2026-02-28' },
      { ...NONE, endDate: '2026-03-01' },
      { ...NONE, startDate: '2026-02-01' },
      { ...NONE, startDate: '2026-01-31' },
      { ...NONE, startDate: '2026-01-01', endDate: '2026-12-31', status: 'paid' },
      {
        ...NONE,
        startDate: '2026-01-05',
        endDate: '2026-03-31',
        mdaCode: a.code,
        mdaIdOfCode: a.id,
      },
      { ...NONE, startDate: '2026-03-02', endDate: '2026-12-31', status: 'reversed' },
    ];
    for (const filter of filters) {
      const { rollup, counted } = await bothWays(filter, mdaIds);
      expect(rollup, JSON.stringify(filter)).toEqual(counted);
    }
    const all = await bothWays(NONE, mdaIds);
    expect(all.rollup).toEqual({ count: 8, amountKobo: 317_000, paidAmountKobo: 197_000 });
    const february = await bothWays(
      { ...NONE, startDate: '2026-02-01', endDate: '2026-02-28' },
      mdaIds,
    );
    expect(february.rollup).toEqual({ count: 2, amountKobo: 21_000, paidAmountKobo: 21_000 });
    // The officer who sees only MDA a gets only its totals, at both levels.
    const onlyA = await selectPaymentTotalsFromRollup(
      ctx.db,
      { ...NONE, startDate: '2026-01-01', endDate: '2026-03-31' },
      { all: false, mdaIds: [a.id] },
    );
    expect(onlyA).toEqual({ count: 4, amountKobo: 192_000, paidAmountKobo: 192_000 });

    // The monthly level is the daily level added up by Lagos month, key by key (each level's
    // shards added up: ADR 0035).
    const monthly = (await ctx.db.execute(sql`
      select mda_id, month::text as month, status::text as status, sum(payment_count)::int as n,
        sum(amount_kobo)::bigint::text as kobo
      from payment_monthly_totals where mda_id in (${a.id}, ${b.id}) group by 1, 2, 3
      except
      select mda_id, date_trunc('month', day::timestamp)::date::text, status::text,
        sum(payment_count)::int, sum(amount_kobo)::bigint::text
      from payment_daily_totals where mda_id in (${a.id}, ${b.id}) group by 1, 2, 3`)) as {
      rows: unknown[];
    };
    expect(monthly.rows).toEqual([]);
    const firstOfMarch = await bothWays(
      { ...NONE, startDate: '2026-03-01', endDate: '2026-03-01' },
      mdaIds,
    );
    expect(firstOfMarch.rollup).toMatchObject({ count: 1, amountKobo: 10_000 });
  });
});

describe('the history totals sharded (ADR 0035)', () => {
  it('compaction folds closed days’ and months’ shards into shard 0 and leaves today’s', async () => {
    const mdaId = (await createMda(ctx)).id;
    const day = (d: string, shard: number, paymentCount: number, amountKobo: number) => ({
      mdaId,
      day: d,
      status: 'paid' as const,
      shard,
      paymentCount,
      amountKobo,
    });
    await ctx.db
      .insert(paymentDailyTotals)
      .values([
        day('2026-03-03', 0, 1, 50),
        day('2026-03-03', 3, 1, 100),
        day('2026-03-03', 5, 2, 250),
        day('2026-03-04', 7, 1, 40),
      ]);
    await ctx.db.insert(paymentMonthlyTotals).values([
      { mdaId, month: '2026-02-01', status: 'paid', shard: 9, paymentCount: 1, amountKobo: 5 },
      { mdaId, month: '2026-03-01', status: 'paid', shard: 3, paymentCount: 4, amountKobo: 440 },
    ]);
    await compactPaymentHistoryTotals(ctx.db, '2026-03-04');
    const days = await ctx.db
      .select()
      .from(paymentDailyTotals)
      .where(eq(paymentDailyTotals.mdaId, mdaId));
    expect(days.map((r) => [r.day, r.shard, r.paymentCount, r.amountKobo]).sort()).toEqual([
      ['2026-03-03', 0, 4, 400],
      ['2026-03-04', 7, 1, 40],
    ]);
    const months = await ctx.db
      .select()
      .from(paymentMonthlyTotals)
      .where(eq(paymentMonthlyTotals.mdaId, mdaId));
    expect(months.map((r) => [r.month, r.shard, r.paymentCount]).sort()).toEqual([
      ['2026-02-01', 0, 1],
      ['2026-03-01', 3, 4],
    ]);
    await ctx.db.delete(paymentDailyTotals).where(eq(paymentDailyTotals.mdaId, mdaId));
    await ctx.db.delete(paymentMonthlyTotals).where(eq(paymentMonthlyTotals.mdaId, mdaId));
  });

  it('verify finds a stray row, and rebuild gives the figures the triggers kept', async () => {
    const mdaId = (await createMda(ctx)).id;
    await createPayment(ctx, {
      mdaId,
      amountKobo: 7_000,
      paidAt: new Date('2026-05-05T10:00:00Z'),
    });
    await createPayment(ctx, {
      mdaId,
      amountKobo: 3_000,
      paidAt: new Date('2026-05-06T10:00:00Z'),
    });
    const filter = { ...NONE, startDate: '2026-05-01', endDate: '2026-05-20' };
    const kept = await selectPaymentTotalsFromRollup(ctx.db, filter, {
      all: false,
      mdaIds: [mdaId],
    });
    expect(kept).toEqual({ count: 2, amountKobo: 10_000, paidAmountKobo: 10_000 });
    const mine = async () =>
      (await verifyPaymentHistoryTotals(ctx.db, 1_000)).filter((d) => d.mdaId === mdaId);
    expect(await mine()).toEqual([]);

    // A kobo too many on the day: the trigger's own shard is the session's, so the stray kobo
    // lands on it if it is shard 11 too.
    await ctx.db
      .insert(paymentDailyTotals)
      .values({
        mdaId,
        day: '2026-05-05',
        status: 'paid',
        shard: 11,
        paymentCount: 0,
        amountKobo: 1,
      })
      .onConflictDoUpdate({
        target: [
          paymentDailyTotals.mdaId,
          paymentDailyTotals.day,
          paymentDailyTotals.status,
          paymentDailyTotals.shard,
        ],
        set: { amountKobo: sql`${paymentDailyTotals.amountKobo} + 1` },
      });
    expect(await mine()).toEqual([
      expect.objectContaining({
        level: 'day',
        period: '2026-05-05',
        ledgerKobo: 7_000,
        rollupKobo: 7_001,
      }),
    ]);

    const rebuilt = await rebuildPaymentHistoryTotals(ctx.db);
    expect(rebuilt.days).toBeGreaterThan(0);
    expect(await mine()).toEqual([]);
    expect(await verifyPaymentHistoryTotals(ctx.db, 1_000)).toEqual([]);
    expect(
      await selectPaymentTotalsFromRollup(ctx.db, filter, { all: false, mdaIds: [mdaId] }),
    ).toEqual(kept);
  });

  // On PostgreSQL the twenty transactions truly run at once, on twenty connections; PGlite is
  // one connection, so there is nothing to race.
  it.skipIf(inject('testDatabaseKind') === 'pglite')(
    'twenty transactions recording payments to one MDA on one day at once all commit, and the totals equal the ledger',
    async () => {
      const mdaId = (await createMda(ctx)).id;
      const [{ name } = { name: '' }] = (
        (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows;
      const url = new URL(inject('postgresUrl'));
      url.pathname = `/${name}`;
      const twenty = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 20 });
      try {
        const on = { db: twenty.db, config: ctx.config, settlements: ctx.settlements };
        const paidAt = new Date('2026-06-10T09:00:00Z');
        const recorded = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            createPayment(on, { mdaId, amountKobo: 1_000 + i, paidAt }),
          ),
        );
        expect(recorded.filter((r) => r.status === 'rejected')).toEqual([]);
      } finally {
        await twenty.close();
      }
      const filter = { ...NONE, startDate: '2026-06-10', endDate: '2026-06-10' };
      const { rollup, counted } = await bothWays(filter, [mdaId]);
      expect(counted).toEqual({ count: 20, amountKobo: 20_190, paidAmountKobo: 20_190 });
      expect(rollup).toEqual(counted);
      const whole = await bothWays({ ...NONE, startDate: '2026-06-01', endDate: '2026-06-30' }, [
        mdaId,
      ]);
      expect(whole.rollup).toEqual(whole.counted);
      // The day's key was written on more than one shard: the sessions did not share one row.
      const shards = await ctx.db
        .selectDistinct({ shard: paymentDailyTotals.shard })
        .from(paymentDailyTotals)
        .where(eq(paymentDailyTotals.mdaId, mdaId));
      expect(shards.length).toBeGreaterThan(1);
      expect(
        (await verifyPaymentHistoryTotals(ctx.db, 1_000)).filter((d) => d.mdaId === mdaId),
      ).toEqual([]);
    },
  );
});
