import { clippedTable, expect, pageOverflow, signIn, test } from './fixtures';

/**
 * SSC levies (docs/tax-rules.md "SSC levies"): an administrator uploads an MDA's monthly
 * schedule; one bad row refuses the whole file, naming the row and column; the corrected file
 * is accepted and its levy shows in the category's list.
 */

test('an SSC schedule with one bad row is refused, then accepted once corrected', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'admin');
  await page.goto('/birs/ssc/upload?category=civil-servants');
  await expect(page.getByRole('heading', { name: 'Upload SSC Schedule' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Upload an SSC schedule' });

  await form.getByRole('combobox', { name: 'MDA (employer)' }).click();
  await page.getByRole('option').first().click();
  // A month of its own, so a re-run on the same database replaces its own schedule.
  const month = `2021-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
  await form.getByRole('textbox', { name: 'Month' }).fill(month);

  const header = 'staff_id,name,grade_level,gross_monthly_pay';
  const bad = [header, 'E2E/1,Ebiere Owei,GL 08,185000.00', 'E2E/2,Tonye Dickson,12,two hundred'];
  await form.locator('input[type="file"]').setInputFiles({
    name: 'schedule.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bad.join('\n'), 'utf8'),
  });
  await form.getByRole('button', { name: 'Upload schedule' }).click();
  await expect(form.getByRole('alert')).toContainText('The schedule was not stored');
  const problems = form.getByRole('table', { name: 'Rows to fix' });
  await expect(problems).toContainText('gross_monthly_pay');
  await expect(problems.getByRole('row')).toHaveCount(2);
  await expect(problems.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  await checkA11y();

  const corrected = [header, 'E2E/1,Ebiere Owei,GL 08,185000.00', 'E2E/2,Tonye Dickson,12,200000'];
  await form.locator('input[type="file"]').setInputFiles({
    name: 'schedule-corrected.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(corrected.join('\n'), 'utf8'),
  });
  await form.getByRole('button', { name: 'Upload schedule' }).click();
  const stored = page.getByRole('status').filter({ hasText: 'Schedule stored' });
  // ₦185,000.00 and ₦200,000.00 at 1.5 % (demo rate): ₦2,775.00 + ₦3,000.00.
  await expect(stored).toContainText('2 staff, levy ₦5,775.00');
  await expect(problems).toHaveCount(0);

  await stored.getByRole('link', { name: 'Open the schedule' }).click();
  await expect(page.getByRole('heading', { name: /SSC schedule, / })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Staff on the schedule' })).toContainText(
    'Tonye Dickson',
  );
  await expect(page.getByText('Demo rate').first()).toBeVisible();
  await checkA11y();

  // Before the RRR is raised the officer sees which MDA collects it and under which head, on
  // a phone as on a desk: nothing wider than the screen, no column cut off.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  await expect(page.getByRole('list', { name: 'Staff on the schedule' })).toContainText(
    'Tonye Dickson',
  );
  await page.getByRole('button', { name: 'Raise bill' }).click();
  const dialog = page.getByRole('dialog', { name: 'Raise the SSC bill' });
  await expect(dialog).toContainText('₦5,775.00');
  await expect(dialog).toContainText('(BIRS)');
  await expect(dialog).toContainText('12010702 · Social services contribution (SSC) levy');
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await checkA11y();
  await page.setViewportSize({ width: 1366, height: 768 });
  await dialog.getByRole('button', { name: 'Raise bill' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Bill' })).toContainText(
    /RRR \d{12} for ₦5,775\.00/,
  );

  await page.goto(`/birs/ssc/civil-servants?month=${month}`);
  await expect(page.getByText('Sorted by:')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
  await checkA11y();
});

test('an SSC schedule typed person by person shows each levy, refuses a bad row on its row, fits 375 px', async ({
  page,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'admin');
  await page.goto('/birs/ssc/entry');
  await expect(page.getByRole('heading', { name: 'Enter SSC Schedule' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Enter an SSC schedule' });
  await form.getByRole('combobox', { name: 'MDA (employer)' }).click();
  await page.getByRole('option').nth(1).click();
  await form.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Civil servants and local government employees' }).click();
  const month = `2021-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
  await form.getByRole('textbox', { name: 'Month', exact: true }).fill(month);

  const first = form.getByRole('group', { name: 'Person 1' });
  await first.getByRole('textbox', { name: 'Staff id' }).fill('HAND/1');
  await first.getByRole('textbox', { name: 'Name' }).fill('Preye Sylva');
  await first.getByRole('textbox', { name: 'Grade level' }).fill('8');
  // The naira field formats the thousands itself (NairaInput): the officer types figures.
  await first.getByRole('textbox', { name: 'Gross monthly pay (₦)' }).fill('185000');
  await expect(first.getByRole('textbox', { name: 'Gross monthly pay (₦)' })).toHaveValue(
    '₦185,000',
  );
  // ₦185,000.00 at 1.5 % (demo rate).
  await expect(first).toContainText('Levy ₦2,775.00 at 1.5 % (Demo rate)');

  await form.getByRole('button', { name: 'Add a person' }).click();
  const second = form.getByRole('group', { name: 'Person 2' });
  await second.getByRole('textbox', { name: 'Staff id' }).fill('HAND/1');
  await second.getByRole('textbox', { name: 'Name' }).fill('Boma Ere');
  await second.getByRole('textbox', { name: 'Grade level' }).fill('3');
  // Words are not taken as an amount: the pay stays empty and is asked for on its row.
  await second.getByRole('textbox', { name: 'Gross monthly pay (₦)' }).fill('two hundred');
  await expect(second.getByRole('textbox', { name: 'Gross monthly pay (₦)' })).toHaveValue('');
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(second).toContainText('This staff id is on another row');
  await expect(second).toContainText('Give the gross monthly pay in naira');
  await expect(first).not.toContainText('another row');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await checkA11y();

  await second.getByRole('textbox', { name: 'Staff id' }).fill('HAND/2');
  await second.getByRole('textbox', { name: 'Gross monthly pay (₦)' }).fill('200000');
  await expect(second).toContainText('Levy ₦2,000.00 at 1 % (Demo rate)');
  await form.getByRole('button', { name: 'Save schedule' }).click();
  const stored = page.getByRole('status').filter({ hasText: 'Schedule stored' });
  await expect(stored).toContainText('2 staff, levy ₦4,775.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
