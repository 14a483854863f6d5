import type { Page, Route } from '@playwright/test';
import { expect, sidebar, signIn, test } from './fixtures';

/**
 * docs/architecture.md §9 "never a blank page while data loads": on a slow connection the shell paints at
 * once and the page shows the shape of what is coming; a failed load says so and offers a retry.
 */

const LIST_PATH = '/birs/taxpayer/individual-taxpayer';
const isTaxpayerList = (url: URL) => url.pathname === '/api/v1/taxpayers';
/** The shell's session check: /auth/session on a first visit, /auth/me once signed in. */
const isSessionCheck = (url: URL) =>
  url.pathname === '/api/v1/auth/session' || url.pathname === '/api/v1/auth/me';

/**
 * Holds back the answers to matching calls until `release()`: the test sees the waiting state
 * for as long as it looks, with no race against a fast server (in place of a fixed delay).
 */
async function holdBack(page: Page, matches: (url: URL) => boolean) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let heldCount = 0;
  await page.route(matches, async (route: Route) => {
    heldCount++;
    await held;
    await route.continue();
  });
  return {
    // Later calls pass straight through: the promise they wait on has resolved.
    release,
    heldCount: () => heldCount,
  };
}

test.describe('a page whose data is slow', () => {
  test('a reload of a list shows the shell and a busy table skeleton, then the rows', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const list = await holdBack(page, isTaxpayerList);
    await page.goto(LIST_PATH);

    await expect(page.getByRole('banner')).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Individual Taxpayers' }),
    ).toBeVisible();
    const skeleton = page.getByRole('region', { name: 'Loading the taxpayers…' });
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toHaveAttribute('aria-busy', 'true');
    await expect(skeleton.locator('[data-skeleton-row]')).toHaveCount(8);
    await expect(
      page.getByRole('status').filter({ hasText: 'Loading the taxpayers…' }),
    ).toBeAttached();
    expect(list.heldCount()).toBeGreaterThan(0);

    list.release();
    await expect(skeleton).toBeHidden();
    const table = page.getByRole('table', { name: 'Individual taxpayers' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  });

  test('the shell frame paints before the session check answers', async ({ page }) => {
    await signIn(page, 'admin');
    const session = await holdBack(page, isSessionCheck);
    await page.goto(LIST_PATH);

    // The frame: top bar, a menu still loading, the page's skeleton, the footer.
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(sidebar(page)).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('region', { name: 'Loading the taxpayers…' })).toBeVisible();
    await expect(page.getByText('© 2025 Bayelsa State Board of Internal Revenue')).toBeVisible();
    // Nothing of the officer's until the server has said who they are.
    await expect(page.getByRole('button', { name: /account menu$/ })).toHaveCount(0);
    expect(session.heldCount()).toBeGreaterThan(0);

    session.release();
    await expect(sidebar(page)).not.toHaveAttribute('aria-busy', 'true');
    await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: /account menu$/ })).toBeVisible();
    await expect(
      page.getByRole('table', { name: 'Individual taxpayers' }).getByRole('row').nth(1),
    ).toBeVisible();
  });

  test('a signed-out visitor whose session check is slow still ends at the sign-in page', async ({
    page,
  }) => {
    const session = await holdBack(page, isSessionCheck);
    await page.goto(LIST_PATH);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(sidebar(page)).toHaveAttribute('aria-busy', 'true');
    session.release();
    await expect(page).toHaveURL(
      /\/auth\/login\?returnUrl=%2Fbirs%2Ftaxpayer%2Findividual-taxpayer$/,
    );
  });
});

test.describe('a page whose data fails', () => {
  // The failure is made by the test (below): the browser logs each answer it fakes.
  test.use({ apiFailuresMade: [503] });

  test('a list that fails to load says so, and "Try again" loads it', async ({ page }) => {
    // The query client tries a server error twice more, 1 s then 2 s apart (queryClient.ts),
    // before the page says so: this test waits that out on top of a sign-in and a reload.
    test.slow();
    await signIn(page, 'admin');
    let failures = 0;
    await page.route(isTaxpayerList, async (route) => {
      failures++;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'UNAVAILABLE', message: 'The registry is resting; try again shortly.' },
        }),
      });
    });
    await page.goto(LIST_PATH);

    await expect(page.getByRole('banner')).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: 'The taxpayers could not be loaded' });
    // Two more tries for a server error (queryClient.ts), a second apart, then the message.
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(alert).toContainText('The registry is resting; try again shortly.');
    expect(failures).toBeGreaterThanOrEqual(1);

    await page.unroute(isTaxpayerList);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toBeHidden();
    await expect(
      page.getByRole('table', { name: 'Individual taxpayers' }).getByRole('row').nth(1),
    ).toBeVisible();
  });
});
