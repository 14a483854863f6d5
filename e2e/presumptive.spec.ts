import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** Digits nobody else in this run has, for a category name of this test's own. */
function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

type Taxpayer = { btin: string; displayName: string };

/** A taxpayer of the demo seed (the officer_pa reads the registry). */
async function demoTaxpayer(page: Page, kind: 'individual' | 'corporate'): Promise<Taxpayer> {
  const response = await page.request.get(`/api/v1/taxpayers?kind=${kind}&pageSize=5`);
  expect(response.status(), await response.text()).toBe(200);
  const [first] = ((await response.json()) as { items: Taxpayer[] }).items;
  if (!first) throw new Error(`the demo seed has no ${kind} taxpayer`);
  return first;
}

/** Picks a category in the searchable select by typing part of its name. */
async function chooseCategory(page: Page, typed: string, option: string): Promise<void> {
  const select = page.getByRole('combobox', { name: 'Trade category' });
  await select.click();
  await select.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Saves the draft and answers the new assessment as the API holds it. */
async function saveDraft(page: Page) {
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/birs\/taxs\/assessment\/[0-9a-f-]{36}$/, { timeout: 15_000 });
  const id = new URL(page.url()).pathname.split('/').pop();
  const response = await page.request.get(`/api/v1/assessments/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

test('an officer_pa assesses a demo trader by category and size, seeing the amount before saving', async ({
  page,
}) => {
  await signIn(page, 'officer_pa');
  const trader = await demoTaxpayer(page, 'individual');
  await page.goto(`/birs/taxs/presumptive-tax/new?btin=${trader.btin}`);
  await expect(page.getByRole('heading', { name: 'New presumptive assessment' })).toBeVisible();
  await expect(page.getByTestId('taxpayer-name')).toHaveText(trader.displayName);

  // Nothing chosen: the errors are beside the fields, nothing is sent.
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Choose the trade category', { exact: true })).toBeVisible();

  await chooseCategory(page, 'fish', 'Fish sellers (demo value)');
  await expect(page.getByText('Choose the size of the trade to see the amount.')).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Choose the size of the trade', { exact: true })).toBeVisible();
  await page.getByRole('radio', { name: 'Medium' }).check();
  await expect(page.getByTestId('presumptive-amount')).toHaveText('₦8,000.00');
  await expect(page.getByText('Fixed ₦8,000.00 a year for a medium trader.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Market' }).fill('Swali Market');
  await page.getByRole('textbox', { name: 'Street or stall' }).fill('Shop 14');
  const draft = await saveDraft(page);
  expect(draft).toMatchObject({
    kind: 'presumptive',
    status: 'draft',
    btin: trader.btin,
    taxKobo: 800_000,
    traderSize: 'medium',
    tradeCategory: { name: 'Fish sellers' },
    tradeLocation: 'Swali Market, Shop 14',
  });
});

test('the turnover rule: nothing at or below the threshold, the rate on the whole turnover above it', async ({
  page,
}) => {
  await signIn(page, 'officer_pa');
  const business = await demoTaxpayer(page, 'corporate');
  await page.goto('/birs/taxs/presumptive-tax/new');
  await page.getByRole('textbox', { name: 'Taxpayer’s BTIN' }).fill(business.btin);
  await expect(page.getByTestId('taxpayer-name')).toHaveText(business.displayName);

  await chooseCategory(page, 'turnover', 'Larger traders (turnover based) (demo value)');
  const turnover = page.getByRole('textbox', { name: 'Estimated annual turnover' });
  await turnover.fill('12000000');
  await expect(page.getByTestId('presumptive-amount')).toHaveText('₦0.00');
  await expect(page.getByText('is at or below the threshold: nothing is due')).toBeVisible();
  await expect(
    page.getByText(
      '1 % of turnover when the turnover is above ₦12,000,000.00 (nothing at or below it).',
    ),
  ).toBeVisible();

  await turnover.fill('15000000');
  await expect(page.getByTestId('presumptive-amount')).toHaveText('₦150,000.00');
  const draft = await saveDraft(page);
  expect(draft).toMatchObject({
    btin: business.btin,
    taxKobo: 15_000_000,
    estimatedTurnoverKobo: 1_500_000_000,
    traderSize: null,
  });
});

test('an administrator adds and edits a category; the officer_pa form then offers it', async ({
  page,
}) => {
  const name = `E2E canoe builders ${uniqueDigits(6)}`;
  await signIn(page, 'admin');
  await page.goto('/birs/admin/trade-categories');
  await expect(page.getByRole('heading', { name: 'Trade Categories' })).toBeVisible();
  await expect(page.getByText('Demo value').first()).toBeVisible();

  // A name taken already (in another case) is refused beside the name.
  await page.getByRole('button', { name: 'New category' }).click();
  let dialog = page.getByRole('dialog', { name: 'New trade category' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('fish SELLERS');
  await dialog.getByRole('textbox', { name: 'Small trader' }).fill('1000');
  await dialog.getByRole('textbox', { name: 'Medium trader' }).fill('2000');
  await dialog.getByRole('textbox', { name: 'Large trader' }).fill('3000');
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(
    dialog.getByText('A trade category named "Fish sellers" exists already.'),
  ).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect(
    dialog.getByText('Fixed yearly amount: small ₦1,000.00, medium ₦2,000.00, large ₦3,000.00'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('canoe builders');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('medium ₦2,000.00');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByRole('textbox', { name: 'Medium trader' }).fill('2500');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('medium ₦2,500.00');

  await page.context().clearCookies();
  await signIn(page, 'officer_pa');
  await page.goto('/birs/taxs/presumptive-tax/new');
  await chooseCategory(page, 'canoe', name);
  await page.getByRole('radio', { name: 'Medium' }).check();
  await expect(page.getByTestId('presumptive-amount')).toHaveText('₦2,500.00');
});

test('an officer_pa reads the trade categories but cannot change them', async ({ page }) => {
  await signIn(page, 'officer_pa');
  await page.goto('/birs/admin/trade-categories');
  await expect(page.getByRole('heading', { name: 'Trade Categories' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Fish sellers' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New category' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);

  const origin = new URL(page.url()).origin;
  const created = await page.request.post('/api/v1/trade-categories', {
    headers: { Origin: origin },
    data: { name: 'Not allowed', rule: 'fixed_by_size', smallKobo: 1, mediumKobo: 2, largeKobo: 3 },
  });
  expect(created.status(), await created.text()).toBe(403);
  const list = await page.request.get('/api/v1/trade-categories?search=Fish%20sellers');
  const [fish] = (await list.json()).items as { id: string; version: number }[];
  const edited = await page.request.patch(`/api/v1/trade-categories/${fish?.id}`, {
    headers: { Origin: origin },
    data: { mediumKobo: 1, version: fish?.version },
  });
  expect(edited.status(), await edited.text()).toBe(403);
});

test('a deactivated category stays in the list, marked, and is no longer offered to assessors', async ({
  page,
}) => {
  const name = `E2E boat painters ${uniqueDigits(6)}`;
  await signIn(page, 'admin');
  const created = await page.request.post('/api/v1/trade-categories', {
    headers: { Origin: new URL(page.url()).origin },
    data: { name, rule: 'percent_of_turnover', turnoverThresholdKobo: 0, rateBasisPoints: 50 },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/birs/admin/trade-categories');
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('boat painters');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('0.5 % of turnover when the turnover is above ₦0.00');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByRole('switch', { name: 'Active' }).uncheck();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Inactive');

  await page.context().clearCookies();
  await signIn(page, 'officer_pa');
  await page.goto('/birs/taxs/presumptive-tax/new');
  const select = page.getByRole('combobox', { name: 'Trade category' });
  await select.click();
  await select.fill('boat painters');
  await expect(page.getByText('No active category has this name')).toBeVisible();
});
