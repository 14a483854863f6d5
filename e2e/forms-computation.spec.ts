import { expect, signIn, test } from './fixtures';

/**
 * The computation stays in sight: at 1366 × 768 the band table fits its column with no
 * sideways scroll; on a 375 px phone a running total stays on screen while the officer types.
 */

const FORM_PATH = '/birs/taxs/direct-assessment/new';

async function choose(page: import('@playwright/test').Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('at 1366 px the band table fits its column', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'officer_da');
  await page.goto(FORM_PATH);
  await choose(page, 'Year of assessment', '2025');
  await page.getByRole('textbox', { name: 'Income 1: amount', exact: true }).fill('98765432');
  const bands = page.getByRole('region', { name: /^Bands/ });
  await expect(bands.getByRole('table', { name: 'Tax on each band' })).toBeVisible();
  await expect(page.getByTestId('tax-payable')).not.toHaveText('₦0.00');
  const overflow = await bands.evaluate((region) => region.scrollWidth - region.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
});

test('on a 375 px phone the running total stays visible while typing', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'officer_da');
  await page.goto(FORM_PATH);
  await choose(page, 'Year of assessment', '2025');
  const income = page.getByRole('textbox', { name: 'Income 1: amount', exact: true });
  await income.fill('4000000');
  const running = page.getByTestId('running-tax');
  await expect(running).toHaveText(/^₦[\d,]+\.\d{2}$/);
  const first = await running.textContent();
  // Further down the form, the total is still on screen and follows what is typed.
  const nhf = page.getByRole('textbox', { name: 'National Housing Fund (NHF)', exact: true });
  await nhf.scrollIntoViewIfNeeded();
  await nhf.fill('50000');
  await expect(running).toBeInViewport();
  await expect(running).not.toHaveText(first ?? '');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
});
