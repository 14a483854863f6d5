import { scanPdfQr } from '../src/server/testing/scanPdfQr';
import { clippedTable, expect, pageOverflow, signIn, test } from './fixtures';

/**
 * Stamp duty from start to end, as the stamp duty officer works: the instruments list, a new
 * lease with two parties (a named person and a registered taxpayer) and its live duty preview,
 * the bill (an RRR from the Remita simulator), the payment at the "bank", the stamp, the
 * certificate PDF, and the public check of the certificate.
 */
test('an instrument with parties goes through payment to its certificate and public check', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'officer_stamp_duty');
  const taxpayers = await page.request.get('/api/v1/taxpayers?kind=individual&pageSize=1');
  const { items } = (await taxpayers.json()) as { items: { btin: string }[] };
  const btin = items[0]?.btin as string;

  await page.goto('/birs/stamp-duty/all');
  await expect(page.getByRole('heading', { name: 'Stamp Duty Instruments' })).toBeVisible();
  await expect(page.getByText(/Sorted by:/)).toBeVisible();
  await checkA11y();
  // On a 375 px phone the list is cards and nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('heading', { name: 'Stamp Duty Instruments' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await checkA11y();
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.getByRole('link', { name: 'New instrument' }).click();
  await expect(page.getByRole('heading', { name: 'New stamp duty instrument' })).toBeVisible();
  await page.getByLabel('Total rent over the term').fill('60000000');
  await page.getByRole('textbox', { name: 'Term (years)' }).fill('5');
  await page.getByLabel('Description').fill('Lease of a shop at Swali Market (e2e)');
  await expect(page.getByText('Duty: ₦468,000.00')).toBeVisible();

  await page.getByText('Named person', { exact: true }).first().click();
  await page.getByLabel('Party 1 name').fill('Tamara Ebiowei');
  await page.getByLabel('Party 1 phone').fill('0803 123 4567');
  await page.getByLabel('Party 2 taxpayer').fill(btin);
  await checkA11y();
  await page.getByRole('button', { name: 'Assess instrument' }).click();

  await expect(page).toHaveURL(/\/birs\/stamp-duty\/instrument\//);
  await expect(page.getByText('Assessed', { exact: true })).toBeVisible();
  await expect(page.getByText('Tamara Ebiowei')).toBeVisible();
  // The signed deed's scan: attached from the page, then a link to download it.
  await expect(page.getByText('No scan is attached to this instrument.')).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({
    name: 'lease.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    ),
  });
  await expect(page.getByRole('link', { name: 'Download the scan (PDF)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Replace scan' })).toBeVisible();
  await page.getByRole('button', { name: 'Raise bill (RRR)' }).click();
  await expect(page.getByText('Billed', { exact: true })).toBeVisible();
  const rrr = (
    (await page
      .getByText(/^\d{12}$/)
      .first()
      .textContent()) ?? ''
  ).trim();
  expect(rrr).toMatch(/^\d{12}$/);

  const paid = await page.request.post(`/_sim/remita/pay/${rrr}`, { data: {} });
  expect(paid.status(), await paid.text()).toBe(200);
  await page.reload();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Stamp instrument' }).click();
  await expect(page.getByText('Stamped', { exact: true })).toBeVisible();
  const certificate = ((await page.getByText(/^SD-\d{4}-\d{7}$/).textContent()) ?? '').trim();
  await checkA11y();
  // The instrument's page on a phone: its parties and history fit, no column cut off.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByText('Tamara Ebiowei')).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  await checkA11y();
  await page.setViewportSize({ width: 1366, height: 768 });

  const id = page.url().split('/').pop() as string;
  const pdf = await page.request.get(`/api/v1/stamp-duty/instruments/${id}/certificate.pdf`);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 4).toString()).toBe('%PDF');

  // The QR code opens the check by code: the facts, the named party masked (ADR 0032).
  const verifyUrl = await scanPdfQr(new Uint8Array(await pdf.body()));
  expect(verifyUrl).toMatch(/\/verify\/stamp\/[2-9A-Z]{10}$/);
  await page.goto(new URL(verifyUrl ?? '').pathname);
  await expect(page.getByText('Valid certificate')).toBeVisible();
  await expect(page.getByText(certificate)).toBeVisible();
  // Masked, another party's name can read the same (T***** E****** for any 6- and 7-letter
  // name): the lessor's masked name is shown, whichever row it is.
  await expect(page.getByText('T***** E******').first()).toBeVisible();
  await checkA11y();

  // The bare number says nothing until the duty printed on the certificate matches it.
  await page.goto(`/verify/stamp/${certificate}`);
  await expect(
    page.getByText('Not checked yet: the certificate needs one more fact'),
  ).toBeVisible();
  await expect(page.getByText('Tamara')).toBeHidden();
  const duty = page.getByRole('textbox', { name: 'Duty (₦), as printed on the certificate' });
  await duty.fill('468,000.01');
  await page.getByRole('button', { name: 'Check the certificate' }).click();
  await expect(page.getByText('Do not accept this certificate')).toBeVisible();
  await duty.fill('468,000.00');
  await page.getByRole('button', { name: 'Check the certificate' }).click();
  await expect(page.getByText('Valid certificate')).toBeVisible();
  await checkA11y();
});

test('the administrator changes a stamp duty rule in its dialog, told plainly what is wrong', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'admin');
  await page.goto('/birs/admin/stamp-duty-rules');
  await expect(page.getByRole('heading', { name: 'Stamp Duty Rules' })).toBeVisible();
  await page
    .getByRole('button', { name: /^Change Policy of insurance/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Instruments already assessed keep their rule')).toBeVisible();
  const rate = dialog.getByRole('textbox', { name: /Rate/ });
  const before = await rate.inputValue();
  await rate.fill('');
  await dialog.getByRole('button', { name: 'Save the rule' }).click();
  await expect(dialog.getByText('Enter the rate, a percentage of the consideration')).toBeVisible();
  await rate.fill('150');
  await dialog.getByRole('button', { name: 'Save the rule' }).click();
  await expect(dialog.getByText('The rate is above 0 % and at most 100 %')).toBeVisible();
  await checkA11y();
  await rate.fill(before.replace(/[^\d.]/g, ''));
  await dialog.getByRole('button', { name: 'Save the rule' }).click();
  await expect(page.getByText('Rule changed')).toBeVisible();
  await expect(dialog).toBeHidden();
});

/** Tomorrow in Lagos, DD/MM/YYYY as the date field takes it, and its ISO form. */
function tomorrowInLagos(): { typed: string; iso: string } {
  const iso = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'Africa/Lagos',
  });
  const [y, m, d] = iso.split('-');
  return { typed: `${d}/${m}/${y}`, iso };
}

test('the administrator adds a Monetary Policy Rate from a day; the page fits 1366 and 375 px', async ({
  page,
  checkA11y,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, 'admin');
  await page.goto('/birs/admin/stamp-duty-rules');
  const rates = page.getByRole('table', { name: 'Monetary Policy Rate, by the day billed' });
  await expect(rates).toBeVisible();
  // The seeded rate has no public source: it says so.
  await expect(rates.getByText('to confirm', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Late-stamping penalty, by the date of execution' }),
  ).toBeVisible();
  await expect.poll(() => clippedTable(page)).toBeLessThanOrEqual(1);
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Add a rate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a Monetary Policy Rate' });
  await dialog.getByRole('button', { name: 'Add the rate' }).click();
  await expect(dialog.getByText('Enter the rate a year, as a percentage')).toBeVisible();
  await expect(dialog.getByText('Enter the first day it applies')).toBeVisible();
  const rate = dialog.getByRole('textbox', { name: /Rate a year/ });
  await rate.fill('150');
  await dialog.getByRole('button', { name: 'Add the rate' }).click();
  await expect(dialog.getByText('A percentage from 0 to 100')).toBeVisible();
  await checkA11y();

  const from = tomorrowInLagos();
  await rate.fill('26.5');
  await dialog.getByLabel(/In force from/).fill(from.typed);
  await dialog.getByRole('textbox', { name: /Source/ }).fill('CBN MPC communiqué');
  await dialog.getByRole('button', { name: 'Add the rate' }).click();
  await expect(page.getByText('Rate added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const added = rates.getByRole('row').filter({ hasText: '26.5 %' });
  await expect(added).toContainText('CBN MPC communiqué');
  await expect(added).not.toContainText('to confirm');

  // A mistake in it, nothing billed at it yet: corrected in its own dialog, its day kept.
  await page
    .getByRole('button', { name: /^Correct the rate from/ })
    .last()
    .click();
  const correct = page.getByRole('dialog', { name: 'Correct a Monetary Policy Rate' });
  await correct.getByRole('textbox', { name: /Rate a year/ }).fill('26.75');
  await correct.getByRole('button', { name: 'Save the correction' }).click();
  await expect(page.getByText('Rate corrected')).toBeVisible();
  await expect(correct).toBeHidden();
  await expect(rates.getByRole('row').filter({ hasText: '26.75 %' })).toContainText(
    'CBN MPC communiqué',
  );

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(rates).toBeVisible();
  await expect.poll(() => pageOverflow(page)).toBeLessThanOrEqual(0);
  await checkA11y();
});
