import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { clippedTable, expect, pageOverflow, signIn, test } from './fixtures';

/**
 * An MDA's employees' certificates in bulk (docs/product.md §2 taxs/generate-mda-tcc): the PAYE officer
 * uploads a payroll file, watches the job, reads the row that failed and downloads the outcomes.
 * The panel (MdaBulkUpload) is rendered on the generate-mda-tcc page.
 */

/** Digits nobody else in this run has (a NIN, a phone number). */
function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

/** An employee registered through the API as the signed-in officer. */
async function registerEmployee(page: Page): Promise<string> {
  const origin = new URL(page.url()).origin;
  const registered = await page.request.post('/api/v1/taxpayers/individuals', {
    headers: { Origin: origin },
    data: {
      firstName: 'Ebiere',
      lastName: 'Owei',
      gender: 'female',
      dateOfBirth: '1984-03-12',
      nin: uniqueDigits(11),
      phone: `0803${uniqueDigits(7)}`,
      address: '12 Hospital Road, Yenagoa',
      stateId: 6,
      lgaId: 608,
      employmentStatus: 'employed',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return ((await registered.json()).taxpayer as { btin: string }).btin;
}

/** A payroll file in the template's format: the template's own header, our rows under it. */
async function payrollFile(page: Page, btins: string[]): Promise<string> {
  const template = await page.request.get('/api/v1/tcc-batches/template.csv');
  expect(template.status()).toBe(200);
  const [header, example] = (await template.text())
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  if (!header || !example) throw new Error('the template has no example row');
  const names = header.split(',');
  const cells = example.split(',');
  const btinAt = names.indexOf('btin');
  const staffAt = names.indexOf('staff_number');
  const rows = btins.map((btin, i) =>
    cells.map((cell, at) => (at === btinAt ? btin : at === staffAt ? `MOH/${i + 1}` : cell)),
  );
  return [header, ...rows.map((r) => r.join(','))].join('\n');
}

test('a PAYE officer generates certificates for an MDA’s employees from a payroll file', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'officer_payee');
  const btin = await registerEmployee(page);
  // 2000000000 has a right check digit but no taxpayer: the generate service refuses it.
  const text = await payrollFile(page, [btin, '2000000000']);

  await page.goto('/birs/taxs/generate-mda-tcc');
  const panel = page.getByRole('region', { name: 'Many employees from a payroll file' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
    'href',
    '/api/v1/tcc-batches/template.csv',
  );

  // Nothing chosen: the panel says what is missing before sending anything.
  await panel.getByRole('button', { name: 'Upload and generate' }).click();
  await expect(panel.getByText('Choose the MDA whose employees these are')).toBeVisible();

  await panel.getByRole('combobox', { name: 'MDA' }).click();
  await page.getByRole('listbox', { name: 'MDA' }).getByRole('option').first().click();
  await panel.locator('input[type="file"]').setInputFiles({
    name: 'payroll.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  });
  await panel.getByRole('button', { name: 'Upload and generate' }).click();

  await expect(panel.getByRole('alert').filter({ hasText: 'Process Successful!' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(panel.getByRole('progressbar', { name: 'Employees processed' })).toBeVisible();
  const counts = panel.getByLabel('Rows by outcome');
  await expect(counts).toContainText('Rows: 2');
  await expect(counts).toContainText('Generated: 1');
  await expect(counts).toContainText('Failed: 1');

  const failed = panel.getByRole('table');
  await expect(failed).toContainText('2000000000');
  await expect(failed).not.toContainText(btin);
  await checkA11y();

  // The outcome at a desk's 1366 px and a phone's 375 px (docs/architecture.md §9): no column
  // cut off, no page wider than the window, the failed row a card on the phone.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(panel.getByRole('list', { name: 'Rows that failed' })).toContainText('2000000000');
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await checkA11y();
  await page.setViewportSize({ width: 1366, height: 768 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('link', { name: 'Download outcomes' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('payroll-results.csv');
  const outcomes = await readFile((await download.path()) as string, 'utf8');
  expect(outcomes).toMatch(new RegExp(`2,${btin},MOH/1,generated,[^,]+/TCC/\\d{4}/\\d{6},`));
  expect(outcomes).toMatch(/3,2000000000,MOH\/2,failed,,/);

  await panel.getByRole('button', { name: 'Upload another file' }).click();
  await expect(panel.getByRole('button', { name: 'Upload and generate' })).toBeVisible();
});

test('a payroll file with a wrong header is refused with what to correct', async ({ page }) => {
  await signIn(page, 'officer_payee');
  await page.goto('/birs/taxs/generate-mda-tcc');
  const panel = page.getByRole('region', { name: 'Many employees from a payroll file' });
  await panel.getByRole('combobox', { name: 'MDA' }).click();
  await page.getByRole('listbox', { name: 'MDA' }).getByRole('option').first().click();
  await panel.locator('input[type="file"]').setInputFiles({
    name: 'payroll.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('btin,staff_no\n2000000000,1\n', 'utf8'),
  });
  await panel.getByRole('button', { name: 'Upload and generate' }).click();
  const alert = panel.getByRole('alert').filter({ hasText: 'The file was not accepted' });
  await expect(alert).toContainText("The header line is not the template's");
  await expect(alert).toContainText('unknown "staff_no"');
});
