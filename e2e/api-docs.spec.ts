import { expect } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures';
import { test } from './server';

/**
 * Swagger UI at /api/docs (docs/architecture.md §3): an integrator signs in through the API, pastes the
 * token into Authorize, and "Try it out" answers with their officer. The browser holds no
 * session cookie here, so the 200 proves the bearer token travelled.
 *
 * Playwright with only the worker's server (./server), not ./fixtures: its axe scan would judge Swagger UI's own markup (unnamed
 * icon buttons, its colours), which RevDesk serves as shipped and does not own. Console errors,
 * a Content-Security-Policy violation among them, still fail the test.
 */
test('Swagger UI: Authorize with a bearer token, then Try it out on GET /api/v1/auth/me', async ({
  page,
  request,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  const login = await request.post('/api/v1/auth/login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  await page.context().clearCookies();

  await page.goto('/api/docs/');
  // Swagger UI parses about 1.5 MB of script before it draws anything: on a busy 2-core
  // machine that alone can take longer than a RevDesk page's whole test.
  test.setTimeout(90_000);
  await expect(page.getByRole('heading', { name: /RevDesk API/ })).toBeVisible({
    timeout: 45_000,
  });

  await page.getByRole('button', { name: 'Authorize', exact: true }).first().click();
  const dialog = page.locator('.modal-ux');
  await dialog.getByLabel('auth-bearer-value').fill(token);
  // Once applied, the token's input gives way to "******": find the form by its heading.
  const bearer = dialog.locator('form', { hasText: '(http, Bearer)' });
  await bearer.getByRole('button', { name: 'Apply credentials' }).click();
  await expect(bearer.getByRole('button', { name: 'Remove authorization' })).toBeVisible();
  await bearer.getByRole('button', { name: 'Close' }).click();

  const operation = page.locator('#operations-auth-getCurrentOfficer');
  await operation.getByRole('button', { name: /^GET \/api\/v1\/auth\/me/ }).click();
  await operation.getByRole('button', { name: 'Try it out' }).click();
  await operation.getByRole('button', { name: 'Execute' }).click();

  const live = operation.locator('.live-responses-table');
  const answer = live.locator('tr.response');
  await expect(answer.locator('.response-col_status')).toHaveText('200');
  await expect(answer.locator('.response-col_description')).toContainText('"username": "admin"');
  expect(errors, 'console errors in Swagger UI').toEqual([]);
});
