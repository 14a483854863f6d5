import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { scanPdfQrOnAnyPage } from '../src/server/testing/scanPdfQr';
import { DEMO_PASSWORD, expect, test } from './fixtures';

/**
 * The public checks of a receipt and a notice of assessment (ADR 0032), signed out, on a phone
 * and on a desktop: the QR code of a real PDF of the demo data opens one verdict, the name
 * masked, no time; a made-up code and a bare number with a wrong amount say not to accept it.
 * Then what a phone pays for the page: nothing shifts as the answer arrives (CLS < 0.1), and at
 * most 150 KB of JS and CSS on the wire (docs/architecture.md §9).
 */

/** The administrator, signed in on an API context of their own. */
async function admin(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
  });
  const res = await api.post('/api/v1/auth/login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

type Printed = { path: string; number: string; amountKobo: number };

/** The verify address the QR code of a PDF holds (its path on this server). */
async function qrPath(api: APIRequestContext, pdfUrl: string): Promise<string> {
  const pdf = await api.get(pdfUrl);
  expect(pdf.status(), pdfUrl).toBe(200);
  const qr = await scanPdfQrOnAnyPage(new Uint8Array(await pdf.body()));
  expect(qr, `the QR code of ${pdfUrl}`).toBeTruthy();
  return new URL(qr as string).pathname;
}

/** A paid receipt and an issued notice of the demo data, with their QR codes' addresses. */
async function printedDocuments(baseURL: string): Promise<{ receipt: Printed; notice: Printed }> {
  const api = await admin(baseURL);
  try {
    const payments = await api.get('/api/v1/payments?status=paid&pageSize=1');
    const payment = (await payments.json()).items[0] as {
      id: string;
      receiptNumber: string;
      amountKobo: number;
    };
    const assessments = await api.get('/api/v1/assessments?status=issued&pageSize=1');
    const assessment = (await assessments.json()).items[0] as {
      id: string;
      noticeNumber: string;
      taxKobo: number;
    };
    return {
      receipt: {
        path: await qrPath(api, `/api/v1/payments/${payment.id}/receipt.pdf`),
        number: payment.receiptNumber,
        amountKobo: payment.amountKobo,
      },
      notice: {
        path: await qrPath(api, `/api/v1/assessments/${assessment.id}/notice.pdf`),
        number: assessment.noticeNumber,
        amountKobo: assessment.taxKobo,
      },
    };
  } finally {
    await api.dispose();
  }
}

let printing: Promise<{ receipt: Printed; notice: Printed }> | undefined;
const printed = (baseURL: string | undefined) => {
  printing ??= printedDocuments(baseURL as string);
  return printing;
};

/** The one verdict of the page (ADR 0032). */
async function expectVerdict(page: Page, tone: 'valid' | 'invalid' | 'unsure', title: RegExp) {
  const verdict = page.locator('[data-verdict]');
  await expect(verdict).toHaveCount(1);
  await expect(verdict).toHaveAttribute('data-verdict', tone);
  await expect(verdict.getByRole('heading')).toHaveText(title);
}

const naira = (kobo: number) =>
  (kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1366, height: 768 },
]) {
  test.describe(`public checks at ${viewport.width} px`, () => {
    test.use({ viewport });
    // The first test of a worker prints the documents through the staff API first.
    test.beforeEach(() => test.slow());

    test('a receipt: its code opens one verdict, the payer masked, the day not the time; bad input refused', async ({
      page,
      baseURL,
      checkA11y,
    }) => {
      const { receipt } = await printed(baseURL);
      expect(receipt.path).toMatch(/^\/verify\/receipt\/[2-9A-HJKMNP-Z]{10}$/);
      await page.goto(receipt.path);
      await expect(page.getByRole('heading', { name: 'Verify a receipt' })).toBeVisible();
      await expectVerdict(page, 'valid', /^Genuine receipt$/);
      await expect(page.getByRole('banner')).toContainText(
        'Bayelsa State Board of Internal Revenue',
      );
      await expect(page.getByText(receipt.number, { exact: true })).toBeVisible();
      // Every word of the payer's name masked, the first too; a day, never a time.
      await expect(page.locator('dd').filter({ hasText: /^(\S\**)( \S\**)*$/ })).toHaveCount(1);
      await expect(page.locator('dd').filter({ hasText: /\d{1,2}:\d{2}/ })).toHaveCount(0);
      await checkA11y();

      // Typed from the paper with a mistake: no such receipt.
      const wrongCode = `${receipt.path.slice(0, -1)}${receipt.path.endsWith('Z') ? 'Y' : 'Z'}`;
      await page.goto(wrongCode);
      await expectVerdict(page, 'invalid', /^Do not accept this receipt$/);

      // The bare number, as on a receipt printed before the codes: only with its amount.
      await page.goto(`/verify/receipt/${encodeURIComponent(receipt.number)}`);
      await expectVerdict(page, 'unsure', /^Not checked yet/);
      const amount = page.getByLabel('Amount paid (₦), as printed on the receipt');
      await amount.fill(naira(receipt.amountKobo + 100));
      await page.getByRole('button', { name: 'Check the receipt' }).click();
      await expectVerdict(page, 'invalid', /^Do not accept this receipt$/);
      await amount.fill(`₦${naira(receipt.amountKobo)}`);
      await page.getByRole('button', { name: 'Check the receipt' }).click();
      await expectVerdict(page, 'valid', /^Genuine receipt$/);
      await checkA11y();
    });

    test('a notice: its code opens one verdict, the taxpayer masked; a wrong code and a wrong tax refused', async ({
      page,
      baseURL,
    }) => {
      const { notice } = await printed(baseURL);
      expect(notice.path).toMatch(/^\/verify\/assessment\/[2-9A-HJKMNP-Z]{10}$/);
      await page.goto(notice.path);
      await expect(
        page.getByRole('heading', { name: 'Verify a notice of assessment' }),
      ).toBeVisible();
      await expectVerdict(page, 'valid', /^Genuine notice$/);
      await expect(page.getByText(notice.number, { exact: true })).toBeVisible();

      await page.goto('/verify/assessment/ZZZZZZZZZZ');
      await expectVerdict(page, 'invalid', /^Do not rely on this notice$/);

      await page.goto(`/verify/assessment/${notice.number}`);
      const tax = page.getByLabel('Tax assessed (₦), as printed on the notice');
      await tax.fill('1.00');
      await page.getByRole('button', { name: 'Check the notice' }).click();
      await expectVerdict(page, 'invalid', /^Do not rely on this notice$/);
      await tax.fill(naira(notice.amountKobo));
      await page.getByRole('button', { name: 'Check the notice' }).click();
      await expectVerdict(page, 'valid', /^Genuine notice$/);
    });
  });
}

test.describe('what a phone pays for a public check', () => {
  test.use({ viewport: { width: 375, height: 667 } });
  test.beforeEach(() => test.slow());

  test('nothing shifts as the answer arrives: cumulative layout shift < 0.1', async ({
    page,
    baseURL,
  }) => {
    const { receipt, notice } = await printed(baseURL);
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The answer comes after the first paint, as on a slow phone network: the page must not
    // move when it does.
    await page.route('**/api/v1/public/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    for (const path of [receipt.path, notice.path]) {
      await page.goto(path);
      await expect(page.locator('[data-verdict="valid"]')).toBeVisible();
      await expect(page.locator('dl')).toBeVisible();
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      // The figure for bench/README.md ("Public checks").
      process.stdout.write(`CLS of ${path.split('/')[2]} at 375 px: ${cls.toFixed(3)}\n`);
      expect(cls, path).toBeLessThan(0.1);
    }
  });

  test('the page loads at most 150 KB of JS and CSS on the wire, none of the staff app', async ({
    page,
    baseURL,
  }) => {
    const { receipt } = await printed(baseURL);
    const loaded: { url: string; bytes: number; encoding: string }[] = [];
    page.on('requestfinished', async (request) => {
      if (!/\.(?:js|css)$/.test(new URL(request.url()).pathname)) return;
      const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
      loaded.push({
        url: new URL(request.url()).pathname,
        bytes: sizes.responseBodySize + sizes.responseHeadersSize,
        encoding: (await response?.allHeaders())?.['content-encoding'] ?? 'identity',
      });
    });
    await page.goto(receipt.path);
    await expect(page.locator('[data-verdict="valid"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const total = loaded.reduce((sum, file) => sum + file.bytes, 0);
    // The figure for bench/README.md ("Public checks").
    process.stdout.write(
      `JS+CSS of a receipt check: ${total} bytes in ${loaded.length} requests (${[...new Set(loaded.map((f) => f.encoding))].join(', ')})\n`,
    );
    expect(loaded.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(150_000);
    // None of the staff app's chunks: no router, query cache, shell or page packages.
    for (const file of loaded) {
      expect(file.url).not.toMatch(/\/(?:vendor-app|main|vendor-shell|vendor-pages|app)-/);
    }
  });
});
