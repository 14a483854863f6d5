import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { signedHeaders } from '../src/server/integrations/benjis/protocol';
import { clippedTable, expect, pageOverflow, signIn, test } from './fixtures';

/**
 * The Benjis pages (docs/product.md §2): the settlement file to its result, the keyword report
 * and the dashboard. Each test makes its own transactions: a settlement file of a terminal
 * nobody has, whose lines an officer confirms (recorded by the POS rule as held for review), or
 * a signed push from a terminal the test registered (recorded as revenue).
 */

/** Digits nobody else in this run has. */
function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

function todayInLagos(): string {
  return new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
}

function settlementFile(terminalId: string, rrns: readonly string[]): string {
  const day = todayInLagos();
  return [
    'terminal_id,stan,rrn,amount,transaction_time,payer_name',
    ...rrns.map(
      (rrn, i) =>
        `${terminalId},${String(i + 1).padStart(6, '0')},${rrn},1500.00,${day} 00:0${i}:00,Ayibatonye Koko`,
    ),
  ].join('\n');
}

async function expectFits(page: Page) {
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
}

/** Transactions of a new terminal, through the settlement API as the signed-in POS officer. */
async function transactionsOfNewTerminal(page: Page, rrns: readonly string[]): Promise<string> {
  const terminalId = `E2E${uniqueDigits(5)}`;
  const origin = new URL(page.url()).origin;
  const uploaded = await page.request.post('/api/v1/pos/settlements', {
    headers: { Origin: origin },
    multipart: {
      file: {
        name: 'settlement.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(settlementFile(terminalId, rrns), 'utf8'),
      },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(202);
  const { jobId } = (await uploaded.json()) as { jobId: string };
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/api/v1/pos/settlements/${jobId}`)).json()) as {
            status: string;
          }
        ).status,
    )
    .toBe('succeeded');
  const confirmed = await page.request.post(`/api/v1/pos/settlements/${jobId}/confirm`, {
    headers: { Origin: origin },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return terminalId;
}

/** Large enough to be among the fifty terminals a breakdown shows, beside the demo's. */
const PUSHED_KOBO = 98_765_432;
const PUSHED_AMOUNT = '₦987,654.32';

/**
 * Today's recorded takings of a terminal registered for the test: the terminal through the
 * terminals API (the signed-in ADMIN), then one approved transaction pushed by the provider,
 * signed with the demo's POS_PROVIDER_SECRET (docs/pos.md "Signature").
 */
async function pushedTakingsOfNewTerminal(page: Page): Promise<string> {
  const origin = { Origin: new URL(page.url()).origin };
  const mdas = (await (await page.request.get('/api/v1/mdas')).json()) as {
    items: { id: string }[];
  };
  const terminalId = `2BDB${uniqueDigits(7)}`;
  const registered = await page.request.post('/api/v1/pos/terminals', {
    headers: origin,
    data: { terminalId, serialNumber: `SN-${terminalId}`, mdaId: mdas.items[0]?.id },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const body = JSON.stringify({
    transactions: [
      {
        terminalId,
        stan: uniqueDigits(6),
        rrn: uniqueDigits(12),
        amountKobo: PUSHED_KOBO,
        transactedAt: new Date().toISOString(),
        payerName: 'Boma Ekiye',
        status: 'approved',
      },
    ],
  });
  const pushed = await page.request.post('/api/v1/pos/notifications', {
    headers: {
      ...origin,
      'content-type': 'application/json',
      ...signedHeaders('revdesk-demo-pos-secret', body),
    },
    data: Buffer.from(body, 'utf8'),
  });
  expect(pushed.status(), await pushed.text()).toBe(200);
  expect(((await pushed.json()) as { results: { outcome: string }[] }).results).toMatchObject([
    { outcome: 'recorded' },
  ]);
  return terminalId;
}

test('a POS officer uploads a settlement file, confirms what RevDesk lacks and downloads the result', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'officer_benjis');
  await page.goto('/birs/transactions/benjis-multiple');
  await expect(page.getByRole('heading', { name: 'Benjis Multiple Transactions' })).toBeVisible();

  await page.getByRole('button', { name: 'Upload and compare' }).click();
  await expect(page.getByText('Choose the settlement file')).toBeVisible();

  const terminalId = `E2E${uniqueDigits(5)}`;
  await page.locator('input[type="file"]').setInputFiles({
    name: 'benjis-settlement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(settlementFile(terminalId, [uniqueDigits(12), uniqueDigits(12)]), 'utf8'),
  });
  await page.getByRole('button', { name: 'Upload and compare' }).click();
  await expect(page.getByRole('status')).toHaveText('Compared all 2 lines.');
  await expect(page).toHaveURL(/job=/);
  await expect(page.getByText('2 lines are not in RevDesk.', { exact: false })).toBeVisible();
  await checkA11y();

  await page.getByRole('button', { name: 'Confirm line 2' }).click();
  await expect(page.getByText('Confirmed: held')).toHaveCount(1);
  await page.getByRole('button', { name: 'Confirm all not in RevDesk' }).click();
  await expect(page.getByText('Confirmed: held')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Confirm all not in RevDesk' })).toHaveCount(0);

  await expectFits(page);
  await page.setViewportSize({ width: 1366, height: 768 });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the result' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('benjis-settlement-results.csv');
  const result = await readFile((await download.path()) as string, 'utf8');
  expect(result).toContain(`2,yes,${terminalId},000001`);
  expect(result).toContain('not-in-revdesk');
  expect(result).toContain(',held');
});

test('a POS officer finds a transaction by keyword in the Benjis report', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'officer_benjis');
  const rrn = uniqueDigits(12);
  const terminalId = await transactionsOfNewTerminal(page, [rrn, uniqueDigits(12)]);

  await signIn(page, 'officer_benjis_read', {
    expectedPath: '/birs/transactions/benjis-report',
  });
  await expect(page.getByRole('heading', { name: 'Benjis Report' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Keyword' }).fill(rrn);
  // The router keeps a number-like text quoted in the URL, so it reads back as text.
  await expect(page).toHaveURL(new RegExp(`keyword=(%22)?${rrn}`));
  const table = page.getByRole('table');
  await expect(table).toContainText(terminalId);
  await expect(table).toContainText('Held for review');
  await expect(page.getByText('₦1,500.00').first()).toBeVisible();
  await checkA11y();

  await page.getByRole('searchbox', { name: 'Keyword' }).fill(terminalId);
  await expect(page).toHaveURL(new RegExp(`keyword=${terminalId}`));
  await expect(page.getByRole('row').filter({ hasText: terminalId })).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    new RegExp(`keyword=${terminalId}.*format=csv`),
  );

  await expectFits(page);
  await expect(page.getByText(terminalId).first()).toBeVisible();
  await checkA11y();
});

test('a POS officer reads the Benjis dashboard: a terminal’s pushed takings, held transactions, silent terminals', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'admin');
  const terminalId = await pushedTakingsOfNewTerminal(page);
  await signIn(page, 'officer_benjis');
  await transactionsOfNewTerminal(page, [uniqueDigits(12)]);

  await page.goto('/birs/transactions/benjis-dashboard');
  await expect(page.getByRole('heading', { name: 'Benjis POS Dashboard' })).toBeVisible();
  await expect(page.getByText('Today', { exact: true }).first()).toBeVisible();
  const held = page.getByRole('link', { name: 'Review held transactions' });
  await expect(held).toHaveAttribute('href', '/birs/transactions/benjis-held');
  await expect(page.getByRole('heading', { name: 'Daily takings, last 30 days' })).toBeVisible();
  await page.getByRole('button', { name: 'Show the figures' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Daily takings, last 30 days' })
      .locator('tbody')
      .getByRole('row'),
  ).toHaveCount(30);
  await checkA11y();

  // The pushed transaction is today's recorded takings of its terminal.
  await page.getByRole('tab', { name: 'Terminal' }).click();
  const row = page
    .getByRole('table', { name: 'Takings by terminal' })
    .getByRole('row')
    .filter({ hasText: terminalId });
  await expect(row).toContainText(PUSHED_AMOUNT);
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');

  await page.locator('label', { hasText: 'This month' }).click();
  await expect(page).toHaveURL(/period=month/);
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expect(row).toContainText(PUSHED_AMOUNT);

  await expectFits(page);
  await checkA11y();
});

test('a POS officer catches up yesterday from the provider and reads what it recorded', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(60_000);
  await signIn(page, 'officer_benjis');
  await page.goto('/birs/transactions/benjis-dashboard');
  const form = page.getByRole('form', { name: 'Catch up a day from the provider' });
  // Yesterday is chosen already; the demo's provider is the simulator.
  const yesterday = new Date(Date.now() + 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  const [y, m, d] = yesterday.split('-');
  await expect(form.getByRole('textbox', { name: 'Day' })).toHaveValue(`${d}/${m}/${y}`);
  await form.getByRole('button', { name: 'Pull the day' }).click();
  const status = page.getByRole('status').filter({ hasText: 'transactions of' });
  await expect(status).toHaveText(/^(Waiting to pull|Pulling|Pulled) the transactions of /);
  // The pull is a background job recording a day of some 230 transactions one by one: on a
  // busy CI machine that takes longer than a page's checks wait, and its speed is not the test.
  await expect(status).toHaveText(
    new RegExp(`^Pulled the transactions of ${d}/${m}/${y}: [\\d,]+ read\\.$`),
    { timeout: 25_000 },
  );
  const outcomes = page.getByRole('table', { name: 'What the pull recorded' });
  await expect(outcomes.getByRole('row')).toHaveCount(6);
  await expect(outcomes.getByRole('row', { name: /Recorded as revenue/ })).toBeVisible();
  await checkA11y();

  await expectFits(page);
  await checkA11y();
});
