import type { Browser, Page } from '@playwright/test';
import { scanPdfQr } from '../src/server/testing/scanPdfQr';
import { expect, signIn, test } from './fixtures';

/**
 * A tax clearance certificate from end to end, each officer in a browser session of their own
 * (docs/product.md §4 approval flow, docs/architecture.md §5, ADR 0013): the direct assessment officer generates
 * it, the Director of Assessment, the Director of Collection and the Chairman approve it from
 * the certificate's page, the printing officer prints it, the public page opened from the
 * PDF's QR code says it is valid; the Chairman revokes it and the same page says so.
 */

function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '5');
}

/** A new page signed in as `username`, in a browser context (a session) of its own. */
async function sessionOf(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'Africa/Lagos', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

/** Opens the certificate's page and carries out one action through its dialog. */
async function act(
  page: Page,
  id: string,
  action: 'Approve' | 'Print' | 'Revoke',
  reason?: string,
): Promise<void> {
  await page.goto(`/birs/taxs/tcc/${id}`);
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByRole('textbox').fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('generate, three approvals from three sessions, print, the QR says valid, revoke, it says revoked', async ({
  page,
  browser,
}) => {
  test.slow();
  // A person newly registered: no assessment in any of the three years, so each is flagged.
  await signIn(page, 'officer_da');
  const registrar = await sessionOf(browser, 'assessment_officer');
  const registered = await registrar.request.post('/api/v1/taxpayers/individuals', {
    headers: { Origin: new URL(registrar.url()).origin },
    data: {
      firstName: 'Preye',
      lastName: 'Ebikabowei',
      gender: 'male',
      dateOfBirth: '1988-02-14',
      nin: uniqueDigits(11),
      phone: `0803${uniqueDigits(7)}`,
      address: '12 Imgbi Road, Yenagoa',
      stateId: 6,
      lgaId: 608,
      employmentStatus: 'self-employed',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const btin = ((await registered.json()).taxpayer as { btin: string }).btin;
  await registrar.context().close();

  await page.goto('/birs/taxs/tcc-direct-assessment');
  await page.getByRole('textbox', { name: 'Taxpayer BTIN' }).fill(btin);
  await expect(page.getByTestId('tcc-holder-name')).toContainText('Preye');
  await page
    .getByRole('form', { name: 'Generate a certificate' })
    .getByRole('combobox', { name: 'Purpose', exact: true })
    .click();
  await page.getByRole('option', { name: 'Government contract', exact: true }).click();
  await page.getByRole('textbox', { name: 'Source of income' }).fill('Building contractor');
  const justifications = page.getByRole('textbox', { name: /^Why \d{4} may go on/ });
  await expect(justifications).toHaveCount(3);
  for (let i = 0; i < 3; i += 1) {
    await justifications.nth(i).fill('Registered this year; earned below the threshold before');
  }
  await page.getByRole('button', { name: 'Generate certificate' }).click();
  const done = page.getByRole('status').filter({ hasText: /Certificate .* generated/ });
  await expect(done).toBeVisible();
  await done.getByRole('link', { name: /Open certificate/ }).click();
  await expect(page).toHaveURL(/\/birs\/taxs\/tcc\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').pop() as string;
  // The officer who generated it may not approve it (separation of duties).
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);

  for (const username of ['director_assessment', 'director_collection', 'tcc_chairman']) {
    const approver = await sessionOf(browser, username);
    await act(approver, id, 'Approve');
    await approver.context().close();
  }

  const printer = await sessionOf(browser, 'printing_officer');
  await printer.goto(`/birs/taxs/tcc/${id}`);
  await expect(printer.getByText('Approved').first()).toBeVisible();
  const opened = printer.context().waitForEvent('page');
  await printer.getByRole('button', { name: 'Print', exact: true }).click();
  await printer.getByRole('dialog').getByRole('button', { name: 'Print', exact: true }).click();
  await (await opened).close();
  const pdf = await printer.request.get(`/api/v1/tcc/${id}/certificate.pdf`);
  expect(pdf.status()).toBe(200);
  const qr = await scanPdfQr(new Uint8Array(await pdf.body()));
  expect(qr, 'the QR code on the printed certificate').toBeTruthy();
  await printer.context().close();

  // The QR code opened as a phone would, signed out.
  const url = new URL(qr as string);
  const checker = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const verify = await checker.newPage();
  await verify.goto(`${url.pathname}${url.hash}`);
  // One verdict from the record and the signature (ADR 0032).
  await expect(verify.locator('[data-verdict="valid"]')).toContainText('Valid certificate');
  await expect(verify.getByText('What the QR code’s signed facts say')).toBeVisible();

  const chairman = await sessionOf(browser, 'tcc_chairman');
  await act(chairman, id, 'Revoke', 'Issued on a forged contract award letter');
  await expect(chairman.getByText('Revoked').first()).toBeVisible();
  await chairman.context().close();

  await verify.reload();
  await expect(verify.locator('[data-verdict="invalid"]')).toContainText(
    'Do not accept this certificate: it was revoked',
  );
  await expect(verify.getByText('Valid certificate')).toHaveCount(0);
  await checker.close();
});
