import { clippedTable, expect, pageOverflow, signIn, test } from './fixtures';

/**
 * Post Transactions (docs/bank-matching.md): an administrator fetches a day of the general
 * collection account's statement from the bank simulator, matches its open credits again, posts
 * an unmatched credit as a payment, and signs the day off with a note on what is still
 * unmatched; the page fits 375 px.
 * The executive then reads the day with no button to change it.
 */

/** A day of 2024–2025 of its own, so a re-run on the same database fetches a fresh day. */
function someDay(): string {
  const start = Date.parse('2024-01-01T00:00:00Z');
  return new Date(start + Math.floor(Math.random() * 700) * 86_400_000).toISOString().slice(0, 10);
}

test('a statement fetched, an unmatched credit posted and the day signed off, at 1366 and 375 px', async ({
  page,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await signIn(page, 'admin');
  const day = someDay();
  await page.goto(`/birs/transactions/post-transactions?account=1012345678&from=${day}&to=${day}`);
  await expect(page.getByRole('heading', { name: 'Post Transactions' })).toBeVisible();

  await page.getByRole('button', { name: 'Fetch statement' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Statement fetched' })).toBeVisible({
    timeout: 20_000,
  });
  const list = page.getByRole('table', { name: 'Statement credits' });
  // The busier general account holds a transfer split in two parts that name no reference:
  // both unmatched, and a credit the bank reversed, not revenue.
  await expect(list.getByText('Unmatched').first()).toBeVisible();
  await expect(list.getByText('Reversed by the bank')).toBeVisible();
  await checkA11y();

  // Match again: the open credits looked at anew (no payment recorded since: still open).
  await page.getByRole('button', { name: 'Match again' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'looked at again' })).toContainText(
    'still to decide',
  );

  await list
    .getByRole('button', { name: /^Post as payment: credit / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Post as payment' });
  await dialog.getByRole('combobox', { name: 'MDA' }).fill('Lands');
  await page.getByRole('option', { name: /Ministry of Lands and Survey/ }).click();
  await dialog.getByRole('combobox', { name: 'Revenue head' }).click();
  await page.getByRole('option', { name: /Ground rent/ }).click();
  await dialog.getByRole('textbox', { name: "Payer's name" }).fill('Ebiere Owei');
  await dialog.getByRole('button', { name: 'Post as payment' }).click();
  await expect(dialog.getByRole('status')).toContainText('in the ledger as receipt');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(list.getByText('Posted as a payment', { exact: false }).first()).toBeVisible();

  const reconciliation = page.getByRole('article', { name: /^Reconciliation of / });
  await expect(reconciliation).toContainText('Bank credits');
  await reconciliation.getByRole('button', { name: 'Sign off the day' }).click();
  const signOff = page.getByRole('dialog', { name: /^Sign off / });
  await signOff
    .getByRole('textbox', { name: 'Note' })
    .fill('The second part of the split transfer is still to be posted');
  await signOff.getByRole('button', { name: 'Sign off the day' }).click();
  await expect(reconciliation.getByText('Signed off', { exact: true })).toBeVisible();
  await expect(reconciliation).toContainText('Signed off by admin');
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(
    page.getByRole('button', { name: /^Post as payment: credit / }).first(),
  ).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  await checkA11y();

  // The executive reads the same day without a button to change it.
  await signIn(page, 'executive', { expectedPath: '/governor/dashboard' });
  await page.goto(
    `/governor/transactions/post-transactions?account=1012345678&from=${day}&to=${day}`,
  );
  await expect(page.getByText('Posted as a payment', { exact: false }).first()).toBeVisible();
  await expect(reconciliation.getByText('Signed off', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Post as payment/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign off the day' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Fetch statement' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Match again' })).toHaveCount(0);
});

test('the credits waiting export as CSV and Excel with their filter, and fit 375 px', async ({
  page,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'admin');
  await page.goto('/birs/transactions/post-transactions/waiting?state=unmatched');
  await expect(page.getByRole('heading', { name: 'Bank credits to match' })).toBeVisible();
  const csv = page.getByRole('link', { name: 'Export CSV' });
  await expect(csv).toHaveAttribute(
    'href',
    /^\/api\/v1\/bank\/open-credits\?state=unmatched&format=csv$/,
  );
  await expect(page.getByRole('link', { name: 'Export Excel' })).toHaveAttribute(
    'href',
    /state=unmatched&format=xlsx$/,
  );
  const exported = await page.request.get((await csv.getAttribute('href')) ?? '');
  expect(exported.status()).toBe(200);
  expect(exported.headers()['content-type']).toContain('text/csv');
  expect((await exported.text()).split(/\r?\n/)[0]).toContain(
    'Value date,Account number,Account,Bank reference,Amount (NGN),Narration,State,Candidate payments',
  );
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await checkA11y();
});
