import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, sidebar, signIn, test } from './fixtures';

/** Digits nobody else in this run has (a NIN, a phone number). */
function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

/** "280012345678" → "2800-1234-5678", as the result view prints it. */
function grouped(rrr: string): string {
  return `${rrr.slice(0, 4)}-${rrr.slice(4, 8)}-${rrr.slice(8)}`;
}

type Mda = {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  hasRemitaCredentials: boolean;
  revenueHeads: { code: string; isActive: boolean }[];
};

/** The demo MDAs (the demo seed): one that can bill through Remita, one with no credentials. */
async function demoMdas(page: Page): Promise<{ paying: Mda; unconfigured: Mda }> {
  const response = await page.request.get('/api/v1/mdas/details?pageSize=200');
  expect(response.status(), await response.text()).toBe(200);
  const mdas = ((await response.json()) as { items: Mda[] }).items.filter((m) => m.isActive);
  const paying = mdas.find(
    (m) => m.hasRemitaCredentials && m.revenueHeads.some((head) => head.isActive),
  );
  const unconfigured = mdas.find((m) => !m.hasRemitaCredentials);
  if (!paying || !unconfigured) throw new Error('the demo seed has no MDA of each kind');
  return { paying, unconfigured };
}

/** A bill raised through the API as the signed-in administrator: a pending RRR of this test's own. */
async function raiseBill(page: Page, mda: Mda, amountKobo: number): Promise<string> {
  const origin = new URL(page.url()).origin;
  const registered = await page.request.post('/api/v1/taxpayers/individuals', {
    headers: { Origin: origin },
    data: {
      firstName: 'Tamara',
      lastName: 'Ebikeme',
      gender: 'female',
      dateOfBirth: '1986-09-02',
      nin: uniqueDigits(11),
      phone: `0803${uniqueDigits(7)}`,
      address: '4 Azikoro Road, Yenagoa',
      stateId: 6,
      lgaId: 608,
      employmentStatus: 'self-employed',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { btin } = (await registered.json()).taxpayer as { btin: string };
  const head = mda.revenueHeads.find((h) => h.isActive);
  const invoice = await page.request.post('/api/v1/invoices', {
    headers: { Origin: origin },
    data: {
      btin,
      mdaId: mda.id,
      revenueHeadCode: head?.code,
      amountKobo,
      description: 'Browser test bill',
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  return ((await invoice.json()) as { rrr: string }).rrr;
}

async function openCheck(page: Page, title: string): Promise<Locator> {
  await sidebar(page).getByRole('button', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseMda(page: Page, dialog: Locator, label: string, mda: Mda): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: `${mda.code} — ${mda.name}`, exact: true }).click();
}

/** The row of a result table, by its label. */
function resultValue(dialog: Locator, label: string): Locator {
  return dialog
    .getByRole('row')
    .filter({ has: dialog.page().getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');
}

test.describe('Check RRR', () => {
  test('a pending bill is paid in the simulator and checked again; Check Again keeps the MDA; the dialog is static', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const { paying } = await demoMdas(page);
    const rrr = await raiseBill(page, paying, 250_000);

    const dialog = await openCheck(page, 'Check RRR');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    // Required fields: marked when left empty, and an RRR must be 12 digits.
    await dialog.getByRole('button', { name: 'Check status', exact: true }).click();
    await expect(dialog.getByText('Enter the RRR')).toBeVisible();
    await expect(dialog.getByText('Choose the MDA the RRR was paid to')).toBeVisible();
    const rrrField = dialog.getByRole('textbox', { name: 'RRR' });
    await expect(rrrField).toHaveAttribute('aria-invalid', 'true');
    await rrrField.fill('2801-2345');
    await rrrField.blur();
    await expect(dialog.getByText('An RRR is 12 digits')).toBeVisible();

    await chooseMda(page, dialog, 'MDA', paying);
    await rrrField.fill(grouped(rrr));
    // The answer is held back until the loader has been seen: no race with a fast server.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const isStatusCheck = (url: URL) => url.pathname === `/api/v1/remita/rrr/${rrr}/status`;
    await page.route(isStatusCheck, async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Check status', exact: true }).click();
    await expect(dialog.getByRole('status').getByText('Checking RRR status...')).toBeVisible();
    release();
    await expect(dialog.getByText('Checking RRR status...')).toBeHidden();
    await page.unroute(isStatusCheck);

    await expect(resultValue(dialog, 'RRR')).toHaveText(grouped(rrr));
    await expect(resultValue(dialog, 'Amount')).toHaveText('₦2,500.00');
    await expect(resultValue(dialog, 'Payer Name')).toContainText('Tamara');
    await expect(dialog.getByText('Not paid yet', { exact: true })).toBeVisible();
    // Re-check and record (no re-push: Remita has none) says what it did; unpaid, nothing.
    const recheck = dialog.getByRole('button', { name: 'Re-check and record' });
    await expect(recheck).toHaveAccessibleDescription(
      /records the payment as Remita's notification would/,
    );
    await recheck.click();
    const notPaid = dialog
      .getByRole('status')
      .filter({ hasText: 'Not paid yet: nothing recorded' });
    await expect(notPaid).toContainText('Remita says');
    await checkA11y();

    await dialog.getByRole('button', { name: 'Simulate payment' }).click();
    await expect(dialog.getByText('Paid', { exact: true })).toBeVisible();
    await expect(resultValue(dialog, 'Receipt Number')).toHaveText(/\/\d{4}\/\d{7}$/);
    await expect(dialog.getByRole('button', { name: 'Simulate payment' })).toHaveCount(0);
    // The check recorded it: a re-check records nothing more.
    await recheck.click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Already recorded' })).toContainText(
      /receipt .*\/\d{4}\/\d{7}/,
    );

    await dialog.getByRole('button', { name: 'Check Again' }).click();
    await expect(rrrField).toHaveValue('');
    await expect(dialog.getByRole('combobox', { name: 'MDA' })).toHaveValue(
      `${paying.code} — ${paying.name}`,
    );

    // Close resets the dialog: the next opening starts from an empty form.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    const again = await openCheck(page, 'Check RRR');
    await expect(again.getByRole('combobox', { name: 'MDA' })).toHaveValue('');
  });

  test('an MDA without Remita credentials: the server says so, with what to do, and no loader stays', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, 'admin');
    const { unconfigured } = await demoMdas(page);
    const rrr = '280100000017';
    const refused = await page.request.get(
      `/api/v1/remita/rrr/${rrr}/status?mdaId=${unconfigured.id}`,
    );
    expect(refused.status()).toBe(422);
    const { error } = (await refused.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('REMITA_NOT_CONFIGURED');

    const dialog = await openCheck(page, 'Check RRR');
    await chooseMda(page, dialog, 'MDA', unconfigured);
    await dialog.getByRole('textbox', { name: 'RRR' }).fill(rrr);
    await dialog.getByRole('button', { name: 'Check status', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText('The RRR could not be checked');
    await expect(alert).toContainText(error.message);
    await expect(alert).toContainText('Manage MDA page');
    await expect(dialog.getByText('Checking RRR status...')).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Check status', exact: true })).toBeEnabled();
    await checkA11y();
  });
});

test.describe('a refused Remita configuration', () => {
  // The check answers 502 REMITA_AUTH_FAILED by design (Remita refused the MDA's settings).
  test.use({ apiFailuresMade: [502] });

  test('the officer is told to ask an administrator about the MDA, and the MDA list shows the fault', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const { paying } = await demoMdas(page);
    const details = await page.request.get(`/api/v1/mdas/${paying.id}`);
    const { merchantId } = (await details.json()) as { merchantId: string };
    // A merchant the simulator knows, with a key that is not its own: Remita answers 020.
    const code = `WK${uniqueDigits(6)}`;
    const name = `Wrong Key Agency ${code}`;
    const created = await page.request.post('/api/v1/mdas', {
      headers: { Origin: new URL(page.url()).origin },
      data: {
        code,
        name,
        shortName: null,
        category: 'agency',
        isActive: true,
        merchantId,
        serviceTypeIds: ['4430731'],
        apiKey: 'not-this-merchants-key',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const mda = (await created.json()) as Mda;

    const dialog = await openCheck(page, 'Check RRR');
    await chooseMda(page, dialog, 'MDA', mda);
    await dialog.getByRole('textbox', { name: 'RRR' }).fill('280100000017');
    await dialog.getByRole('button', { name: 'Check status', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText(`Ask an administrator to check ${name}'s Remita settings`);
    await expect(alert).toContainText('code 020');
    await checkA11y();
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await sidebar(page).getByRole('link', { name: 'Manage MDAs' }).click();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(code);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Refused (020)')).toBeVisible();
  });
});

test.describe('Check RRR (Multiple)', () => {
  test('a CSV is checked with a progress bar, and its results download', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const { paying } = await demoMdas(page);
    const paid = await raiseBill(page, paying, 120_000);
    const pending = await raiseBill(page, paying, 80_000);
    const paidInSimulator = await page.request.post(`/_sim/remita/pay/${paid}`, { data: {} });
    expect(paidInSimulator.status(), await paidInSimulator.text()).toBe(200);

    const dialog = await openCheck(page, 'Check RRR (Multiple)');
    const fileInput = dialog.locator('input[type="file"]');

    // Refused in the browser, before any upload.
    await fileInput.setInputFiles({
      name: 'rrrs.xlsx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('rrr\n'),
    });
    await expect(
      dialog.getByText('rrrs.xlsx is not a .csv file. Save it as CSV first.'),
    ).toBeVisible();

    await chooseMda(page, dialog, 'MDA for rows without an mdaCode', paying);
    const csv = ['rrr,mdaCode', `${paid},${paying.code}`, `${grouped(pending)},`, '12345,'].join(
      '\n',
    );
    await fileInput.setInputFiles({
      name: 'june-rrrs.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByRole('button', { name: 'Upload and check' }).click();

    const progress = dialog.getByRole('progressbar', { name: 'RRRs checked' });
    await expect(progress).toBeVisible();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Process Successful!' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(dialog.getByText('june-rrrs.csv: 3 of 3 RRRs checked')).toBeVisible();
    await expect(dialog.getByText('Paid: 1')).toBeVisible();
    await expect(dialog.getByText('Not paid yet: 1')).toBeVisible();
    await expect(dialog.getByText('Invalid rows: 1')).toBeVisible();
    await checkA11y();

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('link', { name: 'Download results' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('june-rrrs-results.csv');
    const results = await readFile(await download.path(), 'utf8');
    const lines = results.trim().split(/\r?\n/);
    expect(lines[0]).toContain('rrr');
    expect(lines.find((line) => line.includes(paid))).toContain('paid');
    // The results give each RRR as it was written in the file.
    expect(lines.find((line) => line.includes(grouped(pending)))).toContain('pending');
    expect(lines.find((line) => line.includes('12345'))).toContain('invalid');
  });

  test('a CSV with the wrong header: Process Failed, in the server’s words', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, 'admin');
    const dialog = await openCheck(page, 'Check RRR (Multiple)');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'payments.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('reference,amount\n280100000017,5000\n'),
    });
    await dialog.getByRole('button', { name: 'Upload and check' }).click();
    const failed = dialog.getByRole('alert').filter({ hasText: 'Process Failed' });
    await expect(failed).toBeVisible();
    await expect(failed).toContainText('The first line must be the header rrr');
    await expect(failed).toContainText('found "reference,amount"');
    await checkA11y();
  });
});

test.describe('Auto Reg/EVAS Check Status', () => {
  test('an RRR is checked in EVAS; Check Again clears it', async ({ page, checkA11y }) => {
    await signIn(page, 'admin');
    const { paying } = await demoMdas(page);
    const rrr = await raiseBill(page, paying, 50_000);
    const answer = await page.request.get(`/api/v1/evas/rrr/${rrr}/status`);
    expect(answer.status(), await answer.text()).toBe(200);
    const evas = (await answer.json()) as { statusCode: string; message: string };

    const dialog = await openCheck(page, 'Auto Reg/EVAS Check Status');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    const rrrField = dialog.getByRole('textbox', { name: 'RRR' });
    await rrrField.fill('28010');
    await dialog.getByRole('button', { name: 'Check status', exact: true }).click();
    await expect(dialog.getByText('An RRR is 12 digits')).toBeVisible();

    await rrrField.fill(rrr);
    await dialog.getByRole('button', { name: 'Check status', exact: true }).click();
    await expect(resultValue(dialog, 'RRR')).toHaveText(grouped(rrr));
    await expect(resultValue(dialog, 'Status Code')).toHaveText(evas.statusCode);
    await expect(resultValue(dialog, 'Message')).toHaveText(evas.message);
    await expect(dialog.getByText('Checking RRR status...')).toBeHidden();
    await checkA11y();

    await dialog.getByRole('button', { name: 'Check Again' }).click();
    await expect(rrrField).toHaveValue('');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });
});
