import ExcelJS from 'exceljs';
import type { CollectionsByMdaReport, MdaRevenueReport } from '../src/shared/reports/collections';
import { expect, pageOverflow, signIn, test } from './fixtures';

/**
 * The collection and POS report pages (docs/reports.md): the executive's collection by MDA
 * with its chart, its numbers and its workbook; an MDA administrator's revenue report of their
 * own MDA only; the POS report dashboard on a phone.
 */

test('the executive reads the collection by MDA, its chart figures, and its workbook', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'executive', { expectedPath: '/governor/dashboard' });
  await page.goto('/governor/reporting/collection-by-mda');
  await expect(page.getByRole('heading', { level: 1, name: 'Collection by MDA' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('Year to date');
  const report = (await (
    await page.request.get('/api/v1/reports/collections-by-mda')
  ).json()) as CollectionsByMdaReport;
  expect(report.items.length).toBeGreaterThan(0);
  const first = report.items[0];
  if (!first) throw new Error('no MDA collected this year in the demo data');

  // The chart's numbers: the largest MDA first, its amount in full.
  await page.getByRole('button', { name: 'Show the figures' }).click();
  const figures = page.getByRole('table', { name: /^Collections by MDA/ });
  await expect(figures.locator('tbody tr').first()).toContainText(first.mdaName);
  const table = page.getByRole('table', { name: 'Collections per MDA and channel' });
  await expect(table.locator('tbody tr')).toHaveCount(report.items.length);
  await expect(table.locator('tfoot')).toContainText(
    (report.totals.amountKobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 }),
  );
  await checkA11y();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export Excel' }).click();
  const path = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0];
  expect(sheet?.rowCount).toBe(report.items.length + 1);
  const row = sheet?.getRow(2);
  expect(row?.getCell(1).text).toBe(first.mdaName);
  expect(Number(row?.getCell(2).value)).toBe(first.count);
  expect(Number(row?.getCell(3).value)).toBeCloseTo(first.amountKobo / 100, 2);
});

test("an MDA administrator's revenue report holds their own MDA only", async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'officer_mda_admin');
  await page.goto('/birs/reporting/mda-revenue-report');
  await expect(page.getByRole('heading', { level: 1, name: 'MDA Revenue Report' })).toBeVisible();
  const report = (await (
    await page.request.get('/api/v1/reports/mda-revenue')
  ).json()) as MdaRevenueReport;
  await page.getByRole('combobox', { name: 'MDA' }).click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(1);
  await expect(options.first()).toContainText('MOH');
  await page.keyboard.press('Escape');
  if (report.items.length > 0) {
    await expect(
      page.getByRole('table', { name: 'Collections per revenue head and month' }),
    ).toBeVisible();
  } else {
    await expect(page.getByText('Nothing was collected in this period.')).toBeVisible();
  }
  await checkA11y();

  // Another MDA's figures are refused, not shown.
  const mdas = (await (await page.request.get('/api/v1/mdas')).json()) as {
    items: { id: string }[];
  };
  expect(mdas.items).toHaveLength(1);
  const other = await page.request.get(
    '/api/v1/reports/mda-revenue?mdaId=00000000-0000-4000-8000-000000000000',
  );
  expect(other.status()).toBe(404);
});

test('the POS report dashboard fits a 375 px phone', async ({ page, checkA11y }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'executive', { expectedPath: '/governor/dashboard' });
  await page.goto('/governor/dashboard/pos-report-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'POS Report Dashboard' })).toBeVisible();
  await expect(
    page
      .getByText('No POS takings were recorded in this period.')
      .or(page.getByRole('heading', { name: /POS takings by (day|month)/ })),
  ).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await checkA11y();
});
