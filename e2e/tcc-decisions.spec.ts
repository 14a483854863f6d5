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

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('evidence seen by the approver; after a decision the next in the queue; the resubmission at the top', async ({
      page,
      browser,
    }) => {
      test.slow();
      const officer = await sessionOf(browser, 'officer_da');
      const registrar = await sessionOf(browser, 'assessment_officer');
      const tcc = await certificateWithEvidence(officer, registrar);
      // A second certificate waiting too, so the queue has a next one whatever the demo data.
      await certificateWithEvidence(officer, registrar);
      await registrar.context().close();

      await signIn(page, 'director_assessment');
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
      await officer.context().close();

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
      await expect(page.getByTestId('tcc-sort-note')).toContainText('waited longest');
    });
  });
}
