import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../../shared/dates';
import {
  STAMP_SCAN_MAX_BYTES,
  type StampInstrumentDetail,
} from '../../../shared/stampDuty/schemas';
import { auditEvents, stampInstruments, storedFiles } from '../../db/schema';
import { phoneJpeg } from '../../files/testImages';
import { createTestContext, type TestContext } from '../../testing/context';
import { type SignedIn, signInAs, uniquePhone } from '../../testing/factories';
import { send } from '../assessments/testing';

/**
 * The scan of an instrument through the upload route: a PDF or image is kept and downloaded
 * (audited); 401, 403, a file of another type, an empty or oversized one are refused and
 * nothing is kept. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let officer: SignedIn;
let da: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: false });
  [officer, da] = await Promise.all([
    signInAs(ctx, 'OFFICER_STAMP_DUTY'),
    signInAs(ctx, 'OFFICER_DA'),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

async function instrument(): Promise<StampInstrumentDetail> {
  const res = await send(ctx, officer, 'POST', '/api/v1/stamp-duty/instruments', {
    instrumentType: 'lease',
    executedOn: todayInLagos(),
    considerationKobo: 6_000_000_000,
    termYears: 5,
    description: 'Lease of a shop at Swali market',
    parties: [
      { role: 'lessor', name: 'Tari Ebi', phone: uniquePhone() },
      { role: 'lessee', name: 'Ebiere Douye', phone: uniquePhone() },
    ],
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json<StampInstrumentDetail>();
}

function upload(who: SignedIn | null, id: string, bytes: Buffer, fileName = 'deed.pdf') {
  const boundary = '----revdesk-scan-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/stamp-duty/instruments/${id}/scan`,
    headers: {
      ...(who?.bearer ?? {}),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

async function kept(id: string) {
  const files = await ctx.db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(like(storedFiles.key, `stamp-scans/${id}/%`));
  const [row] = await ctx.db
    .select({ key: stampInstruments.scanFileKey })
    .from(stampInstruments)
    .where(eq(stampInstruments.id, id));
  return { files: files.length, key: row?.key ?? null };
}

describe('POST /api/v1/stamp-duty/instruments/{id}/scan', () => {
  it('keeps a PDF, then an image in its place; the download is the bytes, audited', async () => {
    const { id } = await instrument();
    const none = await send(ctx, officer, 'GET', `/api/v1/stamp-duty/instruments/${id}/scan`);
    expect(none.statusCode).toBe(404);

    const res = await upload(officer, id, SMALL_PDF);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<StampInstrumentDetail>().scanContentType).toBe('application/pdf');
    const got = await send(ctx, officer, 'GET', `/api/v1/stamp-duty/instruments/${id}/scan`);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toMatch(
      /^attachment; filename="instrument-.+\.pdf"$/,
    );
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.rawPayload.equals(SMALL_PDF)).toBe(true);

    // A JPEG named .pdf is a JPEG: the bytes say so, not the name.
    const jpeg = await phoneJpeg(64, 48);
    const again = await upload(officer, id, jpeg, 'deed.pdf');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<StampInstrumentDetail>().scanContentType).toBe('image/jpeg');
    const image = await send(ctx, officer, 'GET', `/api/v1/stamp-duty/instruments/${id}/scan`);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(jpeg)).toBe(true);

    const audits = await ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), like(auditEvents.action, 'stamp_duty.scan_%')));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'stamp_duty.scan_attached',
      'stamp_duty.scan_attached',
      'stamp_duty.scan_opened',
      'stamp_duty.scan_opened',
    ]);
  });

  it('401 without a session, 403 for an officer of another desk; nothing kept', async () => {
    const { id } = await instrument();
    expect((await upload(null, id, SMALL_PDF)).statusCode).toBe(401);
    expect((await upload(da, id, SMALL_PDF)).statusCode).toBe(403);
    expect(
      (await send(ctx, da, 'GET', `/api/v1/stamp-duty/instruments/${id}/scan`)).statusCode,
    ).toBe(403);
    expect(await kept(id)).toEqual({ files: 0, key: null });
  });

  it.each([
    ['a text file named .pdf', Buffer.from('just some words'), /PDF, a JPEG or a PNG/],
    ['a WebP image', Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1'), /PDF, a JPEG/],
    ['a PDF cut short', SMALL_PDF.subarray(0, 60), /cut short/],
    ['an empty file', Buffer.alloc(0), /empty/],
    ['an oversized file', Buffer.alloc(STAMP_SCAN_MAX_BYTES + 1, 0x25), /at most 5 MB/],
    ['a far oversized file', Buffer.alloc(STAMP_SCAN_MAX_BYTES + 4096, 0x25), /at most 5 MB/],
  ])('422 naming the field for %s; nothing kept', async (_what, bytes, message) => {
    const { id } = await instrument();
    const res = await upload(officer, id, bytes);
    expect(res.statusCode, res.body).toBe(422);
    const { error } = res.json<{
      error: { message: string; details: { issues: { path: string }[] } };
    }>();
    expect(error.message).toMatch(message);
    expect(error.details.issues[0]?.path).toBe('file');
    expect(await kept(id)).toEqual({ files: 0, key: null });
  });

  it('415 for a body that is not multipart; 404 for an unknown instrument; 409 once cancelled', async () => {
    const { id } = await instrument();
    const json = await send(ctx, officer, 'POST', `/api/v1/stamp-duty/instruments/${id}/scan`, {
      file: 'x',
    });
    expect(json.statusCode).toBe(415);
    expect((await upload(officer, crypto.randomUUID(), SMALL_PDF)).statusCode).toBe(404);
    const cancelled = await send(
      ctx,
      officer,
      'POST',
      `/api/v1/stamp-duty/instruments/${id}/cancel`,
      {
        reason: 'Entered twice',
      },
    );
    expect(cancelled.statusCode).toBe(200);
    const res = await upload(officer, id, SMALL_PDF);
    expect(res.statusCode).toBe(409);
    expect(await kept(id)).toEqual({ files: 0, key: null });
  });
});
