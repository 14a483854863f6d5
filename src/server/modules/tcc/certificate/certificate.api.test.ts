import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitSignedTccPayload } from '../../../../shared/tcc/payload';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { scanPdfQr } from '../../../testing/scanPdfQr';
import { insertTestTcc, send } from '../testing';
import { signerFromConfig, verifySignedPayload } from './signing';
import { insertIssuedTestTcc } from './testing';

const PUBLIC_URL = 'https://revdesk.birs.example';

let ctx: TestContext & { close(): Promise<void> };
let filesDir: string;
let officerDa: SignedIn;
let printer: SignedIn;
let chairman: SignedIn;

// A real PNG (a dark, partly transparent bar), as a scanned signature would be.
const signatureImage = new PNG({ width: 60, height: 20 });
signatureImage.data.fill(40);
const SIGNATURE_PNG = PNG.sync.write(signatureImage);

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-tcc-cert-'));
  ctx = await createTestContext({ publicUrl: PUBLIC_URL, filesDir });
  [officerDa, printer, chairman] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'PRINTING_OFFICER'),
    signInAs(ctx, 'TCC_CHAIRMAN'),
  ]);
});

afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const pdfOf = (id: string, who: SignedIn | null = printer) =>
  send(ctx, who, 'GET', `/api/v1/tcc/${id}/certificate.pdf`);

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

async function publicKeys(): Promise<Map<string, string>> {
  const res = await send(ctx, null, 'GET', '/api/v1/public/keys');
  expect(res.statusCode, res.body).toBe(200);
  const keys = res.json().keys as { keyId: string; publicKey: string }[];
  return new Map(keys.map((k) => [k.keyId, k.publicKey]));
}

function uploadSignature(who: SignedIn, bytes: Buffer) {
  const boundary = '----revdesk-signature-boundary';
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/profile/signature',
    headers: { ...who.bearer, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="signature"; filename="sig.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

describe('GET /api/v1/tcc/{id}/certificate.pdf', () => {
  it("prints what docs/tax-rules.md lists, the chairman's name and signature, and a QR code whose signed facts check", async () => {
    expect((await uploadSignature(chairman, SIGNATURE_PNG)).statusCode).toBe(200);
    const tcc = await insertIssuedTestTcc(ctx, officerDa, {
      status: 'printed',
      chairman,
      printCount: 1,
      holderName: 'Amaka Okafor',
      changes: { comment: 'Cleared for the Ministry of Works tender.' },
    });
    const res = await pdfOf(tcc.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="tcc-${tcc.number.replaceAll('/', '-')}.pdf"`,
    );

    const text = await pdfText(res.rawPayload);
    // The code, not the number: short, nothing to encode (ADR 0032).
    const verifyUrl = `${PUBLIC_URL}/verify/tcc/${tcc.publicCode}`;
    for (const expected of [
      'Bayelsa State Board of Internal Revenue',
      'Tax Clearance Certificate',
      tcc.number,
      'Amaka Okafor',
      tcc.btin,
      '1 Test Road, Yenagoa',
      'Government contract',
      'Salary',
      '2023',
      '2024',
      '2025',
      '₦3,000,000.00',
      '₦200,000.00',
      'BIRS/2024/000001 (01/03/2024)',
      'Date of issue 1 June 2026',
      'Valid until 31 December 2026',
      'Cleared for the Ministry of Works tender.',
      `${chairman.officer.firstName} ${chairman.officer.surname}`,
      'Executive Chairman',
      'Any alteration renders this certificate invalid.',
      verifyUrl,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('COPY');
    expect(text).not.toContain('REVOKED');
    // The signature image is the only raster image on the page (the QR code is vector); stored
    // re-encoded (ADR 0023), a PNG keeps its transparency, which the PDF carries as a soft mask.
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    expect(res.rawPayload.toString('latin1')).toContain('/SMask');

    const scanned = await scanPdfQr(new Uint8Array(res.rawPayload));
    expect(scanned).toBe(`${verifyUrl}#${tcc.signedPayload}`);
    const fragment = (scanned as string).split('#')[1] as string;
    expect(verifySignedPayload(fragment, await publicKeys())).toMatchObject({
      n: tcc.number,
      b: tcc.btin,
      m: 'Amaka Okafor',
      e: '2026-12-31',
      y: [
        [2023, 20_000_000],
        [2024, 20_000_000],
        [2025, 20_000_000],
      ],
    });
  });

  it('through the real chain: approved at three stages, printed, reprinted (COPY), revoked (REVOKED); the chairman who approved signs', async () => {
    const chairwoman = await signInAs(ctx, 'TCC_CHAIRMAN');
    expect((await uploadSignature(chairwoman, SIGNATURE_PNG)).statusCode).toBe(200);
    const tcc = await insertTestTcc(ctx, officerDa);
    const approvers = [
      await signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
      await signInAs(ctx, 'DIRECTOR_COLLECTION'),
      chairwoman,
    ];
    for (const approver of approvers) {
      const res = await send(ctx, approver, 'POST', `/api/v1/tcc/${tcc.id}/approve`, {});
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(outcomeOf(await pdfOf(tcc.id))).toBe('409 CONFLICT');
    expect((await send(ctx, printer, 'POST', `/api/v1/tcc/${tcc.id}/print`)).statusCode).toBe(200);
    const first = await pdfOf(tcc.id);
    expect(first.statusCode, first.body).toBe(200);
    const text = await pdfText(first.rawPayload);
    expect(text).toContain(`${chairwoman.officer.firstName} ${chairwoman.officer.surname}`);
    expect(text).not.toContain('COPY');
    expect(first.rawPayload.toString('latin1')).toContain('/Subtype /Image');
    const scanned = (await scanPdfQr(new Uint8Array(first.rawPayload))) ?? '';
    const [url, fragment] = scanned.split('#') as [string, string];
    // The code, not the number (ADR 0032); the signed facts as before (ADR 0013).
    expect(url).toBe(`${PUBLIC_URL}/verify/tcc/${tcc.publicCode}`);
    expect(await pdfText(first.rawPayload)).toContain(`${PUBLIC_URL}/verify/tcc/${tcc.publicCode}`);
    const facts = verifySignedPayload(fragment, await publicKeys());
    expect(facts).toMatchObject({ n: tcc.number, b: tcc.btin, m: 'Test Holder' });
    const online = (await send(ctx, null, 'GET', `/api/v1/public/tcc/${tcc.publicCode}`)).json();
    expect(online).toMatchObject({ status: 'valid', issuedOn: facts?.i, expiresOn: facts?.e });

    expect((await send(ctx, printer, 'POST', `/api/v1/tcc/${tcc.id}/print`)).statusCode).toBe(200);
    expect(await pdfText((await pdfOf(tcc.id)).rawPayload)).toContain('COPY');

    const revoke = await send(ctx, chairwoman, 'POST', `/api/v1/tcc/${tcc.id}/revoke`, {
      reason: 'Issued on a forged student card.',
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const revoked = await pdfOf(tcc.id);
    expect(revoked.statusCode).toBe(200);
    expect(await pdfText(revoked.rawPayload)).toContain('Issued on a forged student card.');
    expect(
      (await send(ctx, null, 'GET', `/api/v1/public/tcc/${tcc.publicCode}`)).json().status,
    ).toBe('revoked');
  });

  it('a reprint says COPY, a revoked certificate says REVOKED with its reason; the QR code still reads', async () => {
    const copy = await insertIssuedTestTcc(ctx, officerDa, { status: 'printed', printCount: 2 });
    const copyPdf = await pdfOf(copy.id);
    expect(copyPdf.statusCode).toBe(200);
    expect(await pdfText(copyPdf.rawPayload)).toContain('COPY');
    expect(await scanPdfQr(new Uint8Array(copyPdf.rawPayload))).toContain(`#${copy.signedPayload}`);
    // No chairman's approval recorded: no signature image, a blank signature line.
    expect(copyPdf.rawPayload.toString('latin1')).not.toContain('/Subtype /Image');

    const revoked = await insertIssuedTestTcc(ctx, officerDa, { status: 'revoked' });
    const revokedPdf = await pdfOf(revoked.id);
    expect(revokedPdf.statusCode).toBe(200);
    const text = await pdfText(revokedPdf.rawPayload);
    expect(text).toContain('REVOKED on 1 July 2026: Issued in error');
  });

  it("prints the holder's registry photo beside their details", async () => {
    const tcc = await insertIssuedTestTcc(ctx, officerDa, { status: 'printed', printCount: 1 });
    // No chairman's approval recorded and no photo yet: no image at all.
    expect((await pdfOf(tcc.id)).rawPayload.toString('latin1')).not.toContain('/Subtype /Image');
    const admin = await signInAs(ctx, 'ADMIN');
    const boundary = '----revdesk-photo-boundary';
    const photo = new PNG({ width: 80, height: 100 });
    photo.data.fill(120);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/taxpayers/${tcc.btin}/photo`,
      headers: { ...admin.bearer, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG.sync.write(photo),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(uploaded.statusCode, uploaded.body).toBeLessThan(300);
    expect((await pdfOf(tcc.id)).rawPayload.toString('latin1')).toContain('/Subtype /Image');
  });

  it('an exemption prints EXEMPT with its reason instead of the table', async () => {
    const tcc = await insertIssuedTestTcc(ctx, officerDa, {
      kind: 'exemption',
      changes: { exemptionReason: 'student', evidenceNote: 'Student ID card seen' },
    });
    const res = await pdfOf(tcc.id);
    expect(res.statusCode, res.body).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('EXEMPT');
    expect(text).toContain('Full-time student');
    expect(text).not.toContain('BIRS/2024/000001');
    const fragment = (await scanPdfQr(new Uint8Array(res.rawPayload)))?.split('#')[1] ?? '';
    expect(verifySignedPayload(fragment, await publicKeys())?.x).toBe(true);
  });

  it('409 before it is printed, in words; 404 for a kind the officer does not read; 401; 403', async () => {
    const approved = await insertIssuedTestTcc(ctx, officerDa, { status: 'approved' });
    const notPrinted = await pdfOf(approved.id);
    expect(outcomeOf(notPrinted)).toBe('409 CONFLICT');
    expect(notPrinted.json().error.message).toContain('print it first');
    const pending = await insertTestTcc(ctx, officerDa);
    const inChain = await pdfOf(pending.id);
    expect(outcomeOf(inChain)).toBe('409 CONFLICT');
    expect(inChain.json().error.message).toContain('not been approved by the chairman');

    const printed = await insertIssuedTestTcc(ctx, officerDa);
    expect((await pdfOf(printed.id, officerDa)).statusCode).toBe(200);
    const presumptiveOfficer = await signInAs(ctx, 'OFFICER_PA');
    expect((await pdfOf(printed.id, presumptiveOfficer)).statusCode).toBe(404);
    expect((await pdfOf(randomUUID())).statusCode).toBe(404);
    expect(outcomeOf(await pdfOf('not-an-id'))).toBe('422 VALIDATION_FAILED');
    expect((await pdfOf(printed.id, null)).statusCode).toBe(401);
    expect((await pdfOf(printed.id, await signInAs(ctx, 'EXECUTIVE'))).statusCode).toBe(403);
  });
});

describe('GET /api/v1/public/tcc/{code}, /api/v1/public/tcc/match and /api/v1/public/keys', () => {
  const check = (code: string) =>
    send(ctx, null, 'GET', `/api/v1/public/tcc/${encodeURIComponent(code)}`);
  const match = (number: string, expiresOn: string) =>
    send(
      ctx,
      null,
      'GET',
      `/api/v1/public/tcc/match?number=${encodeURIComponent(number)}&expiresOn=${expiresOn}`,
    );

  it('valid: masked name, dates, years — never the BTIN, the name, address or amounts; no-store', async () => {
    const tcc = await insertIssuedTestTcc(ctx, officerDa, {
      status: 'approved',
      holderName: 'John Okoro',
      expiresOn: '2099-12-31',
    });
    expect(tcc.publicCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    const res = await check(tcc.publicCode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'valid',
      number: tcc.number,
      maskedName: 'J*** O****',
      issuedOn: '2026-06-01',
      expiresOn: '2099-12-31',
      years: [2023, 2024, 2025],
    });
    for (const secret of [tcc.btin, 'John', 'Okoro', 'Test Road', tcc.id]) {
      expect(res.body, secret).not.toContain(secret);
    }
    // A code typed in lower case is the same certificate.
    expect((await check(tcc.publicCode.toLowerCase())).json().status).toBe('valid');
  });

  it('revoked, expired, and unknown (never issued, or no such code); 422 for a number or a malformed one', async () => {
    const revoked = await insertIssuedTestTcc(ctx, officerDa, { status: 'revoked' });
    expect((await check(revoked.publicCode)).json()).toMatchObject({
      status: 'revoked',
      maskedName: 'A**** O*****',
    });
    const expired = await insertIssuedTestTcc(ctx, officerDa, { expiresOn: '2025-12-31' });
    expect((await check(expired.publicCode)).json()).toMatchObject({
      status: 'expired',
      expiresOn: '2025-12-31',
    });
    const pending = await insertTestTcc(ctx, officerDa, { status: 'pending_chairman' });
    const unknown = {
      status: 'unknown',
      number: null,
      maskedName: null,
      issuedOn: null,
      expiresOn: null,
      years: [],
    };
    expect((await check(pending.publicCode)).json()).toEqual(unknown);
    expect((await check('ZZZZZZZZZZ')).json()).toEqual(unknown);
    const byNumber = await check(revoked.number);
    expect(outcomeOf(byNumber)).toBe('422 VALIDATION_FAILED');
    expect(byNumber.headers['cache-control']).toBe('no-store');
    expect(outcomeOf(await check('<script>'))).toBe('422 VALIDATION_FAILED');
  });

  it('the bare number answers match only for a valid certificate with its expiry date, nothing else', async () => {
    const tcc = await insertIssuedTestTcc(ctx, officerDa, { expiresOn: '2099-12-31' });
    const yes = await match(tcc.number, '2099-12-31');
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.headers['cache-control']).toBe('no-store');
    expect(yes.json()).toEqual({ match: true });
    expect((await match(tcc.number.toLowerCase(), '2099-12-31')).json()).toEqual({ match: true });
    expect((await match(tcc.number, '2099-12-30')).json()).toEqual({ match: false });
    expect((await match('BIRS/TCC/2026/999999', '2099-12-31')).json()).toEqual({ match: false });
    for (const secret of [tcc.btin, tcc.publicCode, 'Okoro', 'Test']) {
      expect(yes.body).not.toContain(secret);
    }
    const revoked = await insertIssuedTestTcc(ctx, officerDa, {
      status: 'revoked',
      expiresOn: '2099-12-31',
    });
    expect((await match(revoked.number, '2099-12-31')).json()).toEqual({ match: false });
    const expired = await insertIssuedTestTcc(ctx, officerDa, { expiresOn: '2025-12-31' });
    expect((await match(expired.number, '2025-12-31')).json()).toEqual({ match: false });
    expect(outcomeOf(await match(tcc.number, '31/12/2099'))).toBe('422 VALIDATION_FAILED');
  });

  it("lists the signer's key as current, and it checks what it signed", async () => {
    const res = await send(ctx, null, 'GET', '/api/v1/public/keys');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const signer = signerFromConfig(ctx.config);
    expect(res.json().keys).toContainEqual(
      expect.objectContaining({
        keyId: signer.keyId,
        algorithm: 'Ed25519',
        publicKey: signer.publicKey,
        current: true,
      }),
    );
    const signed = signer.sign({ n: 'X', b: '1', m: 'A', i: '2026-01-01', e: '2026-12-31', y: [] });
    expect(splitSignedTccPayload(signed)?.payload.k).toBe(signer.keyId);
    expect(verifySignedPayload(signed, await publicKeys())).not.toBeNull();
  });

  // Last: it spends this address's checks for the minute.
  it('too many checks from one address, by code or number alike: 429 with Retry-After, no-store', async () => {
    let last = await check('ZZZZZZZZZZ');
    for (let i = 0; i < ctx.config.publicCheckRateLimitPerMinute && last.statusCode === 200; i++) {
      last = i % 2 ? await check('ZZZZZZZZZZ') : await match('BIRS/TCC/2026/000001', '2099-12-31');
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['cache-control']).toBe('no-store');
    expect(last.headers['retry-after']).toMatch(/^\d+$/);
    expect(last.json().error.message).toContain('Too many certificate checks');
  });
});
