import { statSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { expect, test } from './fixtures';

/** The build the server under test serves (e2e/server.ts passes E2E_WEB_DIR as WEB_DIR). */
const WEB_DIR = path.resolve(process.env.E2E_WEB_DIR ?? 'dist/web');

/** Every answer the page receives, kept for the assertions after it has loaded. */
function recordResponses(page: Page): Response[] {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  return responses;
}

const failed = (responses: Response[]) =>
  responses.filter((r) => r.status() >= 400).map((r) => `${r.status()} ${r.url()}`);

test.describe('what the browser downloads (docs/architecture.md §9)', () => {
  test('the sign-in page, signed out: no request fails, and the page, scripts and styles come compressed', async ({
    page,
  }) => {
    const responses = recordResponses(page);
    // The form can show before the probe's answer arrives (the test once looked too early).
    const answered = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/auth/session',
    );
    await page.goto('/auth/login');
    await expect(page.getByRole('heading', { name: 'Sign in to RevDesk' })).toBeVisible();

    // The "is anyone signed in?" probe answers 200 with null, not a 401 Chromium logs.
    const probe = await answered;
    expect(probe.status()).toBe(200);
    expect(await probe.json()).toEqual({ me: null });
    expect(failed(responses)).toEqual([]);

    const textFiles = responses.filter(
      (r) => r.request().resourceType() === 'document' || /\.(?:js|css)$/.test(r.url()),
    );
    expect(textFiles.length).toBeGreaterThan(2);
    // The page carries a nonce of its own (ADR 0014): brotli on the fly.
    const pageAnswer = textFiles.find((r) => r.request().resourceType() === 'document');
    expect(await pageAnswer?.headerValue('content-encoding')).toBe('br');
    // Its <style> tags need that nonce; the fixtures fail the test on any CSP violation.
    expect(await pageAnswer?.headerValue('content-security-policy')).toMatch(
      /style-src 'self' 'nonce-[^']+'; style-src-attr 'unsafe-inline'/,
    );
    // Each script and style is the .br copy the build made (vite.config.ts): its size, not an
    // on-the-fly stream.
    for (const response of textFiles.filter((r) => r !== pageAnswer)) {
      const file = path.join(WEB_DIR, new URL(response.url()).pathname);
      expect({
        url: response.url(),
        encoding: await response.headerValue('content-encoding'),
        length: await response.headerValue('content-length'),
      }).toEqual({
        url: response.url(),
        encoding: 'br',
        length: String(statSync(`${file}.br`).size),
      });
    }
  });

  test('a signed-out visitor to /birs is sent to sign in without a failed request', async ({
    page,
  }) => {
    const responses = recordResponses(page);
    await page.goto('/birs/dashboard');
    await expect(page).toHaveURL(/\/auth\/login\?returnUrl=%2Fbirs%2Fdashboard$/);
    await expect(page.getByRole('heading', { name: 'Sign in to RevDesk' })).toBeVisible();
    expect(failed(responses)).toEqual([]);
  });

  test('robots.txt keeps crawlers out; a path naming a file that is not there is a 404', async ({
    request,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toBe('User-agent: *\nDisallow: /\n');
    for (const path of ['/wp-login.php', '/.env', '/foo/bar.asp']) {
      const missing = await request.get(path);
      expect(missing.status(), path).toBe(404);
      expect(await missing.text(), path).toBe('Not found');
    }
  });
});
