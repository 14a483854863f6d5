import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { clippedTable, expect, pageOverflow, signIn, test } from './fixtures';

/** Card payments at the counter (docs/card.md), against the card gateway simulator. */

function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

type Mda = {
  id: string;
  isActive: boolean;
  hasRemitaCredentials: boolean;
  revenueHeads: { code: string; isActive: boolean }[];
};

/** A bill of this test's own: a taxpayer registered and billed through the API. */
async function raiseBill(page: Page, lastName: string, amountKobo: number): Promise<string> {
  const origin = { Origin: new URL(page.url()).origin };
  const mdas = await page.request.get('/api/v1/mdas/details?pageSize=200');
  expect(mdas.status(), await mdas.text()).toBe(200);
  const mda = ((await mdas.json()) as { items: Mda[] }).items.find(
    (m) => m.isActive && m.hasRemitaCredentials && m.revenueHeads.some((h) => h.isActive),
  );
  if (!mda) throw new Error('the demo seed has no MDA with Remita');
  const registered = await page.request.post('/api/v1/taxpayers/individuals', {
    headers: origin,
    data: {
      firstName: 'Ayibatari',
      lastName,
      gender: 'female',
      dateOfBirth: '1986-07-02',
      nin: uniqueDigits(11),
      phone: `0807${uniqueDigits(7)}`,
      address: '4 Azikoro Road, Yenagoa',
      stateId: 6,
      lgaId: 608,
      employmentStatus: 'self-employed',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { btin } = (await registered.json()).taxpayer as { btin: string };
  const invoice = await page.request.post('/api/v1/invoices', {
    headers: origin,
    data: {
      btin,
      mdaId: mda.id,
      revenueHeadCode: mda.revenueHeads.find((h) => h.isActive)?.code,
      amountKobo,
      description: 'E2E card bill',
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  return ((await invoice.json()) as { rrr: string }).rrr;
}

test('a cashier takes a card payment on a pending bill and hands over its e-receipt, at 1366 and 375 px', async ({
  page,
  checkA11y,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'officer_da');
  const surname = `Card${uniqueDigits(6).replace(/\d/g, (d) => 'abcdefghjk'[Number(d)] ?? 'a')}`;
  const rrr = await raiseBill(page, surname, 1_234_500);
  const shownRrr = `${rrr.slice(0, 4)}-${rrr.slice(4, 8)}-${rrr.slice(8)}`;

  await page.goto(`/birs/taxs/payment-history?paymentReference=${rrr}`);
  await page
    .getByRole('table', { name: 'Payments' })
    .getByRole('row')
    .filter({ hasText: shownRrr })
    .click();
  const drawer = page.getByRole('dialog', { name: `Bill ${shownRrr}` });
  await expect(drawer.getByText('Pending', { exact: true }).first()).toBeVisible();
  await drawer.getByRole('button', { name: 'Take card payment' }).click();

  // The confirmation: amount and payer, before anything is sent.
  const dialog = page.getByRole('dialog', { name: 'Take card payment' });
  await expect(dialog.getByText('₦12,345.00').first()).toBeVisible();
  await expect(dialog.getByText(`Ayibatari ${surname}`)).toBeVisible();
  await checkA11y();

  // On a phone at the counter: nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(dialog.getByRole('button', { name: 'Send to the card terminal' })).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await dialog.getByRole('button', { name: 'Send to the card terminal' }).click();

  const approved = dialog.getByRole('status').filter({ hasText: 'Card payment approved' });
  await expect(approved).toBeVisible();
  await expect(approved).toContainText(/Receipt [A-Z]{2,10}\/\d{4}\/\d{7}/);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await checkA11y();

  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Download e-receipt' }).click();
  const pdf = await readFile((await (await download).path()) ?? '');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  // The bill is paid by card: the drawer says so and takes no second card.
  const paid = page.getByRole('dialog', { name: /^Payment / });
  await expect(paid.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(paid.getByText('Card', { exact: true })).toBeVisible();
  await expect(paid.getByRole('button', { name: 'Take card payment' })).toHaveCount(0);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 1366, height: 768 });
  await checkA11y();
});
