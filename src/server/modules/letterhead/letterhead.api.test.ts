import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, letterhead, storedFiles } from '../../db/schema';
import { drawDemoCrest } from '../../db/seed/paperwork';
import { readLetterhead } from '../../documents/letterhead';
import { SERVICE_NAME } from '../../documents/pdf';
import { createTestContext, type TestContext } from '../../testing/context';
import { signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function uploadCrest(bytes: Buffer, headers: Record<string, string>, field = 'crest') {
  const boundary = '----revdesk-crest-boundary';
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/letterhead/crest',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="crest.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

const get = (url: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

async function storedCrestKeys(): Promise<string[]> {
  const rows = await ctx.db.select({ key: storedFiles.key }).from(storedFiles);
  return rows.map((r) => r.key).filter((key) => key.startsWith('letterhead/'));
}

async function letterheadAudit(): Promise<string[]> {
  const rows = await ctx.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.entityType, 'letterhead'));
  return rows.map((r) => r.action);
}

describe('the letterhead of printed documents (ADMIN)', () => {
  it('unset: the default name, no crest; ADMIN uploads a crest and renames the service, each audited; documents read both', async () => {
    const admin = await signInAs(ctx, 'ADMIN');
    const first = await get('/letterhead', admin.bearer);
    expect(first.json()).toEqual({
      serviceName: SERVICE_NAME,
      hasCrest: false,
      crestVersion: null,
      updatedAt: null,
    });
    expect((await get('/letterhead/crest', admin.bearer)).statusCode).toBe(404);
    expect(await readLetterhead(ctx.db)).toEqual({ serviceName: SERVICE_NAME, crest: null });

    const drawn = await sharp(await drawDemoCrest())
      .withExifMerge({ IFD0: { Software: 'RevDeskScanner' } })
      .png()
      .toBuffer();
    const uploaded = await uploadCrest(drawn, admin.bearer);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json()).toMatchObject({
      serviceName: SERVICE_NAME,
      hasCrest: true,
      crestVersion: expect.stringMatching(/^[0-9a-f]{12}$/),
    });
    const crest = await get('/letterhead/crest', admin.bearer);
    expect(crest.headers['content-type']).toBe('image/png');
    expect(crest.headers['content-security-policy']).toMatch(/^default-src 'none'(;|$)/);
    // Re-encoded: pixels only, the metadata gone.
    expect(crest.rawPayload.includes(Buffer.from('RevDeskScanner'))).toBe(false);
    expect((await sharp(crest.rawPayload).metadata()).hasAlpha).toBe(true);

    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/letterhead',
      headers: admin.bearer,
      payload: { serviceName: '  Bayelsa State Internal Revenue Service  ' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      serviceName: 'Bayelsa State Internal Revenue Service',
      hasCrest: true,
    });
    const read = await readLetterhead(ctx.db);
    expect(read.serviceName).toBe('Bayelsa State Internal Revenue Service');
    expect(read.crest?.mime).toBe('image/png');
    expect(read.crest?.bytes.equals(crest.rawPayload)).toBe(true);
    expect(await letterheadAudit()).toEqual([
      'letterhead.crest_changed',
      'letterhead.name_changed',
    ]);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/letterhead/crest',
      headers: admin.bearer,
    });
    expect(removed.json()).toMatchObject({ hasCrest: false, crestVersion: null });
    expect((await readLetterhead(ctx.db)).crest).toBeNull();
    expect(await letterheadAudit()).toContain('letterhead.crest_removed');
  });

  it('422 naming the reason for a file that is not a PNG or JPEG, does not decode whole, is too large or in another field; nothing kept', async () => {
    const admin = await signInAs(ctx, 'ADMIN');
    const before = await storedCrestKeys();
    const [row] = await ctx.db.select().from(letterhead);
    const auditBefore = await letterheadAudit();
    const png = await drawDemoCrest();
    const cases = [
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        'crest',
        'must be a PNG or JPEG image',
      ],
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html></html>')]),
        'crest',
        'must be a PNG or JPEG image',
      ],
      [png.subarray(0, png.length - 40), 'crest', 'must be a PNG or JPEG image'],
      [Buffer.concat([png, Buffer.alloc(500 * 1024)]), 'crest', 'at most 500 KB'],
      [png, 'photo', 'Choose a crest image'],
    ] as const;
    for (const [bytes, field, reason] of cases) {
      const res = await uploadCrest(bytes, admin.bearer, field);
      expect(outcomeOf(res), res.body).toBe('422 VALIDATION_FAILED');
      const issue = res.json().error.details.issues[0];
      expect(issue.path).toBe('crest');
      expect(issue.message).toContain(reason);
    }
    expect(await storedCrestKeys()).toEqual(before);
    expect((await ctx.db.select().from(letterhead))[0]).toEqual(row);
    expect(await letterheadAudit()).toEqual(auditBefore);

    const blank = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/letterhead',
      headers: admin.bearer,
      payload: { serviceName: '  ' },
    });
    expect(outcomeOf(blank)).toBe('422 VALIDATION_FAILED');
    expect(blank.json().error.details.issues[0].path).toBe('serviceName');
  });

  it('ADMIN only: 403 for every other officer, 401 without a session', async () => {
    const png = await drawDemoCrest();
    for (const userType of ['TCC_CHAIRMAN', 'OFFICER_DA', 'EXECUTIVE'] as const) {
      const officer = await signInAs(ctx, userType);
      expect(outcomeOf(await get('/letterhead', officer.bearer))).toBe('403 FORBIDDEN');
      expect(outcomeOf(await uploadCrest(png, officer.bearer))).toBe('403 FORBIDDEN');
    }
    expect((await uploadCrest(png, {})).statusCode).toBe(401);
  });
});
