import {
  type ConsoleMessage,
  type Cookie,
  expect,
  type Locator,
  type Page,
} from '@playwright/test';
import axe from 'axe-core';
import { test as base } from './server';

export { expect };

/** The demo officers' password (the server's default DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'revdesk-demo';

type AxeViolation = { url: string; id: string; impact: string; help: string; targets: string[] };

/**
 * Chromium logs every 4xx answer as "Failed to load resource". For the API those answers are
 * expected (401 before sign-in, 422 for a refused password); a 5xx, or any 4xx for a page or
 * an asset, still fails the test.
 */
function isExpectedApiRefusal(message: ConsoleMessage, failuresMade: readonly number[]): boolean {
  const status = /^Failed to load resource: the server responded with a status of (\d{3})/.exec(
    message.text(),
  )?.[1];
  return (
    status !== undefined &&
    (status.startsWith('4') || failuresMade.includes(Number(status))) &&
    new URL(message.location().url, 'http://x').pathname.startsWith('/api/')
  );
}

const SETTLE_TIMEOUT_MS = 15_000;

/** Waits until the page has stopped moving: no route loading, no finite animation running. */
async function settle(page: Page): Promise<void> {
  // A dialog opened by the last click starts its transition on a later frame: let it start.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  // As long as a check waits for the page (playwright.config.ts expect.timeout): a route still
  // loading on a busy machine is slow, not broken.
  await page
    .getByRole('progressbar', { name: 'Loading page' })
    .waitFor({ state: 'detached', timeout: SETTLE_TIMEOUT_MS });
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: SETTLE_TIMEOUT_MS },
  );
  // Mantine names a dialog (aria-labelledby) only from an effect of its title, one render after
  // the dialog appears: wait that render out. A dialog that stays nameless is still scanned,
  // and axe reports it.
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('[role="dialog"]')].every(
          (dialog) => dialog.hasAttribute('aria-labelledby') || dialog.hasAttribute('aria-label'),
        ),
      undefined,
      { timeout: 1_000 },
    )
    .catch(() => undefined);
}

/** axe cannot run twice at once in a page: every scan of a page waits for the one before. */
const scansInFlight = new WeakMap<Page, Promise<unknown>>();

export function scan(page: Page): Promise<AxeViolation[]> {
  const previous = scansInFlight.get(page) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => runAxe(page));
  scansInFlight.set(page, next);
  return next;
}

/**
 * axe-core run in the page itself. @axe-core/playwright opened a second, blank page for every
 * scan and injected axe into both, which cost more than the scan (about 1 s against 0.1–0.7 s)
 * and half of the browser tests' time; RevDesk's pages have no frames for it to reach.
 * The source is evaluated through the DevTools protocol, so the page's CSP does not refuse it;
 * it is injected at a page's first scan and again after a load.
 */
async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    // Only the violations are wanted: axe then keeps one node of each passing rule, not all.
    const results = await inPage.run(document, { resultTypes: ['violations'] });
    // An open select's option list scrolls without taking focus: the focus stays in its input,
    // which moves through the options by aria-activedescendant (the WAI-ARIA combobox pattern).
    // axe flags that scrolling list as out of keyboard reach — a false positive it knows of
    // (dequelabs/axe-core#4914, open) — so it is dropped here, and only here: any other
    // scrolling region still has to be reachable.
    const isComboboxList = (selector: string): boolean => {
      const list = document.querySelector(selector)?.closest('[role="listbox"][id]');
      if (!list) return false;
      const owner = document.querySelector(`[aria-controls~="${CSS.escape(list.id)}"]`);
      // Mantine sets aria-controls on the input only while its list is open.
      return owner !== null && owner.getAttribute('aria-expanded') !== 'false';
    };
    return results.violations
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        targets: violation.nodes
          .map((node) => node.target.join(' '))
          .filter(
            (target) => violation.id !== 'scrollable-region-focusable' || !isComboboxList(target),
          ),
      }))
      .filter((violation) => violation.targets.length > 0);
  });
  const url = page.url();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ url, ...violation }));
}

type Fixtures = {
  /** Runs axe on the page as it is now (an open dialog, a menu) and expects no serious issue. */
  checkA11y: () => Promise<void>;
  /**
   * API statuses the test itself makes the network answer (page.route), so the browser's
   * "Failed to load resource" for them is expected: `test.use({ apiFailuresMade: [503] })`.
   */
  apiFailuresMade: number[];
};

/**
 * Every test fails on a `console.error`, a CSP violation or an uncaught error in the page (docs/architecture.md §11.7), and
 * axe checks every page the test visits for serious or critical violations (docs/architecture.md §8).
 */
export const test = base.extend<Fixtures & { a11yLog: AxeViolation[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's pattern.
  a11yLog: async ({}, use) => {
    await use([]);
  },

  apiFailuresMade: [[], { option: true }],

  page: async ({ page, a11yLog, apiFailuresMade }, use) => {
    const errors: string[] = [];
    // A Content-Security-Policy refusal fails the test too, on every page: the page reports it
    // as an event, which this script turns into a console error that the listener below sees.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && !isExpectedApiRefusal(message, apiFailuresMade)) {
        errors.push(`console.error: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));

    // Each page visited (a load or an in-app navigation) is scanned once it has settled, unless
    // the test has already moved on by then: to another page, or to this one loaded again. A
    // reload keeps the URL, so the URL alone does not tell: axe injected into the page before a
    // reload and called after it failed with "Cannot read properties of undefined (reading
    // 'runPartial')" (tcc-verify.spec.ts reloads a page it has just loaded). Each navigation
    // has its number; the scan queued for it gives way once there is a later one, whose own
    // scan is queued behind it.
    const scanned = new Set<string>();
    let queue: Promise<void> = Promise.resolve();
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      navigations += 1;
      const navigation = navigations;
      const url = frame.url();
      const hasMovedOn = () => page.isClosed() || navigations !== navigation;
      queue = queue.then(async () => {
        if (scanned.has(url) || hasMovedOn()) return;
        try {
          await settle(page);
          if (hasMovedOn()) return;
          let found = await scan(page);
          // The test goes on while this scan runs: a dialog it opens meanwhile can be caught
          // half-mounted. What is really wrong with the page is still there a moment later.
          if (found.length > 0 && !hasMovedOn()) {
            await settle(page);
            found = await scan(page);
          }
          if (hasMovedOn()) return;
          scanned.add(url);
          a11yLog.push(...found);
        } catch (error) {
          // A page that navigated away, reloaded or closed mid-scan is scanned at its next stop
          // (or at the end of the test) instead. So is one whose scan was still running when the
          // test body returned: Playwright ends that call with "Test ended", and the scan after
          // `use` below covers the page the test finished on.
          if (hasMovedOn()) return;
          if (
            error instanceof Error &&
            /Execution context was destroyed|navigat|Test ended/i.test(error.message)
          )
            return;
          throw error;
        }
      });
    });

    await use(page);

    await queue;
    if (!scanned.has(page.url()) && !page.isClosed()) {
      await settle(page);
      a11yLog.push(...(await scan(page)));
    }
    expect(errors, 'console errors in the page').toEqual([]);
    expect(a11yLog, 'serious or critical accessibility violations').toEqual([]);
  },

  checkA11y: async ({ page, a11yLog }, use) => {
    await use(async () => {
      await settle(page);
      a11yLog.push(...(await scan(page)));
    });
  },
});

/**
 * Each worker's signed-in sessions, one per officer and password: the session cookie (the
 * context's storageState cookies) from the first sign-in, reused by every later test of the
 * worker that signs in as that officer. A worker has its own server and database (server.ts)
 * and runs in a process of its own, so a module-level map is per worker: a worker replaced
 * after a failure starts empty, with its new server. Sessions are server-side (ADR 0002):
 * one stays valid until it is signed out, idles 30 minutes, or its officer's password changes
 * or the officer is deactivated — so a test that signs out or ends a session signs in with
 * signInThroughForm, a session of its own, and never ends a shared one.
 */
const sessions = new Map<string, Cookie[]>();

/**
 * Puts `username`'s session for this worker into the page's context and opens `expectedPath`
 * (the dashboard by default). The first time in a worker it signs in through the API and keeps
 * the session; a kept session the server no longer knows (one a test ended after all) is
 * replaced, so a mistake there costs a sign-in, not every later test. Tests of the sign-in
 * itself use signInThroughForm.
 */
export async function signIn(
  page: Page,
  username: string,
  options: { password?: string; expectedPath?: string } = {},
): Promise<void> {
  const { password = DEMO_PASSWORD, expectedPath = '/birs/dashboard' } = options;
  const key = `${username}\n${password}`;
  const context = page.context();
  const kept = sessions.get(key);
  let live = false;
  if (kept) {
    await context.addCookies(kept);
    // Never 401: it answers `{ me: null }` for a session the server has ended.
    const answer = await page.request.get('/api/v1/auth/session');
    const me = ((await answer.json()) as { me: { username?: string } | null }).me;
    live = answer.ok() && me !== null;
  }
  if (!live) {
    const login = await page.request.post('/api/v1/auth/login', { data: { username, password } });
    expect(login.status(), await login.text()).toBe(200);
    sessions.set(key, (await context.storageState()).cookies);
  }
  await page.goto(expectedPath);
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(expectedPath)}$`));
}

/**
 * Signs in through the form, as an officer would, and waits for the dashboard or `expectedPath`:
 * a session of the test's own, for tests of the sign-in and for tests that end their session.
 */
export async function signInThroughForm(
  page: Page,
  username: string,
  options: { password?: string; expectedPath?: string | RegExp } = {},
): Promise<void> {
  const { password = DEMO_PASSWORD, expectedPath = '/birs/dashboard' } = options;
  if (!/\/(auth|account)\/login/.test(page.url())) await page.goto('/auth/login');
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(
    typeof expectedPath === 'string' ? new RegExp(`${escapeRegExp(expectedPath)}$`) : expectedPath,
  );
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The sidebar (its `nav` landmark). */
export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/**
 * How far the page reaches past the window's width: above 0, the page scrolls sideways
 * (docs/architecture.md §9: every list works at 375 px wide).
 */
export function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => (document.scrollingElement ?? document.documentElement).scrollWidth - window.innerWidth,
  );
}

/**
 * How far the widest table reaches past its own box, or a header cell past the window: a
 * clipped column when above 1 (ListTable folds lower-priority columns into the row instead).
 */
export function clippedTable(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll('table')].flatMap((table) => {
        const box = table.parentElement?.closest('div') ?? table.parentElement;
        return [
          table.scrollWidth - (box?.clientWidth ?? table.scrollWidth),
          ...[...table.querySelectorAll('th')].map(
            (cell) => cell.getBoundingClientRect().right - window.innerWidth,
          ),
        ];
      }),
    ),
  );
}

/** Presses Tab until `target` has the focus, as a keyboard user reaches it; fails past `most`. */
export async function tabTo(page: Page, target: Locator, most = 40): Promise<void> {
  for (let i = 0; i < most; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
