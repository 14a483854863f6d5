import ExcelJS from 'exceljs';
import { expect, pageOverflow, signIn, test } from './fixtures';

/**
 * The revenue budget (docs/budgets.md): the DG Budget opens it from the menu and sees the demo
 * budget's newest version; for a year without a budget the page says so; a file with a bad
 * line is refused naming the line and column; the corrected file (made here with exceljs)
 * becomes the year's version 1, whose lines the page shows, at 375 px too.
 */

type Catalogue = { mdas: { id: string; code: string; name: string; heads: { code: string }[] }[] };

async function budgetFile(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Budget');
  sheet.addRow(['MDA code', 'economic code', 'annual amount (₦)']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

test('the DG Budget imports a year’s budget from a file and sees its lines', async ({
  page,
  checkA11y,
}) => {
  // A long walk: the demo year, an empty year, a refused file, the import's job, a phone.
  test.setTimeout(90_000);
  await signIn(page, 'dg_budget');
  await page.goto('/birs');
  await page.getByRole('link', { name: 'Revenue Budget New' }).click();
  await expect(page.getByRole('heading', { name: 'Revenue Budget' })).toBeVisible();
  // The demo budget of this year, revised once.
  await expect(page.getByText('demo budget', { exact: true })).toBeVisible();
  await expect(page.getByText('Newest: used by reports')).toBeVisible();
  await checkA11y();

  // A year of its own, so a re-run on the same database starts from an empty year.
  const year = 2040 + Math.floor(Math.random() * 60);
  await page.goto(`/birs/budgets?year=${year}`);
  await expect(page.getByText(`No budget for ${year} yet: import one or enter it.`)).toBeVisible();

  const catalogue = (await (
    await page.request.get('/api/v1/budgets/revenue-heads')
  ).json()) as Catalogue;
  const [first, second] = catalogue.mdas.filter((m) => m.heads.length > 0);
  if (!first || !second) throw new Error('the demo has fewer than two MDAs with revenue heads');

  // The dialog takes the focus on opening and gives it back to its button on closing.
  const importButton = page.getByRole('button', { name: 'Import' });
  const dialog = page.getByRole('dialog', { name: `Import the ${year} budget` });
  const focusInDialog = () =>
    page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);
  await importButton.click();
  await expect(dialog).toBeVisible();
  await expect.poll(focusInDialog).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(importButton).toBeFocused();
  await importButton.click();
  const form = dialog.getByRole('form', { name: 'Import a budget file' });
  await form.locator('input[type="file"]').setInputFiles({
    name: 'budget.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await budgetFile([
      [first.code, first.heads[0]?.code ?? '', 1_200_000],
      [second.code, second.heads[0]?.code ?? '', 'a lot'],
    ]),
  });
  await form.getByRole('textbox', { name: 'Why this version' }).fill('Approved budget');
  await form.getByRole('button', { name: 'Import', exact: true }).click();
  const problems = form.getByRole('table', { name: 'Lines to fix' });
  // The file is read by the job runner (the upload/job path, docs/budgets.md): with two browser
  // workers on a two-core machine its answer once took past the default wait (then 7 s).
  await expect(problems).toContainText('annual amount (₦)', { timeout: 30_000 });
  await expect(problems.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await checkA11y();

  await form.locator('input[type="file"]').setInputFiles({
    name: 'budget-corrected.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await budgetFile([
      [first.code, first.heads[0]?.code ?? '', 1_200_000],
      [second.code, second.heads[0]?.code ?? '', '2,400,000.00'],
    ]),
  });
  await form.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${year} budget, version 1`)).toBeVisible();
  await expect(page.getByText('Approved budget', { exact: true })).toBeVisible();
  const lines = page.getByRole('table', { name: `Budget ${year}, version 1` });
  await expect(lines).toContainText(first.name);
  await expect(lines).toContainText(second.name);
  // ₦1,200,000 evenly: ₦100,000 a month.
  await expect(lines.getByRole('cell', { name: '₦100,000.00' }).first()).toBeVisible();
  await expect(lines.getByRole('row').last()).toContainText('₦3,600,000.00');
  await checkA11y();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect(lines).toBeVisible();
  await checkA11y();
});
