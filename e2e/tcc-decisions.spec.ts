import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/**
 * Decisions move on (docs/architecture.md §5): a certificate carrying an evidence file is opened
 * by the Director of Assessment, who downloads the file, rejects it and gets a confirmation
 * with the next certificate of the queue; the officer resubmits it; the director then reads at
 * the top that it was resubmitted, why it was rejected and what was changed, approves it, goes
 * on to the next in the queue and back to the queue, which says how it is sorted. At a laptop's
 * width and a phone's.
 */

function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '5');
}

/** A small PDF as a scanner writes one. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

async function sessionOf(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId: 'Africa/Lagos', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

/** The officer's side, through the API as the pages send it: register, generate, add evidence. */
async function certificateWithEvidence(officer: Page, registrar: Page) {
  const origin = { Origin: new URL(officer.url()).origin };
  const registered = await registrar.request.post('/api/v1/taxpayers/individuals', {
    headers: { Origin: new URL(registrar.url()).origin },
    data: {
      firstName: 'Tamara',
      lastName: `Ebi${uniqueDigits(4)}`,
      gender: 'female',
      dateOfBirth: '1990-05-20',
      nin: uniqueDigits(11),
      phone: `0803${uniqueDigits(7)}`,
      address: '3 Melford Okilo Road, Yenagoa',
      stateId: 6,
      lgaId: 608,
      employmentStatus: 'self-employed',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const btin = ((await registered.json()).taxpayer as { btin: string }).btin;
  const year = Number(new Date().toISOString().slice(0, 4));
  const generated = await officer.request.post('/api/v1/tcc', {
    headers: origin,
    data: {
      kind: 'direct-assessment',
      btin,
      purpose: 'loan',
      sourceOfIncome: 'Fish trading',
      justifications: [year - 3, year - 2, year - 1].map((y) => ({
        year: y,
        text: 'Registered this year; earned below the threshold before',
      })),
    },
  });
  expect(generated.status(), await generated.text()).toBe(201);
  const tcc = (await generated.json()) as { id: string; number: string; status: string };
  expect(tcc.status).toBe('pending_director_assessment');
  const evidence = await officer.request.post(`/api/v1/tcc/${tcc.id}/evidence`, {
    headers: origin,
    multipart: {
      file: { name: 'Bank statement.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(evidence.status(), await evidence.text()).toBe(201);
  return tcc;
}

/** Approve or reject from the certificate's page, through its dialog. */
async function decide(page: Page, action: 'Approve' | 'Reject', reason?: string) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (reason) await dialog.getByRole('textbox').fill(reason);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

// At 1366 px, then resized to 375 px, each size deciding a certificate of its own: the same
// checks at each size as a test per size made, with one set of officers' sessions.
test('evidence seen by the approver; after a decision the next in the queue; the resubmission at the top, at 1366 and 375 px', async ({
  page,
  browser,
}) => {
  test.slow();
  const officer = await sessionOf(browser, 'officer_da');
  const registrar = await sessionOf(browser, 'assessment_officer');
  const certificates = [
    await certificateWithEvidence(officer, registrar),
    await certificateWithEvidence(officer, registrar),
  ];
  // A third certificate waiting too, so the queue has a next one whatever the demo data.
  const third = await certificateWithEvidence(officer, registrar);
  await registrar.context().close();

  // Its officer removes the file added in error, after confirming.
  await officer.goto(`/birs/taxs/tcc/${third.id}`);
  await officer.getByRole('button', { name: 'Remove Bank statement.pdf' }).click();
  const confirm = officer.getByRole('dialog', { name: 'Remove the evidence file?' });
  await confirm.getByRole('button', { name: 'Remove the file' }).click();
  await expect(confirm).toBeHidden();
  await expect(officer.getByText('No evidence files were added')).toBeVisible();

  await signIn(page, 'director_assessment');
  for (const [index, viewport] of [
    { width: 1366, height: 900 },
    { width: 375, height: 812 },
  ].entries()) {
    await page.setViewportSize(viewport);
    const tcc = certificates[index] as (typeof certificates)[number];
    await page.goto(`/birs/taxs/tcc/${tcc.id}`);
    await expect(page.getByTestId('tcc-number')).toHaveText(tcc.number);

    // The evidence file, downloaded by the approver.
    const file = page.getByRole('link', { name: 'Bank statement.pdf' });
    await expect(file).toBeVisible();
    const downloading = page.waitForEvent('download');
    await file.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Bank statement.pdf');
    expect((await download.path()) !== null).toBe(true);

    await decide(page, 'Reject', 'The address on the certificate is the old one');
    const rejected = page.getByTestId('tcc-outcome');
    await expect(rejected).toContainText(`Certificate ${tcc.number} rejected`);
    await expect(rejected.getByRole('link', { name: /^Next in the queue: / })).toBeVisible();
    await expect(rejected.getByRole('link', { name: 'Back to the queue' })).toBeVisible();

    const resubmitted = await officer.request.post(`/api/v1/tcc/${tcc.id}/resubmit`, {
      headers: { Origin: new URL(officer.url()).origin },
      data: { note: 'Corrected the address on the taxpayer record to Melford Okilo Road' },
    });
    expect(resubmitted.status(), await resubmitted.text()).toBe(200);

    await page.reload();
    const notice = page.getByTestId('tcc-resubmitted-notice');
    await expect(notice).toContainText('Resubmitted after a rejection');
    await expect(notice).toContainText('The address on the certificate is the old one');
    await expect(notice).toContainText('Corrected the address on the taxpayer record');
    await expect(page.getByRole('link', { name: 'Bank statement.pdf' })).toBeVisible();

    await decide(page, 'Approve');
    const approved = page.getByTestId('tcc-outcome');
    await expect(approved).toContainText(
      `Certificate ${tcc.number} approved as Director of Assessment`,
    );
    await expect(approved).toContainText('With Director of Collection');
    await expect(approved.getByRole('link', { name: 'Back to the queue' })).toHaveAttribute(
      'href',
      /\/birs\/taxs\/pending-tcc-da-director$/,
    );
    await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0);
    const next = approved.getByRole('link', { name: /^Next in the queue: / });
    const nextNumber = ((await next.textContent()) ?? '').replace('Next in the queue: ', '');
    expect(nextNumber).not.toBe(tcc.number);
    await next.click();
    await expect(page.getByTestId('tcc-number')).toHaveText(nextNumber);
    await expect(page).not.toHaveURL(new RegExp(tcc.id));

    await page.goto('/birs/taxs/pending-tcc-da-director');
    await expect(page.getByText(/^Sorted by: .*waited longest/)).toBeVisible();
  }
  await officer.context().close();
});

test('a second certificate while one is held: refused naming it, then generated with a reason every approver reads', async ({
  page,
  browser,
}) => {
  test.slow();
  const officer = await sessionOf(browser, 'officer_da');
  const registrar = await sessionOf(browser, 'assessment_officer');
  const held = await certificateWithEvidence(officer, registrar);
  await registrar.context().close();
  await officer.context().close();
  const btin = await (async () => {
    const director = await sessionOf(browser, 'director_assessment');
    const res = await director.request.get(`/api/v1/tcc/${held.id}`);
    const found = ((await res.json()) as { btin: string }).btin;
    await director.context().close();
    return found;
  })();
  for (const username of ['director_assessment', 'director_collection', 'tcc_chairman']) {
    const approver = await sessionOf(browser, username);
    const res = await approver.request.post(`/api/v1/tcc/${held.id}/approve`, {
      headers: { Origin: new URL(approver.url()).origin },
      data: {},
    });
    expect(res.status(), await res.text()).toBe(200);
    await approver.context().close();
  }

  await signIn(page, 'officer_da');
  await page.goto('/birs/taxs/tcc-direct-assessment');
  await page.getByRole('textbox', { name: 'Taxpayer BTIN' }).fill(btin);
  await expect(page.getByTestId('tcc-holder-name')).toContainText('Tamara');
  const form = page.getByRole('form', { name: 'Generate a certificate' });
  await form.getByRole('combobox', { name: 'Purpose', exact: true }).click();
  await page.getByRole('option', { name: 'Bank loan', exact: true }).click();
  await page.getByRole('textbox', { name: 'Source of income' }).fill('Fish trading');
  const justifications = page.getByRole('textbox', { name: /^Why \d{4} may go on/ });
  await expect(justifications).toHaveCount(3);
  for (let i = 0; i < 3; i += 1) {
    await justifications.nth(i).fill('Registered this year; earned below the threshold before');
  }
  await page.getByRole('button', { name: 'Generate certificate' }).click();
  const refusal = page.getByTestId('tcc-duplicate-refusal');
  await expect(refusal).toContainText(`already holds certificate ${held.number}`);
  await expect(
    refusal.getByRole('link', { name: `Open certificate ${held.number}` }),
  ).toBeVisible();
  await refusal
    .getByRole('textbox', { name: /Why a second certificate is needed/ })
    .fill('The bank lost the original; its letter is on file');
  await refusal.getByRole('button', { name: 'Generate a second certificate' }).click();
  const done = page.getByRole('status').filter({ hasText: /Certificate .* generated/ });
  await expect(done).toBeVisible();
  await done.getByRole('link', { name: /Open certificate/ }).click();
  await expect(page).toHaveURL(/\/birs\/taxs\/tcc\/[0-9a-f-]{36}$/);
  const secondId = page.url().split('/').pop() as string;

  const approver = await sessionOf(browser, 'director_assessment');
  await approver.goto(`/birs/taxs/tcc/${secondId}`);
  const notice = approver.getByTestId('tcc-duplicate-notice');
  await expect(notice).toContainText(held.number);
  await expect(notice).toContainText('The bank lost the original; its letter is on file');
  await approver.context().close();
});
