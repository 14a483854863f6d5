import { generateKeyPairSync, sign } from 'node:crypto';
import {
  type APIRequestContext,
  type APIResponse,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import { PNG } from 'pngjs';
import { scanPdfQr } from '../src/server/testing/scanPdfQr';
import { encodeTccPayload } from '../src/shared/tcc/payload';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';

/**
 * The public check of a tax clearance certificate (ADR 0013, ADR 0032): a certificate issued
 * through the real chain (generated, approved at three stages by three officers, printed), its
 * PDF's QR code opened on a phone and on a desktop, one verdict from the record and the signature
 * checked in the browser — and altered, truncated, forged and unknown ones refused.
 */

function uniqueDigits(length: number): string {
  return `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-length).padStart(length, '7');
}

/** A demo officer signed in on their own API context (their own session cookie). */
async function officer(baseURL: string, username: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
  });
  const res = await api.post('/api/v1/auth/login', {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

async function ok(response: APIResponse, status = 200): Promise<APIResponse> {
  expect(response.status(), await response.text()).toBe(status);
  return response;
}

type Issued = { id: string; number: string; btin: string; qr: string };

/**
 * An exemption certificate for a newly registered person, through the chain's own routes: the
 * assessment officer generates it, the directors of assessment and collection and the chairman
 * approve it, the printing officer prints and downloads it. The QR code is read from the PDF.
 */
async function issueCertificate(baseURL: string, holder: string): Promise<Issued> {
  const [generator, directorA, directorC, chairman, printer] = await Promise.all([
    officer(baseURL, 'assessment_officer'),
    officer(baseURL, 'director_assessment'),
    officer(baseURL, 'director_collection'),
    officer(baseURL, 'tcc_chairman'),
    officer(baseURL, 'printing_officer'),
  ]);
  try {
    const [firstName, lastName] = holder.split(' ') as [string, string];
    const registered = await ok(
      await generator.post('/api/v1/taxpayers/individuals', {
        data: {
          firstName,
          lastName,
          gender: 'female',
          dateOfBirth: '2003-05-09',
          nin: uniqueDigits(11),
          phone: `0806${uniqueDigits(7)}`,
          address: '4 Azikoro Road, Yenagoa',
          stateId: 6,
          lgaId: 608,
          employmentStatus: 'student',
        },
      }),
      201,
    );
    const btin = ((await registered.json()).taxpayer as { btin: string }).btin;
    const created = await ok(
      await generator.post('/api/v1/tcc', {
        data: {
          kind: 'exemption',
          btin,
          purpose: 'visa',
          sourceOfIncome: 'None (full-time student)',
          exemptionReason: 'student',
          evidenceNote: 'Student identity card and admission letter seen.',
        },
      }),
      201,
    );
    const { id, number } = (await created.json()) as { id: string; number: string };
    for (const approver of [directorA, directorC, chairman]) {
      await ok(await approver.post(`/api/v1/tcc/${id}/approve`, { data: {} }));
    }
    await ok(await printer.post(`/api/v1/tcc/${id}/print`, { data: {} }));
    const pdf = await ok(await printer.get(`/api/v1/tcc/${id}/certificate.pdf`));
    const qr = await scanPdfQr(new Uint8Array(await pdf.body()));
    expect(qr, 'the QR code on the PDF').toBeTruthy();
    return { id, number, btin, qr: qr as string };
  } finally {
    await Promise.all([generator, directorA, directorC, chairman, printer].map((c) => c.dispose()));
  }
}

/** The QR code's URL opened as a phone would, on this test server (its path and fragment). */
function localPath(qr: string): string {
  const url = new URL(qr);
  return `${url.pathname}${url.hash}`;
}

/** A verification code: ten characters, no look-alikes (ADR 0032). */
const CODE = /^[2-9A-HJKMNP-Z]{10}$/;

/** The one verdict of the page (ADR 0032): there is never a second banner to read past. */
async function expectVerdict(page: Page, tone: 'valid' | 'invalid' | 'unsure', title: RegExp) {
  const verdict = page.locator('[data-verdict]');
  await expect(verdict).toHaveCount(1);
  await expect(verdict).toHaveAttribute('data-verdict', tone);
  await expect(verdict.getByRole('heading')).toHaveText(title);
}

/** Signed facts a forger made with a key of their own. */
function forgedPayload(number: string): string {
  const forger = generateKeyPairSync('ed25519');
  const text = encodeTccPayload({
    v: 1,
    k: 'forgedkey01',
    n: number,
    b: '1000000017',
    m: 'Forged Holder',
    i: '2026-06-01',
    e: '2099-12-31',
    y: [[2025, 10_000_000]],
  });
  const signature = sign(null, Buffer.from(text, 'ascii'), forger.privateKey).toString('base64url');
  return `${text}.${signature}`;
}

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1366, height: 768 },
]) {
  test.describe(`verify a tax clearance certificate at ${viewport.width} px (public, no sign-in)`, () => {
    test.use({ viewport });

    // Issued once per viewport (the tests of a group run in order in one worker), by the first that needs it.
    let issuing: Promise<Issued> | undefined;
    const certificate = (baseURL: string | undefined) => {
      issuing ??= issueCertificate(baseURL as string, 'Ebiwari Tamunotonye');
      return issuing;
    };

    test('the QR code of a printed certificate: its code, one VALID verdict, the holder masked, no BTIN', async ({
      page,
      baseURL,
    }) => {
      const issued = await certificate(baseURL);
      const url = new URL(issued.qr);
      expect(url.pathname.split('/').pop()).toMatch(CODE);
      expect(issued.qr).not.toContain('%2F');
      await page.goto(localPath(issued.qr));
      await expect(
        page.getByRole('heading', { name: 'Verify a tax clearance certificate' }),
      ).toBeVisible();
      await expectVerdict(page, 'valid', /^Valid certificate$/);
      // The service speaks, not the software.
      await expect(page.getByRole('banner')).toContainText(
        'Bayelsa State Board of Internal Revenue',
      );
      await expect(page.getByText('E****** T**********').first()).toBeVisible();
      await expect(page.getByText('Ebiwari')).toHaveCount(0);
      await expect(page.getByText(issued.number, { exact: true }).first()).toBeVisible();
      await expect(page.getByText('Years covered (exempt)')).toBeVisible();
      await expect(page.getByText(issued.btin)).toHaveCount(0);
      await expect(page.getByText('BTIN')).toHaveCount(0);
    });

    test('an altered QR code: one verdict, DO NOT ACCEPT — never a green banner above it', async ({
      page,
      baseURL,
    }) => {
      const issued = await certificate(baseURL);
      const [base, fragment] = issued.qr.split('#') as [string, string];
      const [payload, signature] = fragment.split('.') as [string, string];
      // The signed facts with another name put in: what a forger who edits the QR code gets.
      const facts = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const altered = encodeTccPayload({ ...facts, m: 'Someone Else' });
      await page.goto(localPath(`${base}#${altered}.${signature}`));
      await expectVerdict(
        page,
        'invalid',
        /^Do not accept this certificate: its QR code is not genuine$/,
      );
      await expect(page.getByText('Valid certificate')).toHaveCount(0);
      await expect(page.getByText('Someone Else')).toHaveCount(0);
    });

    test('a truncated or garbled QR code, and a foreign one: DO NOT ACCEPT, and why', async ({
      page,
      baseURL,
    }) => {
      const issued = await certificate(baseURL);
      const [base, fragment] = issued.qr.split('#') as [string, string];
      await page.goto(localPath(`${base}#${fragment.slice(0, 40)}`));
      await expectVerdict(page, 'invalid', /its QR code is not genuine/);
      await expect(page.locator('[data-verdict]')).toContainText('cut short, garbled');

      // Signed by a forger's own key, for the genuine certificate's number.
      await page.goto(localPath(`${base}#${forgedPayload(issued.number)}`));
      await expectVerdict(page, 'invalid', /its QR code is not genuine/);
      await expect(page.getByText('Valid certificate')).toHaveCount(0);

      // A made-up code: no such certificate.
      await page.goto(`/verify/tcc/ZZZZZZZZZZ#${forgedPayload('BIRS/TCC/2026/999999')}`);
      await expectVerdict(page, 'invalid', /^Do not accept this certificate/);
    });

    test('a certificate printed before the codes (its number in the QR code) is matched by its signed expiry date', async ({
      page,
      baseURL,
    }) => {
      const issued = await certificate(baseURL);
      const fragment = issued.qr.split('#')[1] as string;
      await page.goto(`/verify/tcc/${encodeURIComponent(issued.number)}#${fragment}`);
      await expectVerdict(page, 'valid', /^Valid certificate$/);
      // Its number typed alone answers nothing until the expiry date on the paper is given.
      await page.goto(`/verify/tcc/${issued.number}`);
      await expectVerdict(page, 'unsure', /^Not checked yet/);
      await page.getByLabel('Valid until, as printed on the certificate').fill('2030-01-01');
      await page.getByRole('button', { name: 'Check the certificate' }).click();
      await expectVerdict(page, 'invalid', /^Do not accept this certificate$/);
      const signed = JSON.parse(
        Buffer.from(fragment.split('.')[0] as string, 'base64url').toString(),
      ) as { e: string };
      await page.getByLabel('Valid until, as printed on the certificate').fill(signed.e);
      await page.getByRole('button', { name: 'Check the certificate' }).click();
      await expectVerdict(page, 'valid', /^Valid certificate$/);
    });

    test.describe('without the service', () => {
      // The service's routes answer 503 below: the browser logs each one.
      test.use({ apiFailuresMade: [503] });

      test('keys kept from an earlier visit: signature genuine, but not confirmed without the service', async ({
        page,
        baseURL,
      }) => {
        const issued = await certificate(baseURL);
        await page.goto(localPath(issued.qr));
        await expectVerdict(page, 'valid', /^Valid certificate$/);
        await page.route('**/api/v1/public/**', (route) => route.fulfill({ status: 503 }));
        await page.reload();
        await expectVerdict(page, 'unsure', /^Not confirmed/);
        await expect(page.getByText('Valid certificate')).toHaveCount(0);
      });
    });

    test('no fragment: valid by its code; a payload pasted from a QR reader is checked too', async ({
      page,
      baseURL,
    }) => {
      const issued = await certificate(baseURL);
      await page.goto(new URL(issued.qr).pathname);
      await expectVerdict(page, 'valid', /^Valid certificate$/);
      await page.getByLabel('Signed facts from the QR code').fill(issued.qr);
      await page.getByRole('button', { name: 'Check the signature' }).click();
      await expect(page.getByText('What the QR code’s signed facts say')).toBeVisible();
      await expectVerdict(page, 'valid', /^Valid certificate$/);
      await page.getByRole('button', { name: 'Check other signed facts' }).click();
      await page.getByLabel('Signed facts from the QR code').fill('eyJ2IjoxfQ.not-a-signature');
      await page.getByRole('button', { name: 'Check the signature' }).click();
      await expectVerdict(page, 'invalid', /its QR code is not genuine/);
    });

    // Last of the group: it revokes the certificate the others check.
    test('once the chairman revokes it, the same QR code says DO NOT ACCEPT: revoked', async ({
      page,
      baseURL,
    }) => {
      const issued = await certificate(baseURL);
      const chairman = await officer(baseURL as string, 'tcc_chairman');
      try {
        await ok(
          await chairman.post(`/api/v1/tcc/${issued.id}/revoke`, {
            data: { reason: 'The student card shown was not genuine.' },
          }),
        );
      } finally {
        await chairman.dispose();
      }
      await page.goto(localPath(issued.qr));
      await expectVerdict(page, 'invalid', /^Do not accept this certificate: it was revoked$/);
      // Never from a cache: the answer that said valid a minute ago is not kept.
      const answer = await page.request.get(
        `/api/v1/public/tcc/${new URL(issued.qr).pathname.split('/').pop()}`,
      );
      expect(answer.headers()['cache-control']).toBe('no-store');
    });
  });
}

test('the chairman uploads the signature printed on certificates, from the profile page', async ({
  page,
}) => {
  await signIn(page, 'tcc_chairman');
  await page.goto('/birs/taxpayer/profile');
  const section = page.getByRole('region', { name: 'Signature on certificates' });
  await expect(section).toBeVisible();
  const image = new PNG({ width: 120, height: 40 });
  image.data.fill(255);
  await section.locator('input[type="file"]').setInputFiles({
    name: 'signature.png',
    mimeType: 'image/png',
    buffer: PNG.sync.write(image),
  });
  await expect(page.getByText('Signature saved')).toBeVisible();
  await expect(
    section.getByRole('img', { name: 'Your signature as printed on certificates' }),
  ).toBeVisible();
  await expect(section.getByRole('button', { name: 'Replace signature' })).toBeVisible();
});

test('officers who do not approve as chairman have no signature section', async ({ page }) => {
  await signIn(page, 'printing_officer');
  await page.goto('/birs/taxpayer/profile');
  await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Signature on certificates' })).toHaveCount(0);
});
