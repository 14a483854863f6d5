import { clippedTable, expect, pageOverflow, sidebar, signIn, tabTo, test } from './fixtures';

/**
 * "Payments needing attention" (ADR 0031): an administrator opens it from the menu and sees the
 * demo's bill whose RRR Remita never confirmed, how long it has waited and what to do; a Remita
 * notification of an RRR nobody raised shows as answered but not recorded. The demo has one such
 * bill and opening it settles it, so the phone's look comes first (tests in a file run in order)
 * and no other file opens it.
 */

/** Twelve digits nobody else in this run uses, for an RRR Remita never issued. */
function madeUpRrr(): string {
  return `9${Date.now()}${Math.floor(Math.random() * 10)}`.slice(0, 12);
}

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the page fits the screen and shows the pending bill as a card', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/birs/transactions/needing-attention?kind=pending-confirmation');
    await expect(page.getByRole('heading', { name: 'Payments Needing Attention' })).toBeVisible();
    await expect(page.getByText('Remita could not be reached').first()).toBeVisible();
    await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
    await checkA11y();
  });
});

test('an administrator opens Payments Needing Attention from the menu and sees a pending bill', async ({
  page,
  checkA11y,
}) => {
  const rrr = madeUpRrr();
  const notified = await page.request.post('/api/v1/remita/notifications', {
    data: [{ rrr, amount: '100' }],
  });
  expect(await notified.text()).toBe('OK');

  await signIn(page, 'admin');
  const link = sidebar(page).getByRole('link', { name: /Payments Needing Attention/ });
  await expect(link).toContainText('New');
  await link.click();
  await expect(page).toHaveURL(/\/birs\/transactions\/needing-attention$/);
  await expect(page.getByRole('heading', { name: 'Payments Needing Attention' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Payments needing attention' });
  const pending = table.getByRole('row').filter({ hasText: 'Bill waiting for RRR' });
  await expect(pending).toContainText('waiting for its RRR');
  await expect(pending).toContainText(/\d+ h \d+ min/);
  await expect(pending).toContainText('Remita could not be reached');
  await expect(pending).toContainText('RevDesk keeps asking Remita');
  await expect(table.getByRole('row').filter({ hasText: `RRR ${rrr}` })).toContainText(
    'Notification not recorded',
  );
  await checkA11y();

  await page.getByRole('combobox', { name: 'Kind', exact: true }).click();
  await page.getByRole('option', { name: 'Bill waiting for RRR', exact: true }).click();
  await expect(page).toHaveURL(/kind=pending-confirmation/);
  await expect(table.getByText('Notification not recorded')).toHaveCount(0);
  await expect(table.getByText('Bill waiting for RRR').first()).toBeVisible();
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);

  // Last, because opening the bill asks Remita at once and settles it: from the line over the
  // list, Tab to the bill's link and Enter opens it in the payment history.
  await page.getByText(/^Sorted by: \S/).click();
  await tabTo(page, table.getByRole('link', { name: /^(RRR|Order) / }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/birs\/taxs\/payment-history\?payment=/);
});

test('another user type is told the page is not theirs', async ({ page }) => {
  await signIn(page, 'officer_da');
  await expect(sidebar(page).getByRole('link', { name: /Payments Needing Attention/ })).toHaveCount(
    0,
  );
  await page.goto('/birs/transactions/needing-attention');
  await expect(
    page.getByRole('heading', { name: 'You do not have access to this page' }),
  ).toBeVisible();
});
