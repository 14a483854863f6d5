import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { budgetLines, budgetVersions } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda } from '../../../testing/factories';
import { monthShares, selectBudgetTotals } from './queries';

/**
 * A period's budget (docs/reports.md, "How a period's budget is worked out") against budget
 * lines written by hand: whole months at their phased amounts, part months by days, each year
 * from its own version, the MDA scope applied.
 */

let ctx: TestContext & { close(): Promise<void> };
let mdaA: string;
let mdaB: string;
const all = { all: true } as const;

/** Twelve months of `monthly` kobo each. */
const flat = (monthly: number) => Array.from({ length: 12 }, () => monthly);

async function version(year: number, n: number, note: string) {
  const [row] = await ctx.db
    .insert(budgetVersions)
    .values({ year, version: n, note, source: 'entry' })
    .returning();
  if (!row) throw new Error('no version');
  return row;
}

beforeAll(async () => {
  ctx = await createTestContext();
  mdaA = (await createMda(ctx)).id;
  mdaB = (await createMda(ctx)).id;
  const v1 = await version(2026, 1, 'Approved budget');
  const v2 = await version(2026, 2, 'Supplementary budget');
  const v25 = await version(2025, 1, 'Approved budget 2025');
  await ctx.db.insert(budgetLines).values([
    // Version 1: superseded by version 2, read only when asked for.
    {
      versionId: v1.id,
      mdaId: mdaA,
      economicCode: '12020101',
      annualKobo: 12_000,
      monthsKobo: flat(1_000),
    },
    // Version 2: February is 28 days, so a day of it is 2_800 / 28 = 100.
    {
      versionId: v2.id,
      mdaId: mdaA,
      economicCode: '12020101',
      annualKobo: 3_100 + 2_800 + 31 * 10 * 10,
      monthsKobo: [3_100, 2_800, 310, 310, 310, 310, 310, 310, 310, 310, 310, 310],
    },
    {
      versionId: v2.id,
      mdaId: mdaA,
      economicCode: '12020450',
      annualKobo: 1_200,
      monthsKobo: flat(100),
    },
    { versionId: v2.id, mdaId: mdaB, economicCode: '12020101', annualKobo: 0, monthsKobo: flat(0) },
    // 2025: December is 31 days of 31_00 each.
    {
      versionId: v25.id,
      mdaId: mdaA,
      economicCode: '12020101',
      annualKobo: 12 * 3_100,
      monthsKobo: flat(3_100),
    },
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

describe('monthShares', () => {
  it('cuts a period into whole and part months, across a year end and a leap February', () => {
    expect(monthShares('2025-12-20', '2026-02-10')).toEqual([
      [2025, 12, 12, 31],
      [2026, 1, 31, 31],
      [2026, 2, 10, 28],
    ]);
    expect(monthShares('2028-02-29', '2028-02-29')).toEqual([[2028, 2, 1, 29]]);
  });
});

describe('selectBudgetTotals', () => {
  it('reads the newest version of the year and says which', async () => {
    const { version, rows } = await selectBudgetTotals(
      ctx.db,
      { year: 2026, from: '2026-01-01', to: '2026-01-31', scope: all },
      [],
    );
    expect(version).toMatchObject({ year: 2026, version: 2, note: 'Supplementary budget' });
    expect(rows).toEqual([{ budgetKobo: 3_100 + 100 + 0 }]);
  });

  it('reads an older version when asked', async () => {
    const { version, rows } = await selectBudgetTotals(
      ctx.db,
      { year: 2026, version: 1, from: '2026-01-01', to: '2026-03-31', scope: all },
      ['mda'],
    );
    expect(version?.version).toBe(1);
    expect(rows).toEqual([{ mdaId: mdaA, budgetKobo: 3_000 }]);
  });

  it('prorates part months by days and groups by MDA, code and month', async () => {
    // 15 January (16 days of 31) to 14 February (14 days of 28).
    const { rows } = await selectBudgetTotals(
      ctx.db,
      { year: 2026, from: '2026-01-16', to: '2026-02-14', scope: all },
      ['mda', 'economicCode', 'month'],
    );
    const sorted = [...rows].sort((a, b) =>
      `${a.mdaId}${a.economicCode}${a.month}`.localeCompare(
        `${b.mdaId}${b.economicCode}${b.month}`,
      ),
    );
    expect(sorted).toEqual(
      [
        { mdaId: mdaA, economicCode: '12020101', month: '2026-01-01', budgetKobo: 1_600 },
        { mdaId: mdaA, economicCode: '12020101', month: '2026-02-01', budgetKobo: 1_400 },
        // 100 × 16/31 = 51.6 → 52; 100 × 14/28 = 50.
        { mdaId: mdaA, economicCode: '12020450', month: '2026-01-01', budgetKobo: 52 },
        { mdaId: mdaA, economicCode: '12020450', month: '2026-02-01', budgetKobo: 50 },
        { mdaId: mdaB, economicCode: '12020101', month: '2026-01-01', budgetKobo: 0 },
        { mdaId: mdaB, economicCode: '12020101', month: '2026-02-01', budgetKobo: 0 },
      ].sort((a, b) =>
        `${a.mdaId}${a.economicCode}${a.month}`.localeCompare(
          `${b.mdaId}${b.economicCode}${b.month}`,
        ),
      ),
    );
  });

  it('reads each year of a period crossing the year end from that year’s version', async () => {
    // 2025-12-22…31: 10 days × 100 of 2025's line; January 2026 whole: 3_100 + 100 + 0.
    const { version, rows } = await selectBudgetTotals(
      ctx.db,
      { year: 2026, from: '2025-12-22', to: '2026-01-31', scope: all },
      ['month'],
    );
    expect(version?.version).toBe(2);
    expect(rows.sort((a, b) => (a.month ?? '').localeCompare(b.month ?? ''))).toEqual([
      { month: '2025-12-01', budgetKobo: 1_000 },
      { month: '2026-01-01', budgetKobo: 3_200 },
    ]);
  });

  it('sees only the MDAs in scope and those asked for', async () => {
    const scoped = await selectBudgetTotals(
      ctx.db,
      { year: 2026, from: '2026-01-01', to: '2026-12-31', scope: { all: false, mdaIds: [mdaB] } },
      ['mda'],
    );
    expect(scoped.rows).toEqual([{ mdaId: mdaB, budgetKobo: 0 }]);
    const none = await selectBudgetTotals(
      ctx.db,
      { year: 2026, from: '2026-01-01', to: '2026-12-31', scope: { all: false, mdaIds: [] } },
      [],
    );
    expect(none.rows).toEqual([]);
    const asked = await selectBudgetTotals(
      ctx.db,
      { year: 2026, from: '2026-01-01', to: '2026-12-31', scope: all, mdaIds: [mdaA] },
      ['economicCode'],
    );
    expect(
      asked.rows.sort((a, b) => (a.economicCode ?? '').localeCompare(b.economicCode ?? '')),
    ).toEqual([
      { economicCode: '12020101', budgetKobo: 3_100 + 2_800 + 3_100 },
      { economicCode: '12020450', budgetKobo: 1_200 },
    ]);
  });

  it('answers no version and no rows for a year without a budget', async () => {
    const res = await selectBudgetTotals(
      ctx.db,
      { year: 2030, from: '2030-01-01', to: '2030-03-31', scope: all },
      ['mda'],
    );
    expect(res).toEqual({ version: null, rows: [] });
  });
});
