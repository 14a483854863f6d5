import type { Page } from '@playwright/test';
import { scanPdfQr } from '../src/server/testing/scanPdfQr';
import { clippedTable, expect, pageOverflow, signIn, test } from './fixtures';

/**
 * An MDA officer issues a demand notice (mda/generate-assessment) to a payer known only by name
 * and phone; the payer pays its RRR at the "bank" (the Remita simulator, which notifies
 * RevDesk); the MDA transaction report then shows the notice paid, on a desk and on a phone.
 */

function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

/** A surname nobody else in this run has, so the report's payer filter finds this notice only. */
function uniqueSurname(): string {
  return `Dn${uniqueDigits(6).replace(/\d/g, (d) => 'abcdefghjk'[Number(d)] ?? 'a')}`;
}

async function payInSimulator(page: Page, rrr: string): Promise<void> {
  const paid = await page.request.post(`/_sim/remita/pay/${rrr}`, { data: {} });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(((await paid.json()) as { notified: boolean }).notified).toBe(true);
}

test('a demand notice paid through the Remita simulator shows paid on the MDA transaction report', async ({
  page,
  checkA11y,
}) => {
  test.slow();
  await signIn(page, 'officer_mda');
  await page.goto('/birs/mda/generate-assessment');
  await expect(page.getByRole('heading', { level: 1, name: 'Generate Assessment' })).toBeVisible();

  const surname = uniqueSurname();
  const form = page.getByRole('form', { name: 'Demand notice' });
  // The demo MDA officer holds one MDA (Ministry of Health): it is chosen already.
  await expect(form.getByRole('combobox', { name: 'MDA' })).not.toHaveValue('');
  await form.getByText('By name and phone').click();
  await form.getByRole('textbox', { name: "Payer's name" }).fill(`Tamuno ${surname}`);
  await form.getByRole('textbox', { name: 'Phone' }).fill(`0803${uniqueDigits(7)}`);

  const line = form.getByRole('group', { name: 'Line 1' });
  await line.getByRole('combobox', { name: 'Revenue head' }).click();
  await page.getByRole('option').first().click();
  await line.getByRole('textbox', { name: 'Description' }).fill('Clinic inspection, e2e');
  await line.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await line.getByRole('textbox', { name: 'Unit amount (₦)' }).fill('1250.50');
  await expect(form.getByTestId('notice-total')).toHaveText('Total: ₦2,501.00');
  await checkA11y();
  await form.getByRole('button', { name: 'Issue notice' }).click();

  const rrrText = ((await page.getByTestId('notice-rrr').textContent()) ?? '').trim();
  expect(rrrText).toMatch(/^\d{4}-\d{4}-\d{4}$/);
  await expect(page.getByRole('link', { name: 'Download the notice (PDF)' })).toBeVisible();
  await payInSimulator(page, rrrText.replace(/-/g, ''));

  await page.goto(`/birs/reporting/mda-transaction-report?payer=${surname}`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'MDA Transaction Report' }),
  ).toBeVisible();
  await expect(page.getByText('Sorted by: date issued, newest first')).toBeVisible();
  const table = page.getByRole('table', { name: 'Demand notices' });
  const row = table.getByRole('row').filter({ hasText: `Tamuno ${surname}` });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('₦2,501.00');
  await expect(page.getByTestId('count-paid')).toHaveText('1');
  await expect(page.getByLabel('Totals of the filtered demand notices')).toContainText(
    'Outstanding₦0.00',
  );
  await checkA11y();

  // On a phone: one card per notice, the status on it, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByText('Paid', { exact: true }).last()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await checkA11y();

  // The notice's own page says paid, and offers no cancel.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page
    .getByRole('link', { name: /\/DN\// })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Demand notice / })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel notice' })).toHaveCount(0);
  await checkA11y();
  const number = (
    (await page.getByRole('heading', { level: 1, name: /^Demand notice / }).textContent()) ?? ''
  )
    .replace(/^Demand notice /, '')
    .trim();
  // On a phone its lines are cards: nothing wider than the screen, no column cut off.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('list', { name: 'Lines of the notice' })).toContainText(
    'Clinic inspection, e2e',
  );
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  await checkA11y();
  await page.setViewportSize({ width: 1366, height: 768 });

  // The paper's QR code opens the public check: genuine, the payer masked.
  const pdfHref = await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await page.request.get(pdfHref ?? '');
  expect(pdf.status()).toBe(200);
  const verifyUrl = await scanPdfQr(new Uint8Array(await pdf.body()));
  expect(verifyUrl).toMatch(/\/verify\/demand-notice\/[2-9A-Z]{10}$/);
  await page.goto(new URL(verifyUrl ?? '').pathname);
  await expect(page.getByRole('heading', { name: 'Genuine notice' })).toBeVisible();
  await expect(
    page.getByText(`T***** ${surname[0]}${'*'.repeat(surname.length - 1)}`),
  ).toBeVisible();
  await checkA11y();

  // The bare number tells nothing until the total printed on the notice matches (ADR 0032).
  await page.goto(`/verify/demand-notice/${encodeURIComponent(number)}`);
  await expect(page.getByText('Not checked yet: the notice needs one more fact')).toBeVisible();
  await expect(page.getByText(`T***** ${surname[0]}`)).toHaveCount(0);
  const total = page.getByRole('textbox', { name: 'Total (₦), as printed on the notice' });
  await total.fill('2,500.00');
  await page.getByRole('button', { name: 'Check the notice' }).click();
  await expect(page.getByRole('heading', { name: 'Do not rely on this notice' })).toBeVisible();
  await total.fill('2,501.00');
  await page.getByRole('button', { name: 'Check the notice' }).click();
  await expect(page.getByRole('heading', { name: 'Genuine notice' })).toBeVisible();
  await checkA11y();
});
