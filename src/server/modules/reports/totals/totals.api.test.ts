import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionDailyTotals, collectionMonthlyTotals } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda } from '../../../testing/factories';
import { selectCollectionTotals } from './queries';

/**
 * Where selectCollectionTotals reads each part of a period (ADR 0034): whole months from
 * collection_monthly_totals, the days at the ends from collection_daily_totals, every day from
 * the daily table when grouped by day, shards added up. The two tables are filled here by hand
 * with figures that do not agree (a month row that is not the sum of its days), so each
 * answer shows which table it came from.
 */

let ctx: TestContext & { close(): Promise<void> };
let mdaId: string;

const key = { revenueHeadCode: '', channel: 'remita' as const, subjectKind: '', type: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  mdaId = (await createMda(ctx)).id;
  await ctx.db.insert(collectionDailyTotals).values(
    [
      ['2026-01-30', 0, 1],
      ['2026-01-31', 0, 10],
      ['2026-02-01', 0, 100],
      ['2026-02-15', 0, 1_000],
      ['2026-02-15', 7, 2_000], // another session's shard of the same key
      ['2026-03-01', 0, 10_000],
      ['2026-03-02', 0, 100_000],
    ].map(([day, shard, amountKobo]) => ({
      ...key,
      mdaId,
      day: day as string,
      shard: shard as number,
      paymentCount: 1,
      amountKobo: amountKobo as number,
    })),
  );
  // Not the sums of the days above: each month says where it was read from.
  await ctx.db.insert(collectionMonthlyTotals).values(
    [
      ['2026-01-01', 0, 5_000_000],
      ['2026-02-01', 0, 6_000_000],
      ['2026-02-01', 3, 700_000],
      ['2026-03-01', 0, 8_000_000],
    ].map(([month, shard, amountKobo]) => ({
      ...key,
      mdaId,
      month: month as string,
      shard: shard as number,
      paymentCount: 5,
      amountKobo: amountKobo as number,
    })),
  );
});

afterAll(async () => {
  await ctx?.close();
});

const read = (from: string, to: string, groupBy: Parameters<typeof selectCollectionTotals>[2]) =>
  selectCollectionTotals(ctx.db, { from, to, scope: { all: true }, mdaIds: [mdaId] }, groupBy);

describe('selectCollectionTotals by month and by day', () => {
  it('reads whole months from the monthly table and the partial months at the ends day by day', async () => {
    const rows = await read('2026-01-31', '2026-03-01', ['month']);
    expect(rows.sort((a, b) => (a.month ?? '').localeCompare(b.month ?? ''))).toEqual([
      { month: '2026-01-01', paymentCount: 1, amountKobo: 10 },
      { month: '2026-02-01', paymentCount: 10, amountKobo: 6_700_000 },
      { month: '2026-03-01', paymentCount: 1, amountKobo: 10_000 },
    ]);
  });

  it('reads a whole month from the monthly table alone, its shards added up', async () => {
    expect(await read('2026-02-01', '2026-02-28', [])).toEqual([
      { paymentCount: 10, amountKobo: 6_700_000 },
    ]);
    expect(await read('2026-01-01', '2026-03-31', [])).toEqual([
      { paymentCount: 20, amountKobo: 19_700_000 },
    ]);
  });

  it('reads every day of the period from the daily table when grouped by day', async () => {
    const rows = await read('2026-01-31', '2026-03-01', ['day']);
    expect(rows.sort((a, b) => (a.day ?? '').localeCompare(b.day ?? ''))).toEqual([
      { day: '2026-01-31', paymentCount: 1, amountKobo: 10 },
      { day: '2026-02-01', paymentCount: 1, amountKobo: 100 },
      { day: '2026-02-15', paymentCount: 2, amountKobo: 3_000 },
      { day: '2026-03-01', paymentCount: 1, amountKobo: 10_000 },
    ]);
  });

  it('reads a period inside one month day by day', async () => {
    expect(await read('2026-02-02', '2026-02-27', ['month'])).toEqual([
      { month: '2026-02-01', paymentCount: 2, amountKobo: 3_000 },
    ]);
  });

  it('reads the month in progress from the monthly table when the period runs to today', async () => {
    const upTo = (from: string, to: string) =>
      selectCollectionTotals(
        ctx.db,
        { from, to, scope: { all: true }, mdaIds: [mdaId], today: '2026-03-02' },
        ['month'],
      );
    // March, today's month, whole: its month row, not its two days.
    expect((await upTo('2026-02-01', '2026-03-02')).find((r) => r.month === '2026-03-01')).toEqual({
      month: '2026-03-01',
      paymentCount: 5,
      amountKobo: 8_000_000,
    });
    expect(await upTo('2026-03-01', '2026-12-31')).toEqual([
      { month: '2026-03-01', paymentCount: 5, amountKobo: 8_000_000 },
    ]);
    // A period that starts inside today's month still reads its days.
    expect(await upTo('2026-03-02', '2026-03-02')).toEqual([
      { month: '2026-03-01', paymentCount: 1, amountKobo: 100_000 },
    ]);
    // Not grouped: the same month row.
    expect(
      await selectCollectionTotals(
        ctx.db,
        {
          from: '2026-03-01',
          to: '2026-03-02',
          scope: { all: true },
          mdaIds: [mdaId],
          today: '2026-03-02',
        },
        [],
      ),
    ).toEqual([{ paymentCount: 5, amountKobo: 8_000_000 }]);
  });
});
