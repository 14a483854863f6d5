import { expect, sidebar, signIn, signInThroughForm, test } from './fixtures';

test.describe('sign-in and the /birs guard', () => {
  test('an unsigned visitor is sent to sign in and comes back to the page they asked for', async ({
    page,
  }) => {
    await page.goto('/birs/taxs/pending-tcc-da-director?from=bookmark');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);
    const returnUrl = new URL(page.url()).searchParams.get('returnUrl');
    expect(returnUrl).toBe('/birs/taxs/pending-tcc-da-director?from=bookmark');
    await signInThroughForm(page, 'director_assessment', {
      expectedPath: /\/birs\/taxs\/pending-tcc-da-director\?from=bookmark$/,
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Direct Assessment TCCs awaiting the Director of Assessment',
    );
  });

  test('the empty path goes to sign-in; /account/login is the same page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to RevDesk' })).toBeVisible();
    await page.goto('/account/login');
    await expect(page.getByRole('heading', { name: 'Sign in to RevDesk' })).toBeVisible();
  });

  test('a wrong password says so plainly and signs nobody in', async ({ page }) => {
    await page.goto('/auth/login');
    await page.getByLabel('Username or e-mail').fill('admin');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert', { name: 'Sign-in failed' })).toContainText(
      'Incorrect username or password.',
    );
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('wrong passwords throttle only the address that sent them, saying nothing more; an administrator sees it and clears it', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await page.goto('/auth/login');
    const failed = page.getByRole('alert', { name: 'Sign-in failed' });
    for (let attempt = 0; attempt < 4; attempt++) {
      await page.getByLabel('Username or e-mail').fill('informal_sector_admin');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(`wrong-${attempt}`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The same words every time: a throttled account reads like a wrong password.
      await expect(failed).toHaveText(/Incorrect username or password\./);
      await expect(page.getByText(/locked/i)).toHaveCount(0);
    }

    await signIn(page, 'admin');
    await sidebar(page).getByRole('link', { name: 'Tax Officers' }).click();
    const throttled = page.getByRole('region', { name: 'Throttled sign-ins' });
    const row = throttled.getByRole('row').filter({ hasText: 'informal_sector_admin' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('127.0.0.1');
    await checkA11y();
    await row.getByRole('button', { name: 'Binaebi Ogbotobo' }).click();
    const panel = page.getByRole('dialog', { name: 'Binaebi Ogbotobo' });
    await expect(panel.getByText('Sign-in throttled', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Clear sign-in throttle' }).click();
    await page
      .getByRole('dialog', { name: /Clear sign-in throttle/ })
      .getByRole('button', { name: 'Clear sign-in throttle', exact: true })
      .click();
    await expect(page.getByText('Sign-in throttle cleared')).toBeVisible();
    await expect(throttled).toHaveCount(0);
    await expect(panel.getByText('Sign-in throttled', { exact: true })).toHaveCount(0);
  });

  test('a returnUrl pointing off-site is ignored', async ({ page }) => {
    await page.goto('/auth/login?returnUrl=//evil.example/phish');
    await signInThroughForm(page, 'officer_pa', { expectedPath: '/birs/dashboard' });
  });

  test('Logout ends the session: the shell asks for sign-in again', async ({ page }) => {
    await signInThroughForm(page, 'officer_da');
    await sidebar(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    await page.goto('/birs/dashboard');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fbirs%2Fdashboard$/);
  });

  test('Log Out in the user menu ends the session too', async ({ page }) => {
    await signInThroughForm(page, 'officer_payee');
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await page.goto('/birs/dashboard');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);
  });
});

test.describe('the governor shell', () => {
  test('without a session it asks for sign-in; nothing signs anyone in by itself', async ({
    page,
  }) => {
    await page.goto('/governor/dashboard');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fgovernor%2Fdashboard$/);
    const me = await page.request.get('/api/v1/auth/me');
    expect(me.status()).toBe(401);
  });

  test('an officer who is not an executive is turned away', async ({ page }) => {
    await signIn(page, 'officer_da');
    await page.goto('/governor/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/executives/i);
    await expect(sidebar(page)).toHaveCount(0);
  });

  test('an executive gets the governor shell with their menu', async ({ page }) => {
    await page.goto('/governor/dashboard');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fgovernor%2Fdashboard$/);
    await signInThroughForm(page, 'executive', { expectedPath: '/governor/dashboard' });
    // The governor shell lands on the executive dashboard (docs/dashboards.md); its menu link is built.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Executive Dashboard' }),
    ).toBeVisible();
    await expect(
      sidebar(page).getByRole('link', { name: 'Executive Dashboard', exact: true }),
    ).toBeVisible();
  });
});
