import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { scanPdfQrOnAnyPage } from '../src/server/testing/scanPdfQr';
import { expect, signIn, test } from './fixtures';

/** Digits nobody else in this run has (a NIN, a phone number). */
function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

/** A surname nobody else in this run has. */
function uniqueSurname(): string {
  return `Tari${uniqueDigits(6).replace(/\d/g, (d) => 'abcdefghjk'[Number(d)] ?? 'a')}`;
}

type Mda = {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
  hasRemitaCredentials: boolean;
  revenueHeads: { code: string; isActive: boolean }[];
};

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** The demo MDAs that can bill through Remita (the demo seed, simulator credentials). */
async function payingMda(page: Page): Promise<Mda> {
  const response = await page.request.get('/api/v1/mdas/details?pageSize=200');
  expect(response.status(), await response.text()).toBe(200);
  const mda = ((await response.json()) as { items: Mda[] }).items.find(
    (m) => m.isActive && m.hasRemitaCredentials && m.revenueHeads.some((head) => head.isActive),
  );
  if (!mda) throw new Error('the demo seed has no MDA that bills through Remita');
  return mda;
}

/** A taxpayer of this test's own, registered through the API by the signed-in officer. */
async function registerTaxpayer(page: Page, lastName: string): Promise<string> {
  const registered = await page.request.post('/api/v1/taxpayers/individuals', {
    headers: origin(page),
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

/** A bill raised at Remita (the simulator) and paid there: the ledger holds it as paid. */
async function paidRrr(page: Page, btin: string, mda: Mda, amountKobo: number): Promise<string> {
  const head = mda.revenueHeads.find((h) => h.isActive);
  const invoice = await page.request.post('/api/v1/invoices', {
    headers: origin(page),
    data: { btin, mdaId: mda.id, revenueHeadCode: head?.code, amountKobo, description: 'Old tax' },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  const rrr = ((await invoice.json()) as { rrr: string }).rrr;
  const paid = await page.request.post(`/_sim/remita/pay/${rrr}`, { data: {} });
  expect(paid.status(), await paid.text()).toBe(200);
  return rrr;
}

/** Fills one backlog year's form: the taxpayer, the year, the figures and one RRR receipt. */
async function fillBacklogYear(
  page: Page,
  entry: { btin: string; year: number; mda: Mda; rrr: string; naira: string },
) {
  const form = page.getByRole('form', { name: 'Capture a past year' });
  await form.getByLabel('BTIN').fill(entry.btin);
  await form.getByLabel('Year of assessment').fill(String(entry.year));
  await form.getByLabel('Gross income (₦)').fill('2500000');
  await form.getByLabel('Tax (₦)').fill(entry.naira);
  const receipt = form.getByRole('group', { name: 'Receipt 1' });
  await receipt.getByRole('combobox', { name: 'Paid to (MDA)' }).click();
  await page.getByRole('option', { name: `${entry.mda.code} · ${entry.mda.name}` }).click();
  await receipt.getByLabel('RRR').fill(entry.rrr);
  await receipt.getByLabel('Amount paid (₦)').fill(entry.naira);
  await receipt.getByLabel('Date paid').fill(`15/03/${entry.year + 1}`);
  await receipt.getByLabel('Date paid').blur();
  return { form, receipt };
}

test('an officer captures a paid past year with its RRR; the same RRR again is refused beside it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'officer_da');
  const surname = uniqueSurname();
  const btin = await registerTaxpayer(page, surname);
  const mda = await payingMda(page);
  const rrr = await paidRrr(page, btin, mda, 2_500_000);

  await page.goto('/birs/taxs/capture-direct-assessment');
  await expect(page.getByRole('heading', { name: 'Capture Direct Assessment' })).toBeVisible();
  await expect(
    page.getByText('You have not captured a backlog year of this kind yet.'),
  ).toBeVisible();

  // Nothing filled: every required field says so, beside it.
  await page.getByRole('button', { name: 'Save backlog year' }).click();
  await expect(page.getByText('A BTIN is 10 digits')).toBeVisible();

  const { form } = await fillBacklogYear(page, { btin, year: 2023, mda, rrr, naira: '25000' });
  await expect(form.getByText(`Preye ${surname}`)).toBeVisible();
  await page.getByRole('button', { name: 'Save backlog year' }).click();

  const recorded = page.getByRole('status').filter({ hasText: '2023 recorded as paid' });
  await expect(recorded).toBeVisible({ timeout: 15_000 });
  await expect(recorded.getByRole('list', { name: 'Receipts recorded' })).toContainText(
    `RRR ${rrr.slice(0, 4)}-${rrr.slice(4, 8)}-${rrr.slice(8)}`,
  );
  await expect(recorded.getByRole('link', { name: 'Open the assessment' })).toHaveAttribute(
    'href',
    /\/birs\/taxs\/assessment\/[0-9a-f-]{36}$/,
  );

  // The officer's recent entries, under the form (drawn when scrolled near): this year, paid,
  // marked Backlog.
  await page.getByRole('heading', { name: 'Your recent backlog entries' }).scrollIntoViewIfNeeded();
  const recent = page.getByRole('table', { name: 'Your recent backlog entries' });
  const row = recent.getByRole('row').filter({ hasText: `Preye ${surname}` });
  await expect(row).toContainText('2023');
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Backlog');

  // Another year with the receipt already counted for 2023: refused, beside that receipt.
  const { receipt } = await fillBacklogYear(page, { btin, year: 2022, mda, rrr, naira: '25000' });
  await page.getByRole('button', { name: 'Save backlog year' }).click();
  await expect(receipt.getByText(/pays another assessment already/)).toBeVisible({
    timeout: 15_000,
  });
  await expect(receipt.getByLabel('RRR')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByRole('alert').filter({ hasText: 'A receipt is recorded already' }),
  ).toBeVisible();
  await expect(recent.getByRole('row').filter({ hasText: `Preye ${surname}` })).toHaveCount(1);
});

type Assessment = {
  id: string;
  noticeNumber: string | null;
  status: string;
  taxKobo: number;
  revisionOf: string | null;
};

test('a director decides an objection as upheld: a revised notice replaces the old, the letter downloads, and the public check tells them apart', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Set up through the API as the officer: an issued direct assessment and an objection to it.
  await signIn(page, 'officer_da');
  const surname = uniqueSurname();
  const btin = await registerTaxpayer(page, surname);
  const drafted = await page.request.post('/api/v1/assessments/direct', {
    headers: origin(page),
    data: {
      btin,
      taxYear: 2024,
      incomes: [
        { source: 'employment', amountKobo: 400_000_000 },
        { source: 'rent', amountKobo: 150_000_000 },
      ],
      deductions: { pensionKobo: 32_000_000 },
    },
  });
  expect(drafted.status(), await drafted.text()).toBe(201);
  const draft = (await drafted.json()) as Assessment;
  const issuing = await page.request.post(`/api/v1/assessments/${draft.id}/issue`, {
    headers: origin(page),
  });
  expect(issuing.status(), await issuing.text()).toBe(200);
  const issued = (await issuing.json()) as Assessment;
  const notice = issued.noticeNumber ?? '';
  const objected = await page.request.post(`/api/v1/assessments/${issued.id}/objections`, {
    headers: origin(page),
    data: {
      grounds: 'The rent income was counted twice: the property was sold in March 2024.',
      disputedKobo: 3_000_000,
    },
  });
  expect(objected.status(), await objected.text()).toBe(201);

  // The officer reads the list but may not decide.
  await page.goto('/birs/taxs/objections');
  const officerRow = page.getByRole('row').filter({ hasText: notice });
  await expect(officerRow).toContainText('90 days left');
  await expect(page.getByRole('button', { name: `Decide the objection to ${notice}` })).toHaveCount(
    0,
  );

  await page.context().clearCookies();
  await signIn(page, 'director_assessment');
  await page.goto('/birs/taxs/objections?status=open');
  const row = page.getByRole('row').filter({ hasText: notice });
  await expect(row).toContainText('90 days left');
  await expect(row).toContainText(`Preye ${surname}`);

  // The grounds in full on opening the objection.
  await row.getByText('The rent income was counted').click();
  const drawer = page.getByRole('dialog', { name: `Objection to ${notice}` });
  await expect(drawer.getByTestId('objection-grounds')).toHaveText(
    'The rent income was counted twice: the property was sold in March 2024.',
  );
  await drawer.getByRole('button', { name: 'Decide this objection' }).click();

  const dialog = page.getByRole('dialog', { name: `Decide the objection to ${notice}` });
  await dialog.getByRole('radio', { name: /^Upheld/ }).check();
  // The income the notice was computed from, editable: the rent goes.
  await expect(dialog.getByLabel('Income 2: amount (₦)')).toHaveValue('₦1,500,000');
  await dialog.getByRole('button', { name: 'Remove income 2' }).click();
  await dialog.getByRole('button', { name: 'Record decision' }).click();
  await expect(dialog.getByText('Give the reasons in at least 10 characters')).toBeVisible();
  await dialog
    .getByLabel('Reasons')
    .fill('The property was sold in March 2024; its rent is not income of the year.');
  await dialog.getByRole('button', { name: 'Record decision' }).click();

  const decided = page.getByRole('dialog', { name: 'Objection decided' });
  await expect(decided.getByText(/^Upheld: assessment/)).toBeVisible({ timeout: 15_000 });
  const revisedLink = decided
    .getByRole('link')
    .filter({ hasText: /^BIRS\/DA\// })
    .first();
  await expect(revisedLink).not.toHaveText(notice);
  const revisedNotice = (await revisedLink.textContent()) ?? '';

  // The letter downloads and is the decision on this notice.
  const downloading = page.waitForEvent('download');
  await decided.getByRole('link', { name: 'Decision letter (PDF)' }).click();
  const letterPath = await (await downloading).path();
  const parser = new PDFParse({ data: new Uint8Array(await readFile(letterPath)) });
  const letter = (await parser.getText()).text.replace(/\s+/g, '');
  await parser.destroy();
  expect(letter).toContain('DecisiononObjectiontoAssessment');
  expect(letter).toContain(notice.replace(/\s+/g, ''));

  // The revised assessment exists and the old one shows revised.
  const old = (await (
    await page.request.get(`/api/v1/assessments/${issued.id}`)
  ).json()) as Assessment;
  expect(old.status).toBe('revised');
  const revisedHref = (await revisedLink.getAttribute('href')) ?? '';
  const revisedId = revisedHref.split('/').pop();
  const revised = (await (
    await page.request.get(`/api/v1/assessments/${revisedId}`)
  ).json()) as Assessment;
  expect(revised).toMatchObject({
    revisionOf: issued.id,
    status: 'issued',
    noticeNumber: revisedNotice,
  });
  expect(revised.taxKobo).toBeLessThan(issued.taxKobo);
  await decided.getByRole('button', { name: 'Done' }).click();

  // The public check, signed out, by the codes the notices' QR codes hold (ADR 0032): the
  // revised notice is genuine, the old one replaced, a made-up code not found.
  const verifyPathOf = async (id: string | undefined) => {
    const pdf = await page.request.get(`/api/v1/assessments/${id}/notice.pdf`);
    expect(pdf.status()).toBe(200);
    return new URL((await scanPdfQrOnAnyPage(new Uint8Array(await pdf.body()))) ?? '').pathname;
  };
  const [revisedPath, oldPath] = [await verifyPathOf(revisedId), await verifyPathOf(issued.id)];
  await page.context().clearCookies();
  await page.goto(revisedPath);
  await expect(page.getByRole('status').filter({ hasText: 'Genuine notice' })).toBeVisible();
  await expect(page.getByText(revisedNotice)).toBeVisible();
  // Every name masked the same way, the first name too (ADR 0032).
  await expect(page.getByText(/^P\*{4} /)).toBeVisible();
  await expect(page.getByText('Preye')).toHaveCount(0);
  await expect(page.getByText(surname)).toHaveCount(0);
  await expect(page.getByText('2024', { exact: true })).toBeVisible();

  await page.goto(oldPath);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Do not rely on this notice: it was replaced' }),
  ).toBeVisible();

  await page.goto('/verify/assessment/ZZZZZZZZZZ');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Do not rely on this notice' }),
  ).toBeVisible();
  await expect(page.getByText(/may be forged/)).toBeVisible();
});

test('each officer captures the backlog of their own kind only', async ({ page }) => {
  await signIn(page, 'officer_pa');
  await page.goto('/birs/taxs/capture-presumptive-tax');
  await expect(page.getByRole('heading', { name: 'Capture Presumptive Tax' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Trade category' })).toBeVisible();
  await page.goto('/birs/taxs/capture-direct-assessment');
  await expect(
    page.getByRole('heading', { name: 'You do not have access to this page' }),
  ).toBeVisible();
});
