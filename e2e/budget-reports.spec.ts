import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { formatKoboAsNaira } from '../src/shared/money';
import type { BudgetPerformanceReport } from '../src/shared/reports/budget';
import { expect, pageOverflow, signIn, test } from './fixtures';

/**
 * The budget reports (docs/reports.md): the period picker, the totals row against the Excel
 * file, the figures a person reads against what the API answers for the demo budget (one MDA's
 * budget, collected, variance and percentage, and a totals row that adds up its rows), the MDA
 * officer's scope and a phone's width. The arithmetic against budget lines is checked by the API
 * tests (src/server/modules/reports/budget/*.api.test.ts).
 */

const year = new Date().getUTCFullYear();
/** "₦1,234.50" or "-₦1,234.50" as naira. */
const naira = (text: string) => Number(text.replace(/[₦,\s]/g, ''));

test('an executive picks a quarter on the report by MDA and exports the same figures as Excel', async ({
  page,
  checkA11y,
}) => {
  test.slow();
  await signIn(page, 'executive');
  await page.goto('/birs/reporting/mda-budget-report-by-mda');
  await expect(page.getByRole('heading', { level: 1, name: 'Budget Report by MDA' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Quarter', exact: true }).click();
  await page.getByRole('combobox', { name: 'Quarter' }).click();
  await page.getByRole('option', { name: /^Q1/ }).click();
  await expect(page).toHaveURL(new RegExp(`from=${year}-01-01.*to=${year}-03-31`));
  await expect(page.getByTestId('budget-version')).toContainText(`1 Jan ${year} – 31 Mar ${year}`);
  await checkA11y();

  const totals = page.getByTestId('totals-row');
  const hasTable = await totals.isVisible().catch(() => false);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export Excel' }).click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile(file)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const last = sheet.getRow(sheet.rowCount).values as unknown[];
  expect(last[1]).toBe('Total');
  if (hasTable) {
    const cells = await totals.getByRole('cell').allTextContents();
    expect([last[2], last[3], last[4]]).toEqual(cells.slice(0, 3).map(naira));
    // Every MDA row of the page is a row of the file, between its header and its totals.
    const rows = await page
      .getByRole('table', { name: /^Budget Report by MDA/ })
      .locator('tbody tr')
      .count();
    expect(sheet.rowCount).toBe(rows + 2);
  }
});

test('an MDA officer reports on their own MDA only', async ({ page, checkA11y }) => {
  await signIn(page, 'officer_mda');
  await page.goto('/birs/reporting/mda-budget-report');
  await expect(page.getByRole('heading', { level: 1, name: 'MDA Budget Report' })).toBeVisible();
  const mda = page.getByRole('combobox', { name: 'MDA' });
  await expect(mda).not.toHaveValue('');
  await mda.click();
  // The demo MDA officer holds one MDA: the only one offered.
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('budget-version')).toBeVisible();
  await checkA11y();
});

test('the consolidated report fits a phone', async ({ page, checkA11y }) => {
  await signIn(page, 'executive');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/birs/reporting/consolidated-mda-budget-report');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Consolidated MDA Budget Report' }),
  ).toBeVisible();
  await expect(page.getByTestId('budget-version')).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await checkA11y();
});

test('the report by MDA shows the figures the API answers, and its totals row adds up its rows', async ({
  page,
}) => {
  test.slow();
  await signIn(page, 'executive');
  const from = `${year}-01-01`;
  const to = `${year}-03-31`;
  await page.goto(`/birs/reporting/mda-budget-report-by-mda?from=${from}&to=${to}`);
  const answer = await page.request.get(
    `/api/v1/reports/budget-performance?from=${from}&to=${to}&groupBy=mda`,
  );
  expect(answer.status(), await answer.text()).toBe(200);
  const report = (await answer.json()) as BudgetPerformanceReport;
  // The demo budget holds this year: an MDA with a budget in the first quarter.
  const mda = report.items.find((i) => i.budgetKobo > 0);
  if (!mda) throw new Error('the demo budget holds no MDA this quarter');

  const table = page.getByRole('table', { name: /^Budget Report by MDA/ });
  const row = table
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: mda.label, exact: true }) });
  await expect(row.getByRole('cell')).toHaveText([
    formatKoboAsNaira(mda.budgetKobo),
    formatKoboAsNaira(mda.actualKobo),
    formatKoboAsNaira(mda.varianceKobo),
    mda.percent === null ? '—' : `${mda.percent.toFixed(1)} %`,
  ]);

  // The totals row is the sum of the rows a person reads (by MDA: no subtotal rows).
  const sums = [0, 0, 0];
  for (const cells of await table.locator('tbody tr').all()) {
    const texts = await cells.getByRole('cell').allTextContents();
    for (let i = 0; i < 3; i += 1)
      sums[i] = (sums[i] ?? 0) + Math.round(naira(texts[i] ?? '') * 100);
  }
  const totals = await page.getByTestId('totals-row').getByRole('cell').allTextContents();
  expect(totals.slice(0, 3).map((t) => Math.round(naira(t) * 100))).toEqual(sums);
  expect(sums).toEqual([
    report.totals.budgetKobo,
    report.totals.actualKobo,
    report.totals.varianceKobo,
  ]);
});
