import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { expect, sidebar, signIn, test } from './fixtures';

/** 150000 → "₦1,500.00", as the screens and the notice print kobo. */
function naira(kobo: number): string {
  return `₦${Math.floor(kobo / 100).toLocaleString('en-NG')}.${String(kobo % 100).padStart(2, '0')}`;
}

type Draft = {
  id: string;
  btin: string;
  taxKobo: number;
  taxpayerName: string;
  createdBy: { name: string } | null;
};

const origin = (page: Page) => ({ Origin: new URL(page.url()).origin });

/** The demo individual taxpayers (the demo seed), for assessments of this run's own. */
async function individualTaxpayers(page: Page): Promise<{ btin: string }[]> {
  const response = await page.request.get('/api/v1/taxpayers?kind=individual&pageSize=50');
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: { btin: string }[] };
  expect(items.length).toBeGreaterThan(2);
  return items;
}

/** A direct assessment draft made through the API by the signed-in officer. */
async function createDraft(page: Page, btin: string, taxYear: number): Promise<Draft> {
  const created = await page.request.post('/api/v1/assessments/direct', {
    headers: origin(page),
    data: {
      btin,
      taxYear,
      incomes: [{ source: 'employment', amountKobo: 400_000_000 }],
      deductions: { pensionKobo: 32_000_000 },
      evidenceNote: 'Payslips seen (e2e)',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as Draft;
}

/** The payer pays at the "bank": the simulator marks the RRR paid and notifies RevDesk. */
async function payInSimulator(page: Page, rrr: string): Promise<void> {
  const paid = await page.request.post(`/_sim/remita/pay/${rrr}`, { data: {} });
  expect(paid.status(), await paid.text()).toBe(200);
  expect(((await paid.json()) as { notified: boolean }).notified).toBe(true);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, '');
  } finally {
    await parser.destroy();
  }
}

test('a direct assessment officer finds a draft, issues it, bills it, sees it paid, and downloads the notice', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'officer_da');
  const [taxpayer] = await individualTaxpayers(page);
  const draft = await createDraft(page, taxpayer?.btin ?? '', 2024);

  await page.goto('/birs/taxs/direct-assessment');
  await expect(page.getByRole('heading', { level: 1, name: 'Direct Assessments' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New assessment' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(draft.btin);
  await expect(page).toHaveURL(new RegExp(`search=(%22)?${draft.btin}`));
  const row = page.getByRole('row', { name: new RegExp(draft.btin) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Draft');
  await expect(row).toContainText(naira(draft.taxKobo));
  // A draft assesses nothing yet: the totals count what stands.
  await expect(page.getByLabel('Totals of the filtered assessments')).toContainText(
    `Assessed${naira(0)}`,
  );
  // The officer filter offers who has assessed; the draft's author keeps it in the list.
  await page.getByRole('combobox', { name: 'Officer', exact: true }).click();
  await page.getByRole('option', { name: draft.createdBy?.name ?? '', exact: true }).click();
  await expect(page).toHaveURL(/createdBy=/);
  await expect(row).toHaveCount(1);
  await checkA11y();
  // The export takes the same filter: this run's draft, found by its BTIN.
  const exported = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await readFile((await (await exported).path()) ?? '', 'utf8');
  expect(csv).toContain(draft.btin);
  expect(csv.trim().split('\n')).toHaveLength(2);
  await row.getByText(draft.taxpayerName).click();

  await expect(page).toHaveURL(new RegExp(`/birs/taxs/assessment/${draft.id}$`));
  await expect(page.getByTestId('notice-number')).toHaveText('Draft');
  await expect(page.getByRole('table', { name: 'Tax by band' })).toBeVisible();
  await expect(page.getByText(`Tax payable: ${naira(draft.taxKobo)}`)).toBeVisible();

  // Issue the notice: it gets its number, the Issue button goes.
  await page.getByRole('button', { name: 'Issue notice' }).click();
  const issueDialog = page.getByRole('dialog', { name: 'Issue the notice of assessment' });
  await checkA11y();
  await issueDialog.getByRole('button', { name: 'Issue notice' }).click();
  await expect(issueDialog).toBeHidden();
  await expect(page.getByTestId('notice-number')).toHaveText(/^[A-Z]+\/DA\/\d{4}\/\d+/);
  const noticeNumber = (await page.getByTestId('notice-number').textContent()) ?? '';
  await expect(page.getByTestId('assessment-status')).toHaveText('Issued');
  await expect(page.getByRole('button', { name: 'Issue notice' })).toHaveCount(0);

  // Raise the bill: Remita's RRR is shown to be read out.
  await page.getByRole('button', { name: 'Raise bill' }).click();
  const billDialog = page.getByRole('dialog', { name: 'Raise the bill' });
  await expect(billDialog).toContainText(naira(draft.taxKobo));
  await billDialog.getByRole('button', { name: 'Raise bill' }).click();
  await expect(page.getByTestId('raised-rrr')).toHaveText(/^\d{4}-\d{4}-\d{4}$/);
  const rrr = ((await page.getByTestId('raised-rrr').textContent()) ?? '').replace(/-/g, '');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('table', { name: 'Payments of this assessment' })).toContainText(
    'Pending',
  );

  await payInSimulator(page, rrr);
  await page.reload();
  await expect(page.getByTestId('assessment-status')).toHaveText('Paid');
  const money = page.locator('dl[aria-label="Money"]');
  await expect(money).toContainText(`Paid${naira(draft.taxKobo)}`);
  await expect(money).toContainText(`Outstanding${naira(0)}`);
  const payments = page.getByRole('table', { name: 'Payments of this assessment' });
  await expect(payments.getByRole('link')).toHaveCount(1);
  await checkA11y();

  // The notice, as the taxpayer receives it.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download notice (PDF)' }).click();
  const pdf = await readFile((await (await download).path()) ?? '');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(pdf);
  expect(text).toContain(noticeNumber.replace(/\s+/g, ''));
  expect(text).toContain(naira(draft.taxKobo));
});

test('issuing a draft someone else issued first says so; the taxpayer then objects in time', async ({
  page,
  checkA11y,
}) => {
  await signIn(page, 'officer_da');
  const taxpayers = await individualTaxpayers(page);
  const draft = await createDraft(page, taxpayers[3]?.btin ?? '', 2021);
  await page.goto(`/birs/taxs/assessment/${draft.id}`);
  await expect(page.getByTestId('notice-number')).toHaveText('Draft');
  await page.getByRole('button', { name: 'Issue notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue the notice of assessment' });
  await expect(dialog).toBeVisible();

  // A colleague issues it while the dialog is open.
  const first = await page.request.post(`/api/v1/assessments/${draft.id}/issue`, {
    headers: origin(page),
    data: {},
  });
  expect(first.status(), await first.text()).toBe(200);
  const { noticeNumber } = (await first.json()) as { noticeNumber: string };

  await dialog.getByRole('button', { name: 'Issue notice' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    `This assessment was issued already, as ${noticeNumber}.`,
  );
  await expect(dialog.getByRole('alert')).toContainText('Someone may have acted on it');
  await dialog.getByRole('button', { name: 'Back to the assessment' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('notice-number')).toHaveText(noticeNumber);

  // The taxpayer objects within the 30 days: no late reason is asked for.
  await page.getByRole('button', { name: 'Record objection' }).click();
  const objection = page.getByRole('dialog', { name: 'Record an objection' });
  await expect(objection).toContainText('The taxpayer may object until');
  await objection.getByRole('button', { name: 'Record objection' }).click();
  await expect(objection.getByText('State the grounds in at least 10 characters')).toBeVisible();
  await checkA11y();
  await objection.getByLabel('Grounds').fill('The rent income was counted twice in the figures');
  await objection.getByLabel('Amount disputed (₦)').fill('50000');
  await objection.getByRole('button', { name: 'Record objection' }).click();
  await expect(objection).toBeHidden();
  await expect(page.getByTestId('assessment-status')).toHaveText('Objected');
  await expect(page.getByText('days left to answer')).toBeVisible();
  await expect(page.getByText('disputing ₦50,000.00')).toBeVisible();
});

test('a director waives a penalty with a reason, and the taxpayer’s tab lists the assessment', async ({
  page,
  checkA11y,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'officer_da');
  const taxpayers = await individualTaxpayers(page);
  const draft = await createDraft(page, taxpayers[1]?.btin ?? '', 2023);
  const issued = await page.request.post(`/api/v1/assessments/${draft.id}/issue`, {
    headers: origin(page),
    data: {},
  });
  expect(issued.status(), await issued.text()).toBe(200);
  const { noticeNumber } = (await issued.json()) as { noticeNumber: string };

  // An address that holds no assessment is said so, not a crash.
  await page.goto('/birs/taxs/assessment/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'No such assessment' })).toBeVisible();
  // So does the draft's edit page, with the way back to the list.
  await page.goto('/birs/taxs/direct-assessment/00000000-0000-4000-8000-000000000000/edit');
  await expect(page.getByRole('heading', { level: 1, name: 'No such assessment' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the direct assessments' })).toBeVisible();

  await page.context().clearCookies();
  await page.goto('/auth/login');
  await signIn(page, 'director_assessment');
  await page.goto(`/birs/taxs/assessment/${draft.id}`);
  await expect(page.getByTestId('notice-number')).toHaveText(noticeNumber);
  // A director decides and waives; issuing and billing are the assessing officer's.
  await expect(page.getByRole('button', { name: 'Raise bill' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Waive penalty' }).click();
  const dialog = page.getByRole('dialog', { name: 'Waive penalty and interest' });
  await dialog.getByLabel('Reason').fill('Too short');
  await dialog.getByRole('button', { name: 'Waive penalty' }).click();
  await expect(dialog.getByText('Give the reason in at least 10 characters')).toBeVisible();
  await checkA11y();
  await dialog.getByLabel('Reason').fill('Taxpayer was in hospital when the notice arrived');
  await dialog.getByRole('button', { name: 'Waive penalty' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Penalty waived', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Waive penalty' })).toHaveCount(0);
  // The history names the director, never by username.
  await expect(page.getByText('Penalty and interest waived by Ayebaemi Spiff')).toBeVisible();
  await expect(page.getByText('waived by director_assessment')).toHaveCount(0);

  // The taxpayer's page lists it under Assessments; a row opens it.
  await page.getByRole('link', { name: draft.taxpayerName }).click();
  await expect(page).toHaveURL(new RegExp(`/birs/taxpayer/${draft.btin}$`));
  await page.getByRole('tab', { name: 'Assessments' }).click();
  const row = page.getByRole('row', { name: new RegExp(noticeNumber) });
  await expect(row).toContainText('2023');
  await checkA11y();
  await row.getByText(noticeNumber).click();
  await expect(page).toHaveURL(new RegExp(`/birs/taxs/assessment/${draft.id}$`));
});

test('an officer without assessment:read sees neither the menu entry nor the list', async ({
  page,
}) => {
  await page.goto('/governor/dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?returnUrl=/);
  await signIn(page, 'executive', { expectedPath: '/governor/dashboard' });
  await expect(sidebar(page).getByRole('link', { name: 'Direct Assessments' })).toHaveCount(0);
  await page.goto('/governor/taxs/direct-assessment');
  await expect(page.getByText('You do not have access to this page')).toBeVisible();
  const refused = await page.request.get('/api/v1/assessments?kind=direct');
  expect(refused.status()).toBe(403);
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the list shows one line of totals and a card per assessment that opens it', async ({
    page,
    checkA11y,
  }) => {
    await signIn(page, 'officer_da');
    const taxpayers = await individualTaxpayers(page);
    const draft = await createDraft(page, taxpayers[2]?.btin ?? '', 2022);
    await page.goto(`/birs/taxs/direct-assessment?search=${draft.btin}`);
    const totals = page.getByLabel('Totals of the filtered assessments');
    await expect(totals).toContainText('Assessed');
    // One line: the figures sit side by side, not stacked.
    const box = await totals.boundingBox();
    expect(box?.height ?? 999).toBeLessThan(40);
    const card = page.getByRole('listitem').filter({ hasText: draft.btin });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(naira(draft.taxKobo));
    await expect(card).toContainText('Draft');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
    await checkA11y();
    await card.getByRole('link', { name: new RegExp(draft.taxpayerName) }).click();
    await expect(page).toHaveURL(new RegExp(`/birs/taxs/assessment/${draft.id}$`));
    await expect(page.getByTestId('notice-number')).toHaveText('Draft');
  });
});
