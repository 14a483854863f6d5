import { clippedTable, expect, pageOverflow, sidebar, signIn, test } from './fixtures';

/**
 * Collection accounts (ADMIN, docs/bank.md): the demo's accounts listed, one added (a bad
 * number refused beside its field), its matching window widened and deactivated, at a laptop's width and then a
 * phone's.
 */

test('ADMIN keeps the collection accounts: adds one, is told a bad number, deactivates it; fits 375 px', async ({
  page,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await sidebar(page)
    .getByRole('link', { name: /Collection Accounts/ })
    .click();
  await expect(page).toHaveURL(/\/birs\/admin\/collection-accounts$/);
  await expect(page.getByRole('heading', { name: 'Collection Accounts', level: 1 })).toBeVisible();
  await expect(page.getByText('BIRS General Collection Account')).toBeVisible();
  await expect(page.getByText('Ministry of Lands and Survey Revenue Account')).toBeVisible();
  await checkA11y();

  const accountNumber = `30${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
  const name = `Trial Collections ${accountNumber.slice(-4)}`;
  await page.getByRole('button', { name: 'New account' }).click();
  const form = page.getByRole('form', { name: 'New collection account' });
  await form.getByRole('textbox', { name: 'Account number' }).fill('12345');
  await form.getByRole('textbox', { name: 'Account name' }).fill(name);
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(form.getByText('An account number (NUBAN) is ten digits')).toBeVisible();
  await form.getByRole('textbox', { name: 'Account number' }).fill(accountNumber);
  await form.getByRole('button', { name: 'Add account' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Collection account added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(accountNumber);
  await expect(row).toContainText('General (the service’s own)');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('± 3 days');
  await checkA11y();

  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${name}` });
  await edit.getByRole('textbox', { name: 'Matching window (days)' }).fill('40');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('The matching window is at most 31 days')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Matching window (days)' }).fill('5');
  await edit.getByRole('switch', { name: 'Active' }).uncheck();
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Deactivated');
  await expect(row).toContainText('± 5 days');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('heading', { name: 'Collection Accounts', level: 1 })).toBeVisible();
  await expect(page.getByText(accountNumber, { exact: true })).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  await checkA11y();
});
