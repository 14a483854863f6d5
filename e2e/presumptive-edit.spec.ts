import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * A presumptive draft is edited as a direct one is (form/AssessmentFormFrame.tsx): from its page's
 * "Edit draft", in the same form filled with the draft, saved through
 * PUT /api/v1/assessments/{id}/presumptive; on a phone and on a laptop, without sideways scrolling.
 */

/** A fresh presumptive draft of a demo trader: fish seller, medium, at Swali Market. */
async function presumptiveDraft(page: Page): Promise<string> {
  const origin = new URL(page.url()).origin;
  const traders = await page.request.get('/api/v1/taxpayers?kind=individual&pageSize=1');
  const [trader] = ((await traders.json()) as { items: { btin: string }[] }).items;
  const fish = await page.request.get('/api/v1/trade-categories?search=Fish%20sellers');
  const [category] = ((await fish.json()) as { items: { id: string }[] }).items;
  const created = await page.request.post('/api/v1/assessments/presumptive', {
    headers: { Origin: origin },
    data: {
      btin: trader?.btin,
      taxYear: 2025,
      tradeCategoryId: category?.id,
      size: 'medium',
      tradeLocation: 'Swali Market, Shop 14',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
}

for (const width of [375, 1366]) {
  test(`an officer_pa edits a presumptive draft at ${width} px and sees the change and its history`, async ({
    page,
    checkA11y,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 812 : 768 });
    await signIn(page, 'officer_pa');
    const id = await presumptiveDraft(page);

    await page.goto(`/birs/taxs/assessment/${id}`);
    await page.getByRole('link', { name: 'Edit draft' }).click();
    await expect(page).toHaveURL(new RegExp(`/birs/taxs/presumptive-tax/${id}/edit$`));
    await expect(page.getByRole('heading', { name: 'Edit presumptive assessment' })).toBeVisible();
    // Filled with the draft: its size, its amount, its place.
    await expect(page.getByRole('radio', { name: 'Medium' })).toBeChecked();
    await expect(page.getByTestId('presumptive-amount')).toHaveText('₦8,000.00');
    await expect(page.getByRole('textbox', { name: 'Market' })).toHaveValue('Swali Market');
    await expect(page.getByRole('textbox', { name: 'Street or stall' })).toHaveValue('Shop 14');
    await expectNoSidewaysScroll(page);
    await checkA11y();

    // A turnover category without a turnover: said beside the field and above the buttons.
    const select = page.getByRole('combobox', { name: 'Trade category' });
    await select.click();
    await select.fill('turnover');
    await page
      .getByRole('option', { name: 'Larger traders (turnover based) (demo value)', exact: true })
      .click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(
      page.getByText('Enter the estimated annual turnover', { exact: true }),
    ).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'The draft was not saved' }),
    ).toContainText('Some fields need correcting');
    await expectNoSidewaysScroll(page);

    await page.getByRole('textbox', { name: 'Estimated annual turnover' }).fill('15000000');
    await expect(page.getByTestId('presumptive-amount')).toHaveText('₦150,000.00');
    await page.getByRole('textbox', { name: 'Street or stall' }).fill('Shop 20');
    await page.getByRole('button', { name: 'Save draft' }).click();

    await expect(page).toHaveURL(new RegExp(`/birs/taxs/assessment/${id}$`));
    const figures = page.getByRole('table', { name: 'Presumptive tax' });
    await expect(figures).toContainText('Larger traders (turnover based)');
    await expect(figures).toContainText('Swali Market, Shop 20');
    await expect(figures).toContainText('₦150,000.00');
    const history = page.getByRole('heading', { name: 'History' }).locator('xpath=..');
    await expect(history).toContainText('Draft edited');
    await expectNoSidewaysScroll(page);
  });
}
