import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetPerformanceReport } from '../../../../shared/reports/budget';
import { systemActor } from '../../../auth/actor';
import { budgetLines, budgetVersions, mdaRevenueHeads, mdas } from '../../../db/schema';
import { onPaper } from '../../../documents/testing/paper';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, signInAs, signInMdaOfficer } from '../../../testing/factories';
import { createLedger } from '../../payments/ledger/ledger';
import { updatePayment } from '../../payments/ledger/queries';
import { createPayment } from '../../payments/testing';

/**
 * Budget performance (docs/reports.md) against budget lines and ledger payments written by
 * hand. The 2026 lines are phased so that every day of the year is worth the same (each month
 * its days × a daily amount), so a period's budget is its days × that amount whatever months
 * it cuts; the local government's line is a flat 10,000 kobo a month, so its part months show
 * the proration by days of each month.
 */

let ctx: TestContext & { close(): Promise<void> };
let executive: Awaited<ReturnType<typeof signInAs>>;
let officerA: Awaited<ReturnType<typeof signInAs>>;
let mdaA: string;
let mdaB: string;
let mdaC: string;
const system = systemActor('system');

const DAYS_2026 = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** Each month its days × `daily` kobo. */
const daily = (perDay: number) => DAYS_2026.map((d) => d * perDay);
const flat = (monthly: number) => DAYS_2026.map(() => monthly);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

async function get(query: string, headers = executive.bearer) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/reports/budget-performance?${query}`,
    headers,
  });
}
async function report(query: string, headers = executive.bearer) {
  const res = await get(query, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BudgetPerformanceReport>();
}
const figures = (r: BudgetPerformanceReport) =>
  r.items.map((i) => [i.key, i.budgetKobo, i.actualKobo]);

beforeAll(async () => {
  ctx = await createTestContext();
  executive = await signInAs(ctx, 'EXECUTIVE');
  const make = async (name: string, category: 'ministry' | 'agency' | 'lga') => {
    const { id } = await createMda(ctx, { name });
    await ctx.db.update(mdas).set({ category }).where(eq(mdas.id, id));
    return id;
  };
  mdaA = await make('Ministry of Lands (budget test)', 'ministry');
  mdaB = await make('Bayelsa Roads Agency (budget test)', 'agency');
  mdaC = await make('Yenagoa LGA (budget test)', 'lga');
  officerA = await signInMdaOfficer(ctx, [mdaA]);
  await ctx.db.insert(mdaRevenueHeads).values([
    { mdaId: mdaA, code: '12020101', name: 'Land registration fees' },
    { mdaId: mdaA, code: '12020450', name: 'Survey plan fees' },
  ]);

  const [v1, v2] = await ctx.db
    .insert(budgetVersions)
    .values([
      { year: 2026, version: 1, note: 'Approved budget', source: 'entry' },
      { year: 2026, version: 2, note: 'Supplementary budget', source: 'entry' },
    ])
    .returning();
  if (!v1 || !v2) throw new Error('no versions');
  const line = (versionId: string, mdaId: string, economicCode: string, months: number[]) => ({
    versionId,
    mdaId,
    economicCode,
    annualKobo: sum(months),
    monthsKobo: months,
  });
  await ctx.db
    .insert(budgetLines)
    .values([
      line(v1.id, mdaA, '12020101', flat(1)),
      line(v2.id, mdaA, '12020101', daily(1_000)),
      line(v2.id, mdaA, '12020450', daily(500)),
      line(v2.id, mdaB, '12010101', daily(2_000)),
      line(v2.id, mdaC, '14010101', flat(10_000)),
    ]);

  await createPayment(ctx, {
    mdaId: mdaA,
    revenueHeadCode: '12020101',
    amountKobo: 50_000,
    paidAt: new Date('2026-02-10T10:00:00Z'),
  });
  // 23:30 UTC on 28 February is 00:30 on 1 March in Lagos: March's.
  await createPayment(ctx, {
    mdaId: mdaA,
    revenueHeadCode: '12020101',
    amountKobo: 20_000,
    paidAt: new Date('2026-02-28T23:30:00Z'),
  });
  await createPayment(ctx, {
    mdaId: mdaA,
    revenueHeadCode: '12020450',
    amountKobo: 7_000,
    paidAt: new Date('2026-03-15T10:00:00Z'),
  });
  // 23:30 UTC on 31 March is 1 April in Lagos, and has no revenue head.
  await createPayment(ctx, {
    mdaId: mdaC,
    amountKobo: 5_000,
    paidAt: new Date('2026-03-31T23:30:00Z'),
  });
  // Paid in January, reversed on 2 April (Lagos): January keeps it, April gives it back.
  const reversed = await createPayment(ctx, {
    mdaId: mdaB,
    revenueHeadCode: '12010101',
    amountKobo: 30_000,
    paidAt: new Date('2026-01-20T12:00:00Z'),
  });
  const ledger = createLedger({
    receiptPrefix: ctx.config.receiptPrefix,
    settlements: ctx.settlements,
  });
  await ctx.db.transaction(async (tx) => {
    await ledger.changeStatusByHand(tx, system, reversed.id, { to: 'reversed', reason: 'Bounced' });
    await updatePayment(tx, reversed.id, { statusChangedAt: new Date('2026-04-01T23:10:00Z') });
  });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const Q1 = 'from=2026-01-01&to=2026-03-31';

describe('budget performance', () => {
  it('by MDA: the newest version, the Lagos days, and variance and percentage', async () => {
    const r = await report(`${Q1}&groupBy=mda`);
    expect(r.budgetVersion).toMatchObject({ year: 2026, version: 2, note: 'Supplementary budget' });
    expect(figures(r)).toEqual([
      [mdaB, 180_000, 30_000],
      [mdaA, 135_000, 77_000],
      [mdaC, 30_000, 0],
    ]);
    expect(r.items[1]).toMatchObject({
      label: 'Ministry of Lands (budget test)',
      varianceKobo: 77_000 - 135_000,
      percent: 57,
      category: 'ministry',
    });
    expect(r.totals).toEqual({
      budgetKobo: 345_000,
      actualKobo: 107_000,
      varianceKobo: 107_000 - 345_000,
      percent: 31,
    });
  });

  it('prorates part months by their days', async () => {
    // 14 days of February (of 28) and 10 of March (of 31).
    const r = await report('from=2026-02-15&to=2026-03-10&groupBy=mda');
    expect(figures(r)).toEqual([
      [mdaB, 48_000, 0],
      [mdaA, 36_000, 20_000],
      // 10,000 × 14/28 + 10,000 × 10/31 = 8,225.8
      [mdaC, 8_226, 0],
    ]);
  });

  it('reads an older version when asked, and says there is none past the last', async () => {
    const r = await report(`${Q1}&groupBy=mda&version=1&mdaId=${mdaA}`);
    expect(r.budgetVersion?.version).toBe(1);
    expect(figures(r)).toEqual([[mdaA, 3, 77_000]]);
    expect((await get(`${Q1}&version=3`)).statusCode).toBe(404);
  });

  it('by month: each month its budget and its money, the reversal on its own day', async () => {
    const r = await report('from=2026-01-01&to=2026-04-30&groupBy=month');
    expect(r.items.map((i) => [i.key, i.label, i.budgetKobo, i.actualKobo])).toEqual([
      ['2026-01', 'January 2026', 118_500, 30_000],
      ['2026-02', 'February 2026', 108_000, 50_000],
      ['2026-03', 'March 2026', 118_500, 27_000],
      ['2026-04', 'April 2026', 30 * 3_500 + 10_000, 5_000 - 30_000],
    ]);
  });

  it('by economic code: each code under subtotals of its first 2, 4 and 6 digits', async () => {
    const r = await report(`${Q1}&groupBy=economic-code`);
    expect(r.items.map((i) => [i.key, i.level, i.subtotal, i.budgetKobo, i.actualKobo])).toEqual([
      ['12', 2, true, 315_000, 107_000],
      ['1201', 4, true, 180_000, 30_000],
      ['120101', 6, true, 180_000, 30_000],
      ['12010101', 8, false, 180_000, 30_000],
      ['1202', 4, true, 135_000, 77_000],
      ['120201', 6, true, 90_000, 70_000],
      ['12020101', 8, false, 90_000, 70_000],
      ['120204', 6, true, 45_000, 7_000],
      ['12020450', 8, false, 45_000, 7_000],
      ['14', 2, true, 30_000, 0],
      ['1401', 4, true, 30_000, 0],
      ['140101', 6, true, 30_000, 0],
      ['14010101', 8, false, 30_000, 0],
    ]);
    expect(r.items.find((i) => i.key === '12020101')?.label).toBe('Land registration fees');
    // Subtotals are not counted twice.
    expect(r.totals).toMatchObject({ budgetKobo: 345_000, actualKobo: 107_000 });
    // Money with no revenue head has a row of its own, last.
    const april = await report('from=2026-04-01&to=2026-04-30&groupBy=economic-code');
    expect(april.items.at(-1)).toMatchObject({
      key: '',
      label: 'No revenue head',
      actualKobo: 5_000,
    });
  });

  it('by category: each category a subtotal over its MDAs', async () => {
    const r = await report(`${Q1}&groupBy=category`);
    expect(r.items.map((i) => [i.key, i.label, i.level, i.budgetKobo, i.actualKobo])).toEqual([
      ['ministry', 'Ministries', 1, 135_000, 77_000],
      [mdaA, 'Ministry of Lands (budget test)', 2, 135_000, 77_000],
      ['agency', 'Agencies', 1, 180_000, 30_000],
      [mdaB, 'Bayelsa Roads Agency (budget test)', 2, 180_000, 30_000],
      ['lga', 'Local governments', 1, 30_000, 0],
      [mdaC, 'Yenagoa LGA (budget test)', 2, 30_000, 0],
    ]);
    expect(r.totals.budgetKobo).toBe(345_000);
  });

  it('one MDA by revenue head', async () => {
    const r = await report(`${Q1}&groupBy=revenue-head&mdaId=${mdaA}`);
    expect(r.mda).toEqual({ id: mdaA, name: 'Ministry of Lands (budget test)' });
    expect(r.items.map((i) => [i.key, i.label, i.budgetKobo, i.actualKobo])).toEqual([
      ['12020101', 'Land registration fees', 90_000, 70_000],
      ['12020450', 'Survey plan fees', 45_000, 7_000],
    ]);
  });

  it('says no version and null percentages for a year with no budget', async () => {
    const r = await report('year=2025&groupBy=mda');
    expect(r).toMatchObject({
      from: '2025-01-01',
      to: '2025-12-31',
      budgetVersion: null,
      items: [],
    });
    expect(r.totals).toEqual({ budgetKobo: 0, actualKobo: 0, varianceKobo: 0, percent: null });
  });
});

describe('who sees what', () => {
  it('an MDA officer sees their MDAs only, and another MDA is not found', async () => {
    const r = await report(`${Q1}&groupBy=mda`, officerA.bearer);
    expect(figures(r)).toEqual([[mdaA, 135_000, 77_000]]);
    expect(r.totals.budgetKobo).toBe(135_000);
    const other = await get(`${Q1}&mdaId=${mdaB}`, officerA.bearer);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('180000');
    const byCode = await report(`${Q1}&groupBy=economic-code`, officerA.bearer);
    expect(byCode.items.map((i) => i.key)).not.toContain('12010101');
  });

  it('refuses those without budget:read', async () => {
    const printer = await signInAs(ctx, 'PRINTING_OFFICER');
    expect((await get(Q1, printer.bearer)).statusCode).toBe(403);
  });
});

describe('bad input', () => {
  it.each([
    ['the end before the start', 'from=2026-03-01&to=2026-02-01'],
    ['more than five years', 'from=2020-01-01&to=2026-01-01'],
    ['a malformed date', 'from=2026-02-30&to=2026-03-01'],
    ['an unknown grouping', `${Q1}&groupBy=colour`],
    ['an unknown format', `${Q1}&format=docx`],
  ])('%s is 422', async (_what, query) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(422);
  });
});

describe('export', () => {
  it('XLSX holds the table and its totals row', async () => {
    const res = await get(`${Q1}&groupBy=economic-code&format=xlsx`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Economic code',
      'Group',
      'Budget (NGN)',
      'Collected (NGN)',
      'Variance (NGN)',
      '% of budget',
    ]);
    expect(sheet.rowCount).toBe(1 + 13 + 1);
    expect(sheet.getRow(5).values).toEqual([
      undefined,
      '12010101',
      '  Economic code 12010101',
      1_800,
      300,
      -1_500,
      '16.7 %',
    ]);
    expect(sheet.getRow(15).values).toEqual([
      undefined,
      'Total',
      'Total',
      3_450,
      1_070,
      -2_380,
      '31.0 %',
    ]);
  });

  it('PDF: landscape, under the letterhead, with the period and budget version', async () => {
    const res = await get(`${Q1}&groupBy=category&format=pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const paper = await onPaper(res.rawPayload, 'budget-category', { draw: false });
    const page = paper.pages[0];
    if (!page) throw new Error('no page');
    expect(page.width).toBeGreaterThan(page.height);
    const text = page.words.map((w) => w.text).join(' ');
    expect(text).toContain('Bayelsa State Board of Internal Revenue');
    expect(text).toContain('Consolidated Budget Performance');
    expect(text).toContain('2026-01-01 to 2026-03-31');
    expect(text).toContain('2026 version 2 (Supplementary budget)');
    expect(text).toContain('Ministries');
    expect(text).toContain('₦3,450.00');
  });
});
