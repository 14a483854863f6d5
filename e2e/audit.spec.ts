import { DEMO_PASSWORD, expect, sidebar, signIn, signInThroughForm, test } from './fixtures';

test('an administrator reads the audit trail, filters it, opens a diff, exports and verifies the chain', async ({
  page,
  checkA11y,
}) => {
  // A sign-in, a failed one, four views and three axe scans: long on 2 cores.
  test.slow();
  // A failed sign-in first, so the trail holds a row with something in its "after".
  await page.goto('/auth/login');
  await page.getByLabel('Username or e-mail').fill('admin');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(`not-${DEMO_PASSWORD}`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /username or password/i })).toBeVisible();
  await signInThroughForm(page, 'admin');

  await sidebar(page).getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page).toHaveURL(/\/birs\/taxs\/audit-trail$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
  const trail = page.getByRole('table', { name: 'Audit trail' });
  await expect(
    trail
      .getByRole('row')
      .filter({ hasText: 'auth.signed_in' })
      // The actor by name, with the username beneath it.
      .filter({ hasText: 'Ebiere Alamieyeseigha' })
      .filter({ hasText: 'admin' })
      .first(),
  ).toBeVisible();

  await page.getByRole('combobox', { name: 'Action', exact: true }).click();
  await page.getByRole('option', { name: 'auth.sign_in_failed', exact: true }).click();
  await expect(page).toHaveURL(/action=auth\.sign_in_failed/);
  const rows = trail.locator('tbody tr').filter({ hasText: 'auth.' });
  await expect(rows.first()).toContainText('auth.sign_in_failed');
  await expect(trail.getByText('auth.signed_in', { exact: true })).toHaveCount(0);

  const show = trail.getByRole('button', { name: /^Show changes of audit row \d+$/ }).first();
  const rowId = (await show.getAttribute('aria-label'))?.match(/\d+$/)?.[0];
  await show.click();
  const diff = page.getByRole('table', { name: `Before and after of audit row ${rowId}` });
  await expect(diff).toBeVisible();
  await expect(diff.getByRole('row').filter({ hasText: 'reason' })).toContainText('wrong_password');
  await expect(
    trail.getByRole('button', { name: `Hide changes of audit row ${rowId}` }),
  ).toHaveAttribute('aria-expanded', 'true');
  await checkA11y();

  const csv = page.getByRole('link', { name: 'Export CSV' });
  await expect(csv).toHaveAttribute('href', /format=csv/);
  await expect(csv).toHaveAttribute('href', /action=auth\.sign_in_failed/);
  await expect(page.getByRole('link', { name: 'Export Excel' })).toHaveAttribute(
    'href',
    /action=auth\.sign_in_failed.*format=xlsx|format=xlsx.*action=auth\.sign_in_failed/,
  );
  const exported = await page.request.get((await csv.getAttribute('href')) ?? '');
  expect(exported.status()).toBe(200);
  expect(await exported.text()).toContain('auth.sign_in_failed');

  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Chain intact: [\d,]+ rows checked/ }),
  ).toBeVisible();
  await checkA11y();
});

test('an officer who is not an administrator neither sees the trail in the menu nor opens it', async ({
  page,
}) => {
  await signIn(page, 'officer_da');
  await expect(sidebar(page).getByRole('link', { name: 'Audit Trail' })).toHaveCount(0);
  await page.goto('/birs/taxes/audit-trail');
  await expect(page).toHaveURL(/\/birs\/taxs\/audit-trail$/);
  await expect(page.getByText('You do not have access to this page')).toBeVisible();
});
