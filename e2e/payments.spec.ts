import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { scanPdfQr } from '../src/server/testing/scanPdfQr';
import { expect, sidebar, signIn, test } from './fixtures';

/** Digits nobody else in this run has (a NIN, a phone number). */
function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

/** A surname nobody else in this run has, so a customer-name filter finds this test's payments only. */
function uniqueSurname(): string {
  return `Ebi${uniqueDigits(6).replace(/\d/g, (d) => 'abcdefghjk'[Number(d)] ?? 'a')}`;
}

/** "280012345678" → "2800-1234-5678", as the screens print it. */
function grouped(rrr: string): string {
  return `${rrr.slice(0, 4)}-${rrr.slice(4, 8)}-${rrr.slice(8)}`;
}

type Mda = {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  hasRemitaCredentials: boolean;
  revenueHeads: { code: string; name: string; isActive: boolean }[];
};

/** The demo MDAs that can bill through Remita (the demo seed, simulator credentials). */
async function payingMdas(page: Page): Promise<Mda[]> {
  const response = await page.request.get('/api/v1/mdas/details?pageSize=200');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: Mda[] }).items.filter(
    (m) => m.isActive && m.hasRemitaCredentials && m.revenueHeads.some((head) => head.isActive),
  );
}

/** A taxpayer of this test's own, registered through the API by the signed-in officer. */
async function registerTaxpayer(page: Page, lastName: string): Promise<string> {
  const registered = await page.request.post('/api/v1/taxpayers/individuals', {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      firstName: 'Preye',
      lastName,
      gender: 'female',
      dateOfBirth: '1984-03-11',
      nin: uniqueDigits(11),
      phone: `0806${uniqueDigits(7)}`,
      address: '12 Imiringi Road, Yenagoa',
      stateId: 6,
      lgaId: 608,
      employmentStatus: 'self-employed',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return ((await registered.json()).taxpayer as { btin: string }).btin;
}

/** A bill (a pending RRR from the Remita simulator) raised through the API. */
async function raiseBill(page: Page, btin: string, mda: Mda, amountKobo: number): Promise<string> {
  const head = mda.revenueHeads.find((h) => h.isActive);
  const invoice = await page.request.post('/api/v1/invoices', {
    headers: { Origin: new URL(page.url()).origin },
    data: { btin, mdaId: mda.id, revenueHeadCode: head?.code, amountKobo, description: 'E2E bill' },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  return ((await invoice.json()) as { rrr: string }).rrr;
}

/** The payer pays at the "bank": the simulator marks the RRR paid and notifies RevDesk. */
async function payInSimulator(page: Page, rrr: string): Promise<void> {
  const paid = await page.request.post(`/_sim/remita/pay/${rrr}`, { data: {} });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(((await paid.json()) as { notified: boolean }).notified).toBe(true);
}

async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

function totals(page: Page): Locator {
  return page.getByLabel('Totals of the filtered payments');
}

async function expectTotals(page: Page, count: string, amount: string, paid: string) {
  await expect(totals(page)).toContainText(`Payments${count}`);
  await expect(totals(page)).toContainText(`Amount${amount}`);
  await expect(totals(page)).toContainText(`Paid amount${paid}`);
}

test.describe('payment history', () => {
  test('an administrator filters payments, the totals follow, the URL keeps the filters, and the export downloads', async ({
    page,
    checkA11y,
  }) => {
    // Two bills, a payment through the simulator, six filters and a download.
    test.slow();
    await signIn(page, 'admin');
    const surname = uniqueSurname();
    const [mda, otherMda] = await payingMdas(page);
    if (!mda || !otherMda) throw new Error('the demo seed has fewer than two MDAs with Remita');
    const btin = await registerTaxpayer(page, surname);
    const paidRrr = await raiseBill(page, btin, mda, 150_000);
    const pendingRrr = await raiseBill(page, btin, mda, 275_050);
    await payInSimulator(page, paidRrr);

    // Not in the administrator's menu (docs/product.md §2), but open to everyone with payment:read.
    await page.goto('/birs/taxs/payment-history');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Check Payment History' }),
    ).toBeVisible();
    const table = page.getByRole('table', { name: 'Payments' });

    await page.getByRole('searchbox', { name: 'Customer name' }).fill(surname);
    await expect(page).toHaveURL(new RegExp(`customerName=${surname}`));
    await expectTotals(page, '2', '₦4,250.50', '₦1,500.00');
    await expect(table.getByRole('row').filter({ hasText: grouped(paidRrr) })).toContainText(
      'Paid',
    );
    await expect(table.getByRole('row').filter({ hasText: grouped(pendingRrr) })).toContainText(
      'Pending',
    );
    await checkA11y();

    await choose(page, 'Status', 'Paid');
    await expect(page).toHaveURL(/status=paid/);
    await expectTotals(page, '1', '₦1,500.00', '₦1,500.00');
    await expect(table.getByRole('row').filter({ hasText: grouped(pendingRrr) })).toHaveCount(0);

    await choose(page, 'Channel', 'POS');
    await expect(page).toHaveURL(/channel=pos/);
    await expect(page.getByText('No payments match these filters.')).toBeVisible();
    await expectTotals(page, '0', '₦0.00', '₦0.00');
    await choose(page, 'Channel', 'Remita');
    await expect(page).toHaveURL(/channel=remita/);
    await expectTotals(page, '1', '₦1,500.00', '₦1,500.00');

    await choose(page, 'MDA', `${otherMda.code} · ${otherMda.name}`);
    await expect(page).toHaveURL(new RegExp(`mdaCode=${otherMda.code}`));
    await expectTotals(page, '0', '₦0.00', '₦0.00');
    await choose(page, 'MDA', `${mda.code} · ${mda.name}`);
    await expect(page).toHaveURL(new RegExp(`mdaCode=${mda.code}`));
    await expectTotals(page, '1', '₦1,500.00', '₦1,500.00');

    // A reload keeps every filter: the URL holds them.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Customer name' })).toHaveValue(surname);
    await expectTotals(page, '1', '₦1,500.00', '₦1,500.00');

    const exported = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    // RRRs may be written grouped (2801-2345-6789): compare digits only.
    const csv = (await readFile((await (await exported).path()) ?? '', 'utf8')).replace(/-/g, '');
    expect(csv).toContain(paidRrr);
    expect(csv).not.toContain(pendingRrr);
  });

  test('an administrator opens a payment, downloads its e-receipt, verifies it, and reverses it', async ({
    page,
    checkA11y,
  }) => {
    test.slow();
    await signIn(page, 'admin');
    const [mda] = await payingMdas(page);
    if (!mda) throw new Error('the demo seed has no MDA with Remita');
    const surname = uniqueSurname();
    const btin = await registerTaxpayer(page, surname);
    const paidRrr = await raiseBill(page, btin, mda, 150_000);
    await payInSimulator(page, paidRrr);

    // A payment found by its reference, from a bookmark.
    await page.goto(`/birs/taxs/payment-history?paymentReference=${paidRrr}`);
    await expectTotals(page, '1', '₦1,500.00', '₦1,500.00');
    const table = page.getByRole('table', { name: 'Payments' });
    // The details drawer and its e-receipt.
    await table
      .getByRole('row')
      .filter({ hasText: grouped(paidRrr) })
      .click();
    await expect(page).toHaveURL(/payment=[0-9a-f-]{36}/);
    const drawer = page.getByRole('dialog', { name: /^Payment / });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByText(btin, { exact: true })).toBeVisible();
    await expect(drawer.getByText(`${mda.code} · ${mda.name}`)).toBeVisible();
    const receiptNumber = ((await drawer.getByRole('heading').first().textContent()) ?? '')
      .replace(/^Payment /, '')
      .trim();
    expect(receiptNumber).toMatch(/^[A-Z]{2,10}\/\d{4}\/\d{7}$/);
    await checkA11y();
    const receipt = page.waitForEvent('download');
    await drawer.getByRole('link', { name: 'Download e-receipt' }).click();
    const pdf = await readFile((await (await receipt).path()) ?? '');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The QR code's page, as anyone would open it: genuine. The QR code holds the receipt's
    // verification code, not its number (ADR 0032).
    const qr = new URL((await scanPdfQr(new Uint8Array(pdf))) ?? '');
    expect(qr.pathname).toMatch(/^\/verify\/receipt\/[2-9A-HJKMNP-Z]{10}$/);
    const verify = await page.context().newPage();
    await verify.goto(qr.pathname);
    await expect(verify.getByRole('status').filter({ hasText: 'Genuine receipt' })).toBeVisible();
    await expect(verify.getByText(receiptNumber, { exact: true })).toBeVisible();
    await expect(verify.getByText('₦1,500.00')).toBeVisible();
    // In the facts (the page's header names the service, which may be the MDA).
    await expect(verify.getByRole('main').getByText(mda.name, { exact: true })).toBeVisible();
    // Enough to prove the receipt, nothing more: the payer's name is masked, no BTIN, no RRR.
    await expect(verify.getByText(`Preye ${surname}`, { exact: true })).toHaveCount(0);
    await expect(verify.getByText(btin)).toHaveCount(0);
    await expect(verify.getByText(grouped(paidRrr))).toHaveCount(0);

    // The administrator reverses it, with a reason; the receipt then says so.
    await drawer.getByRole('button', { name: 'Reverse payment' }).click();
    const reason = drawer.getByRole('form', { name: 'Reverse this payment' });
    await reason.getByRole('button', { name: 'Reverse payment' }).click();
    await expect(reason.getByRole('textbox', { name: 'Reason' })).toHaveAccessibleDescription(
      /at least 10 characters/,
    );
    await reason
      .getByRole('textbox', { name: 'Reason' })
      .fill('The bank recalled the transfer as a duplicate.');
    await reason.getByRole('button', { name: 'Reverse payment' }).click();
    await expect(drawer.getByText('Reversed', { exact: true }).first()).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Download e-receipt' })).toHaveCount(0);
    await verify.reload();
    await expect(
      verify.getByRole('alert').filter({ hasText: 'Do not accept this receipt: it was reversed' }),
    ).toBeVisible();
    await verify.close();
  });

  test('an MDA officer sees only the payments of their own MDA', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin');
    const surname = uniqueSurname();
    const mdas = await payingMdas(page);
    const health = mdas.find((m) => m.code === 'MOH');
    const other = mdas.find((m) => m.code !== 'MOH');
    if (!health || !other) throw new Error('the demo seed has no MOH and other MDA with Remita');
    const btin = await registerTaxpayer(page, surname);
    const healthRrr = await raiseBill(page, btin, health, 50_000);
    const otherRrr = await raiseBill(page, btin, other, 70_000);

    await page.context().clearCookies();
    await signIn(page, 'officer_mda');
    await sidebar(page).getByRole('link', { name: 'Check Payment History' }).click();
    await expect(page).toHaveURL(/\/birs\/taxs\/payment-history$/);
    await page.getByRole('searchbox', { name: 'Customer name' }).fill(surname);
    await expectTotals(page, '1', '₦500.00', '₦0.00');
    const table = page.getByRole('table', { name: 'Payments' });
    await expect(table.getByRole('row').filter({ hasText: grouped(healthRrr) })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: grouped(otherRrr) })).toHaveCount(0);
  });
});

test('an officer raises a bill from a taxpayer page, gets its RRR, and cancels it', async ({
  page,
  checkA11y,
}) => {
  test.slow();
  await signIn(page, 'officer_da');
  const surname = uniqueSurname();
  const [mda] = await payingMdas(page);
  if (!mda) throw new Error('the demo seed has no MDA with Remita');
  const head = mda.revenueHeads.find((h) => h.isActive);
  const btin = await registerTaxpayer(page, surname);

  await page.goto(`/birs/taxpayer/${btin}`);
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(surname, 'i') }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Payments' }).click();
  await expect(page.getByText('No payments or bills with this BTIN yet')).toBeVisible();

  await page.getByRole('button', { name: 'Raise a bill' }).click();
  const dialog = page.getByRole('dialog', { name: /^Raise a bill for / });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Raise bill' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription(
    /Say what the bill is for/,
  );
  await choose(page, 'MDA', `${mda.code} · ${mda.name}`);
  await choose(page, 'Revenue head', `${head?.code} · ${head?.name}`);
  await dialog.getByRole('textbox', { name: 'Amount (₦)' }).fill('2500');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('2026 development levy');
  await checkA11y();
  await dialog.getByRole('button', { name: 'Raise bill' }).click();

  const raised = page.getByRole('dialog', { name: 'Bill raised' });
  const rrr = raised.getByRole('group', { name: "The bill's RRR" }).getByRole('heading');
  await expect(rrr).toHaveText(/^\d{4}-\d{4}-\d{4}$/);
  const shownRrr = (await rrr.textContent()) ?? '';
  await expect(raised.getByRole('button', { name: 'Copy RRR' })).toBeVisible();
  await raised.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: `Payments of BTIN ${btin}` });
  const row = table.getByRole('row').filter({ hasText: shownRrr });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('₦2,500.00');

  await row.click();
  const drawer = page.getByRole('dialog', { name: `Bill ${shownRrr}` });
  await drawer.getByRole('button', { name: 'Cancel bill' }).click();
  await drawer
    .getByRole('textbox', { name: 'Reason' })
    .fill('Raised for the wrong revenue head by mistake.');
  await drawer
    .getByRole('form', { name: 'Cancel this bill' })
    .getByRole('button', { name: 'Cancel bill' })
    .click();
  await expect(drawer.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  await expect(drawer.getByText('Raised for the wrong revenue head by mistake.')).toBeVisible();
  await page.getByRole('button', { name: 'Close the payment details' }).click();
  await expect(row).toContainText('Cancelled');

  // The same payments, in payment history, filtered by this BTIN.
  await page.getByRole('link', { name: 'payment history', exact: true }).click();
  await expect(page).toHaveURL(/\/birs\/taxs\/payment-history\?btin=/);
  await expect(page.getByRole('textbox', { name: 'BTIN' })).toHaveValue(btin);
  await expect(
    page.getByRole('table', { name: 'Payments' }).getByRole('row').filter({ hasText: shownRrr }),
  ).toContainText('Cancelled');
});

test('the verify page says plainly when a receipt code is not the service’s', async ({ page }) => {
  await page.goto('/verify/receipt/ZZZZ-ZZZZ-ZZ');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Do not accept this receipt' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('ZZZZZZZZZZ');
  // No sign-in was asked for, and nothing else is said.
  await expect(page).toHaveURL(/\/verify\/receipt\//);
  await expect(page.getByText('Genuine receipt')).toHaveCount(0);
});

test('an administrator checks an unmatched payer in EVAS and matches them to a taxpayer', async ({
  page,
  checkA11y,
}) => {
  test.slow();
  await signIn(page, 'admin');
  const surname = uniqueSurname();
  const btin = await registerTaxpayer(page, surname);

  await sidebar(page).getByRole('link', { name: 'Auto-Reg Transactions' }).click();
  await expect(page).toHaveURL(/\/birs\/transactions\/auto-reg$/);
  const table = page.getByRole('table', { name: 'Payers without a BTIN' });
  // The demo seed has auto-registered payers and unmatched ones.
  await expect(table.getByText('Auto-registered', { exact: true }).first()).toBeVisible();
  await choose(page, 'State', 'Unmatched');
  await expect(page).toHaveURL(/state=unmatched/);
  await expect(table.getByText('Auto-registered', { exact: true })).toHaveCount(0);

  const match = table.getByRole('button', { name: /^Match RRR \d{12} to a taxpayer$/ }).first();
  const rrr = ((await match.getAttribute('aria-label')) ?? '').match(/\d{12}/)?.[0] ?? '';
  const row = table.getByRole('row').filter({ hasText: grouped(rrr) });
  await row.getByRole('button', { name: `Check EVAS for RRR ${rrr}` }).click();
  await expect(row.getByRole('status')).toHaveText(/registered \(\w+\)/i);
  await checkA11y();

  await match.click();
  const dialog = page.getByRole('dialog', { name: 'Match to taxpayer' });
  await dialog.getByRole('textbox', { name: 'BTIN' }).fill('123');
  await dialog.getByRole('button', { name: 'Look up' }).click();
  await expect(dialog.getByRole('textbox', { name: 'BTIN' })).toHaveAccessibleDescription(
    'A BTIN is 10 digits',
  );
  await expect(dialog.getByRole('button', { name: 'Match to this taxpayer' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'BTIN' }).fill(btin);
  await dialog.getByRole('button', { name: 'Look up' }).click();
  await expect(dialog.getByRole('status')).toContainText(new RegExp(surname, 'i'));
  await checkA11y();
  await dialog.getByRole('button', { name: 'Match to this taxpayer' }).click();
  await expect(dialog).toBeHidden();
  // Matched, the payer is no longer waiting.
  await expect(table.getByRole('row').filter({ hasText: grouped(rrr) })).toHaveCount(0);
});
