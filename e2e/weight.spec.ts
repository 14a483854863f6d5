import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Cookie, Page } from '@playwright/test';
import { filterMenu, MENU, menuLinks } from '../src/shared/menu';
import { USER_TYPES, type UserType } from '../src/shared/userTypeEnums';
import { DEMO_PASSWORD, expect, test } from './fixtures';

/**
 * What each page's first load downloads (docs/architecture.md §9 "Web"): the JS and CSS, every
 * request counted, brotli as the server sends them, on an empty cache. Every menu page of every
 * role, the sign-in page and a public check. Bytes, not times: the same build always weighs
 * the same, so this fails only when a change makes a page heavier than its budget.
 */

const WEB_DIR = path.resolve(process.env.E2E_WEB_DIR ?? 'dist/web');
const KB = 1000;

const SIGN_IN_BUDGET = 120 * KB;
const PUBLIC_CHECK_BUDGET = 150 * KB;
const SIGNED_IN_BUDGET = 300 * KB;

/**
 * The pages that draw charts load the chart library (@mantine/charts on recharts, 112 KB of
 * it alone) and only they may (vite.chunks.ts). They are over the 300 KB of the other pages:
 * docs/architecture.md §9 says which way out there is. The ceiling holds them where they are
 * (2026-11-29: 399.6–411.2 KB).
 */
const CHART_PAGE_CEILING = 413 * KB;
const CHART_PAGES = new Set([
  '/birs/dashboard/execute-dashboard',
  '/birs/dashboard/mda-executive-dashboard',
  '/birs/dashboard/mda-dashboard',
  '/birs/dashboard/pos-report-dashboard',
  '/birs/dashboard/mda-report-dashboard',
  '/birs/transactions/benjis-dashboard',
  '/birs/reporting/mda-budget-report',
  '/birs/reporting/mda-budget-report-by-mda',
  '/birs/reporting/consolidated-mda-budget-report',
  '/birs/reporting/mda-budget-report-by-economic-code',
  '/birs/reporting/collection-by-mda',
  '/birs/reporting/mda-revenue-report',
  '/birs/reporting/mda-transaction-report-pos',
  '/birs/reporting/mda-summary-report',
  '/birs/reporting/service-performance',
]);

/** Each menu link once, with the first demo officer (username = user type) whose menu has it. */
function menuPages(): { link: string; userType: UserType }[] {
  const pages = new Map<string, UserType>();
  for (const userType of USER_TYPES) {
    for (const link of menuLinks(filterMenu(MENU, userType))) {
      if (link.startsWith('/') && !pages.has(link)) pages.set(link, userType);
    }
  }
  return [...pages].map(([link, userType]) => ({ link, userType }));
}

/** This worker's sessions, one per demo officer: signing in 17 times, not 100. */
const sessions = new Map<UserType, Cookie[]>();

async function signedInPage(browser: Browser, baseURL: string, userType: UserType): Promise<Page> {
  const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const kept = sessions.get(userType);
  if (kept) {
    await context.addCookies(kept);
  } else {
    const login = await context.request.post('/api/v1/auth/login', {
      data: { username: userType.toLowerCase(), password: DEMO_PASSWORD },
    });
    expect(login.status(), await login.text()).toBe(200);
    sessions.set(userType, (await context.storageState()).cookies);
  }
  return context.newPage();
}

/**
 * Loads `url` on an empty cache and answers the brotli bytes of every script and style it
 * fetched (the .br file the build made, which delivery.spec.ts holds the server to), and their
 * names. The page must draw its heading and fail nothing: a page that broke would weigh less.
 */
async function firstLoad(page: Page, url: string): Promise<{ bytes: number; files: string[] }> {
  const files = new Set<string>();
  const failures: string[] = [];
  page.on('response', (response) => {
    const pathname = new URL(response.url()).pathname;
    // An API's 4xx is an answer the page shows (a public check of a number that is not there);
    // a 5xx, or a 4xx for the page or its files, is a broken page.
    const refused = response.status() >= (pathname.startsWith('/api/') ? 500 : 400);
    if (refused) failures.push(`${response.status()} ${pathname}`);
    if (/\.(?:js|css)$/.test(pathname)) files.add(pathname);
  });
  page.on('pageerror', (error) => failures.push(`uncaught: ${error.message}`));
  await page.goto(url);
  await expect(page.getByRole('heading').first()).toBeVisible();
  // What the page fetches after its first draw (its lazy parts) counts too.
  await page.waitForLoadState('networkidle');
  expect(failures).toEqual([]);
  let bytes = 0;
  for (const file of files) {
    const built = path.join(WEB_DIR, file);
    // The build keeps no .br of a file too small to gain from it: that file goes as it is.
    bytes += statSync(existsSync(`${built}.br`) ? `${built}.br` : built).size;
  }
  return { bytes, files: [...files].map((file) => path.basename(file)) };
}

function report(bytes: number, budget: number) {
  test.info().annotations.push({
    type: 'first load',
    description: `${(bytes / KB).toFixed(1)} KB of ${(budget / KB).toFixed(0)} KB`,
  });
}

test.describe.configure({ mode: 'parallel' });

test('the sign-in page, signed out, loads at most 120 KB of JS and CSS', async ({ page }) => {
  const { bytes } = await firstLoad(page, '/auth/login');
  report(bytes, SIGN_IN_BUDGET);
  expect(bytes).toBeLessThanOrEqual(SIGN_IN_BUDGET);
});

test('a public check page loads at most 150 KB of JS and CSS', async ({ page }) => {
  const { bytes } = await firstLoad(page, '/verify/assessment/ZZZZZZZZZZ');
  report(bytes, PUBLIC_CHECK_BUDGET);
  expect(bytes).toBeLessThanOrEqual(PUBLIC_CHECK_BUDGET);
});

test('the executive’s own landing page is a chart page held at its ceiling', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, baseURL as string, 'EXECUTIVE');
  const { bytes } = await firstLoad(page, '/governor/dashboard');
  report(bytes, CHART_PAGE_CEILING);
  expect(bytes).toBeLessThanOrEqual(CHART_PAGE_CEILING);
  await page.context().close();
});

test('the lists name every chart page and form page of a menu', () => {
  const links = new Set(menuPages().map(({ link }) => link));
  const named = [...CHART_PAGES];
  expect(named.filter((link) => !links.has(link))).toEqual([]);
});

for (const { link, userType } of menuPages()) {
  const charts = CHART_PAGES.has(link);
  const budget = charts ? CHART_PAGE_CEILING : SIGNED_IN_BUDGET;
  test(`${link} (${userType.toLowerCase()}): first load within ${budget / KB} KB${
    charts ? ', the chart library with it' : ', no chart library'
  }`, async ({ browser, baseURL }) => {
    const page = await signedInPage(browser, baseURL as string, userType);
    const { bytes, files } = await firstLoad(page, link);
    report(bytes, budget);
    expect(bytes).toBeLessThanOrEqual(budget);
    // The chart library goes with the pages that draw charts, never with another.
    expect(files.some((file) => file.startsWith('vendor-charts-'))).toBe(charts);
    await page.context().close();
  });
}
