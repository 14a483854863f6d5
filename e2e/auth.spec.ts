import { expect, sidebar, signIn, test } from './fixtures';

test.describe('sign-in and the /birs guard', () => {
  test('an unsigned visitor is sent to sign in and comes back to the page they asked for', async ({
    page,
  }) => {
    await page.goto('/birs/taxs/pending-tcc-da-director?from=bookmark');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);
    const returnUrl = new URL(page.url()).searchParams.get('returnUrl');
    expect(returnUrl).toBe('/birs/taxs/pending-tcc-da-director?from=bookmark');
    await signIn(page, 'director_assessment', {
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

  test('five wrong passwords in a row lock the account, and the page says for how long', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    const lockAlert = page
      .getByRole('alert')
      .filter({ hasText: /locked; try again in \d+ minutes?/ });
    // Up to five tries: a retry of this test finds the account already locked.
    for (let attempt = 0; attempt < 5 && !(await lockAlert.isVisible()); attempt++) {
      await page.getByLabel('Username or e-mail').fill('informal_sector_admin');
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert').filter({ hasNotText: 'Demo data' })).toBeVisible();
    }
    await expect(lockAlert).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  });

  test('a returnUrl pointing off-site is ignored', async ({ page }) => {
    await page.goto('/auth/login?returnUrl=//evil.example/phish');
    await signIn(page, 'officer_pa', { expectedPath: '/birs/dashboard' });
  });

  test('Logout ends the session: the shell asks for sign-in again', async ({ page }) => {
    await signIn(page, 'officer_da');
    await sidebar(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/auth\/login$/);
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    await page.goto('/birs/dashboard');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fbirs%2Fdashboard$/);
  });

  test('Log Out in the user menu ends the session too', async ({ page }) => {
    await signIn(page, 'officer_payee');
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
    await signIn(page, 'executive', { expectedPath: '/governor/dashboard' });
    await expect(
      sidebar(page).getByRole('link', { name: 'Executive Dashboard', exact: true }),
    ).toBeVisible();
  });
});
