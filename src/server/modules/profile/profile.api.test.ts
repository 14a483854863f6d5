import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { createOfficer, type SignedIn, signIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';

let ctx: TestContext & { close(): Promise<void> };
let filesDir: string;
beforeAll(async () => {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-files-'));
  ctx = await createTestContext({ filesDir });
});
afterAll(async () => {
  await ctx.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function get(url: string, headers: Record<string, string>) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
}

function patch(payload: object, headers: Record<string, string>) {
  return ctx.app.inject({ method: 'PATCH', url: '/api/v1/profile', payload, headers });
}

function upload(bytes: Buffer, headers: Record<string, string>) {
  const boundary = '----revdesk-profile-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/profile/photo',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function auditActions(officerId: string) {
  const rows = await ctx.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'officer'), eq(auditEvents.entityId, officerId)));
  return rows.map((row) => row.action);
}

describe('GET and PATCH /api/v1/profile', () => {
  it('every user type sees its own details; 401 without a session', async () => {
    const officer = await signInAs(ctx, 'OFFICER_BENJIS_READ');
    const res = await get('/profile', officer.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: officer.officer.id,
      username: officer.officer.username,
      hasPhoto: false,
      photoVersion: null,
    });
    expect((await get('/profile', {})).statusCode).toBe(401);
  });

  it('changes e-mail and phone, audited; names and user type are not the officer’s to change', async () => {
    const officer = await signInAs(ctx, 'OFFICER_DA');
    const res = await patch(
      { email: `NEW.${officer.officer.email}`, phoneNumber: '0701 234 5678' },
      officer.cookieHeaders,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: `new.${officer.officer.email}`,
      phoneNumber: '+2347012345678',
    });
    expect(await auditActions(officer.officer.id)).toContain('officer.profile_updated');
    const sneaky = await patch({ userType: 'ADMIN' }, officer.bearer);
    expect(outcomeOf(sneaky)).toBe('422 VALIDATION_FAILED');
    expect((await get('/profile', officer.bearer)).json().userType).toBe('OFFICER_DA');
  });

  it('409 when another officer has the e-mail; 422 for a bad one; 403 from another site', async () => {
    const officer = await signInAs(ctx, 'OFFICER_PA');
    const other = await createOfficer(ctx, { userType: 'OFFICER_PA' });
    const taken = await patch({ email: other.email }, officer.bearer);
    expect(outcomeOf(taken)).toBe('409 CONFLICT');
    expect(taken.json().error.details).toEqual({ field: 'email' });
    const bad = await patch({ email: 'no-at-sign' }, officer.bearer);
    expect(outcomeOf(bad)).toBe('422 VALIDATION_FAILED');
    expect(bad.json().error.details.issues[0].path).toBe('email');
    expect(outcomeOf(await patch({ phoneNumber: '123' }, officer.bearer))).toBe(
      '422 VALIDATION_FAILED',
    );
    const crossSite = await patch(
      { phoneNumber: '08031234567' },
      { cookie: officer.cookie, origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(await auditActions(officer.officer.id)).toEqual(['officer.created']);
  });
});

describe('the profile picture', () => {
  it('stores a PNG re-encoded as a JPEG, serves it to its owner only, and audits the change', async () => {
    const officer = await signInAs(ctx, 'PRINTING_OFFICER');
    expect((await get('/profile/photo', officer.bearer)).statusCode).toBe(404);
    const res = await upload(PNG, officer.bearer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().hasPhoto).toBe(true);
    expect(res.json().photoVersion).toMatch(/^[0-9a-f]{12}$/);
    const photo = await get('/profile/photo', officer.bearer);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['content-disposition']).toBe('inline');
    expect(photo.headers['content-security-policy']).toMatch(/^default-src 'none'(;|$)/);
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    const served = await sharp(photo.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['jpeg', 1, 1]);
    const someoneElse = await signInAs(ctx, 'PRINTING_OFFICER');
    expect((await get('/profile/photo', someoneElse.bearer)).statusCode).toBe(404);
    expect((await get('/profile/photo', {})).statusCode).toBe(401);
    expect((await upload(PNG, {})).statusCode).toBe(401);
    expect(await auditActions(officer.officer.id)).toContain('officer.photo_changed');
  });

  it('a phone photo comes back upright, at most 1024 px a side, without its EXIF and GPS', async () => {
    const officer = await signInAs(ctx, 'OFFICER_DA');
    const phonePhoto = await sharp({
      create: { width: 1800, height: 1200, channels: 3, background: '#7a4a2a' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'RevDeskPhone' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1' },
      })
      .toBuffer();
    expect((await upload(phonePhoto, officer.bearer)).statusCode).toBe(200);
    const photo = await get('/profile/photo', officer.bearer);
    const served = await sharp(photo.rawPayload).metadata();
    expect([served.format, served.width, served.height]).toEqual(['jpeg', 683, 1024]);
    expect(served.exif).toBeUndefined();
    expect(served.orientation).toBeUndefined();
    expect(photo.rawPayload.includes(Buffer.from('RevDeskPhone'))).toBe(false);
  });

  it('422 naming `photo` for HTML behind JPEG magic bytes; the old picture stays', async () => {
    const officer = await signInAs(ctx, 'OFFICER_DA');
    expect((await upload(PNG, officer.bearer)).statusCode).toBe(200);
    const before = (await get('/profile', officer.bearer)).json().photoVersion;
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<!doctype html><script>fetch("/api/v1/auth/me")</script>'),
    ]);
    const res = await upload(polyglot, officer.bearer);
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(res.json().error.details.issues[0].path).toBe('photo');
    expect((await get('/profile', officer.bearer)).json().photoVersion).toBe(before);
  });

  it('422 for a file that is not an image, or one over 2 MB; 415 for a JSON body', async () => {
    const officer = await signInAs(ctx, 'OFFICER_MDA');
    const text = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), officer.bearer);
    expect(outcomeOf(text)).toBe('422 VALIDATION_FAILED');
    expect(text.json().error.details.issues[0].path).toBe('photo');
    const big = await upload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), officer.bearer);
    expect(outcomeOf(big)).toBe('422 VALIDATION_FAILED');
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profile/photo',
      headers: officer.bearer,
      payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await get('/profile', officer.bearer)).json().hasPhoto).toBe(false);
  });
});

describe('own sessions', () => {
  it('lists the open sessions, marks this one, and "sign out everywhere else" ends the others', async () => {
    const officer = await createOfficer(ctx, { userType: 'OFFICER_PA' });
    const here = await signIn(ctx, officer);
    const phone = await signIn(ctx, officer);
    const other: SignedIn = await signInAs(ctx, 'OFFICER_PA');
    const sessions = await get('/profile/sessions', here.bearer);
    expect(sessions.statusCode).toBe(200);
    const items = sessions.json().items;
    expect(items).toHaveLength(2);
    expect(items.filter((s: { isCurrent: boolean }) => s.isCurrent)).toHaveLength(1);
    expect(items[0]).toMatchObject({ ip: '127.0.0.1', browser: null });

    const revoke = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/profile/sessions/revoke-others',
        headers: here.cookieHeaders,
      });
    expect((await revoke()).json()).toEqual({ revoked: 1 });
    expect((await get('/auth/me', phone.bearer)).statusCode).toBe(401);
    expect((await get('/auth/me', here.bearer)).statusCode).toBe(200);
    expect((await get('/auth/me', other.bearer)).statusCode).toBe(200);
    expect((await get('/profile/sessions', here.bearer)).json().items).toHaveLength(1);
    expect(await auditActions(officer.id)).toContain('auth.other_sessions_revoked');
    expect((await revoke()).json()).toEqual({ revoked: 0 });
  });

  it('401 without a session; 403 for a write from another site', async () => {
    const officer = await signInAs(ctx, 'OFFICER_PA');
    expect((await get('/profile/sessions', {})).statusCode).toBe(401);
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profile/sessions/revoke-others',
      headers: { cookie: officer.cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('uploads cut short', () => {
  it('a photo or signature body that ends before its closing boundary is a 400, not a 500 (found by fuzzing)', async () => {
    const chairman = await signInAs(ctx, 'TCC_CHAIRMAN');
    const boundary = '----revdesk-cut-boundary';
    for (const url of ['/api/v1/profile/photo', '/api/v1/profile/signature']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url,
        headers: {
          ...chairman.bearer,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n`,
      });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
  });
});

describe("the chairman's signature image (printed on certificates)", () => {
  function uploadSignature(bytes: Buffer, headers: Record<string, string>, field = 'signature') {
    const boundary = '----revdesk-signature-boundary';
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/profile/signature',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="sig.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  }
  const WEBP = Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.alloc(4),
    Buffer.from('WEBP'),
    Buffer.alloc(20),
  ]);

  it('the chairman uploads a PNG with transparency, then a phone JPEG; each stored re-encoded, served as photos are, audited', async () => {
    const chairman = await signInAs(ctx, 'TCC_CHAIRMAN');
    expect((await get('/profile/signature', chairman.bearer)).statusCode).toBe(404);
    const drawn = await sharp({
      create: { width: 240, height: 80, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><path d="M5 70 C 80 0, 120 80, 235 5" stroke="#102080" stroke-width="4" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .withExifMerge({ IFD0: { Software: 'RevDeskScanner' } })
      .toBuffer();
    const first = await uploadSignature(drawn, chairman.bearer);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      hasSignature: true,
      signatureVersion: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
    const png = await get('/profile/signature', chairman.bearer);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toBe('inline');
    expect(png.headers['content-security-policy']).toMatch(/^default-src 'none'(;|$)/);
    expect(png.headers['cache-control']).toBe('no-store');
    expect(png.headers['x-content-type-options']).toBe('nosniff');
    const served = await sharp(png.rawPayload).metadata();
    expect([served.format, served.width, served.height, served.hasAlpha]).toEqual([
      'png',
      240,
      80,
      true,
    ]);
    expect(png.rawPayload.includes(Buffer.from('RevDeskScanner'))).toBe(false);

    const phoneJpeg = await sharp({
      create: { width: 600, height: 200, channels: 3, background: '#f0f0e8' },
    })
      .jpeg()
      .withExifMerge({ IFD0: { Make: 'RevDeskPhone' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    const second = await uploadSignature(phoneJpeg, chairman.bearer);
    expect(second.statusCode).toBe(200);
    expect(second.json().signatureVersion).not.toBe(first.json().signatureVersion);
    const jpeg = await get('/profile/signature', chairman.bearer);
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers['content-security-policy']).toMatch(/^default-src 'none'(;|$)/);
    expect((await sharp(jpeg.rawPayload).metadata()).exif).toBeUndefined();
    expect(jpeg.rawPayload.includes(Buffer.from('RevDeskPhone'))).toBe(false);
    const changes = (await auditActions(chairman.officer.id)).filter(
      (a) => a === 'officer.signature_changed',
    );
    expect(changes).toHaveLength(2);
  });

  it('422 for WebP, for what is no image or does not decode whole, over 200 KB or in another field; 403 for other officers; 401', async () => {
    const chairman = await signInAs(ctx, 'TCC_CHAIRMAN');
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    for (const [bytes, field] of [
      [WEBP, 'signature'],
      [Buffer.from('<svg/>'), 'signature'],
      [polyglot, 'signature'],
      [PNG.subarray(0, PNG.length - 20), 'signature'],
      [Buffer.concat([PNG, Buffer.alloc(200 * 1024)]), 'signature'],
      [PNG, 'photo'],
    ] as const) {
      const res = await uploadSignature(bytes, chairman.bearer, field);
      expect(outcomeOf(res), res.body).toBe('422 VALIDATION_FAILED');
      expect(res.json().error.details.issues[0].path).toBe('signature');
    }
    expect((await get('/profile/signature', chairman.bearer)).statusCode).toBe(404);
    for (const userType of ['DIRECTOR_COLLECTION', 'PRINTING_OFFICER', 'OFFICER_DA'] as const) {
      const other = await signInAs(ctx, userType);
      expect((await uploadSignature(PNG, other.bearer)).statusCode, userType).toBe(403);
      expect((await get('/profile/signature', other.bearer)).statusCode, userType).toBe(403);
    }
    expect((await uploadSignature(PNG, {})).statusCode).toBe(401);
    expect(await auditActions(chairman.officer.id)).not.toContain('officer.signature_changed');
  });
});
