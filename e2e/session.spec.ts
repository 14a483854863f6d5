import { expect, sidebar, signIn, signInThroughForm, test } from './fixtures';

test.describe('the session', () => {
  test('a signed-in visitor to the sign-in page goes to the dashboard', async ({ page }) => {
    await signIn(page, 'officer_payee');
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/birs\/dashboard$/);
  });

  test('when the service ends the session, the officer is sent to /account/login', async ({
    page,
  }) => {
    await signInThroughForm(page, 'dg_budget');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The session ends behind the page's back (a logout in another tab, a password change).
    const response = await page.request.post('/api/v1/auth/logout', {
      // The page's own origin: E2E_PORT may move the server off 3100.
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.ok()).toBe(true);
    // Coming back to the tab makes the app ask the server again. A check that set off before
    // the logout (the page's own, right after sign-in) still answers 200 and the return joins
    // it; the officer's next return asks afresh. So the test comes back until it is sent away.
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await expect(page).toHaveURL(/\/account\/login/, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/account\/login\?returnUrl=%2Fbirs%2Fdashboard$/);
    await signInThroughForm(page, 'dg_budget');
  });
});

test.describe('shell paths', () => {
  test('/birs opens the dashboard, and the old /birs/taxes spelling still works', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await page.goto('/birs');
    await expect(page).toHaveURL(/\/birs\/dashboard$/);
    await page.goto('/birs/taxes/stamp-duty');
    await expect(page).toHaveURL(/\/birs\/taxs\/stamp-duty$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Stamp Duty' })).toBeVisible();
  });
});

// axe scans every page on arrival; these states appear only after an action, so they are
// scanned where they appear.
test.describe('accessibility of transient states', () => {
  test('the sign-in form with its field errors', async ({ page, checkA11y }) => {
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your username or e-mail')).toBeVisible();
    await expect(page.getByText('Enter your password')).toBeVisible();
    await checkA11y();
  });

  test('the top bar: the search waiting for a term, and the open user menu', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, 'officer_mda_admin');
    const search = page.getByRole('searchbox', {
      name: /^Search taxpayer by (name, )?BTIN, e-mail or phone$/,
    });
    await expect(search).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeDisabled();
    await checkA11y();

    await page.getByRole('button', { name: /, account menu$/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await checkA11y();
  });

  test('the sidebar open over the page at 800 px', async ({ page, checkA11y }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(sidebar(page)).toHaveAttribute('data-open', 'true');
    await checkA11y();
  });

  test('the change-password form with its errors', async ({ page, checkA11y }) => {
    await signIn(page, 'officer_benjis_read');
    await page.goto('/taxpayer/profile');
    await expect(page).toHaveURL(/\/birs\/taxpayer\/profile$/);
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(form.getByText('Enter your current password')).toBeVisible();
    await checkA11y();
  });
});
