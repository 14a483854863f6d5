import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TccView } from '../../../../shared/tcc/views';
import { auditEvents, storedFiles, tccEvidence, tccs } from '../../../db/schema';
import { phoneJpeg } from '../../../files/testImages';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { insertTestTcc, send } from '../testing';
import { TCC_EVIDENCE_MAX_BYTES } from './service';

/**
 * Evidence files of a certificate through the upload path: a PDF or an image is kept and every
 * approver opens it (audited); an empty, oversized, damaged file or one of another type is a
 * 422 naming the reason, and nothing is kept. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let pa: SignedIn;
let director: SignedIn;
let chairman: SignedIn;

type ErrorJson = { error: { code: string; message: string } };

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: false });
  [da, pa, director, chairman] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'OFFICER_PA'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
    signInAs(ctx, 'TCC_CHAIRMAN'),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

/** A small PDF as a scanner writes one: header, a page, the end-of-file marker. */
const SMALL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

function upload(
  who: SignedIn,
  id: string,
  file: { bytes: Buffer; fileName: string; type?: string },
) {
  const boundary = '----revdesk-evidence-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.fileName}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/tcc/${id}/evidence`,
    headers: { ...who.bearer, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function keptFor(tccId: string) {
  const rows = await ctx.db.select().from(tccEvidence).where(eq(tccEvidence.tccId, tccId));
  const files = await ctx.db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(like(storedFiles.key, `tcc-evidence/${tccId}/%`));
  return { rows: rows.length, files: files.length };
}

describe('POST /api/v1/tcc/{id}/evidence', () => {
  it('keeps a PDF and an image; every approver sees them and opens them, audited', async () => {
    const tcc = await insertTestTcc(ctx, da);
    const pdf = await upload(da, tcc.id, { bytes: SMALL_PDF, fileName: 'Police report.pdf' });
    expect(pdf.statusCode, pdf.body).toBe(201);
    const jpeg = await phoneJpeg(64, 48);
    const image = await upload(da, tcc.id, { bytes: jpeg, fileName: 'payslip.jpg' });
    expect(image.statusCode, image.body).toBe(201);
    expect(await keptFor(tcc.id)).toEqual({ rows: 2, files: 2 });

    for (const approver of [director, chairman]) {
      const view = (await send(ctx, approver, 'GET', `/api/v1/tcc/${tcc.id}`)).json<TccView>();
      expect(view.evidence.map((e) => [e.fileName, e.contentType, e.uploadedBy?.id])).toEqual([
        ['Police report.pdf', 'application/pdf', da.officer.id],
        ['payslip.jpg', 'image/jpeg', da.officer.id],
      ]);
      const [first] = view.evidence;
      const opened = await send(
        ctx,
        approver,
        'GET',
        `/api/v1/tcc/${tcc.id}/evidence/${first?.id}`,
      );
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toBe('application/pdf');
      expect(opened.headers['content-disposition']).toBe(
        'attachment; filename="Police report.pdf"',
      );
      expect(opened.rawPayload.equals(SMALL_PDF)).toBe(true);
    }
    const opens = await ctx.db
      .select({ actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, tcc.id), eq(auditEvents.action, 'tcc.evidence_opened')));
    expect(opens).toHaveLength(2);
    const added = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, tcc.id), eq(auditEvents.action, 'tcc.evidence_added')));
    expect(added).toHaveLength(2);
  });

  it.each([
    ['not a PDF or image', 'notes.txt', Buffer.from('just some words'), /not a PDF or an image/],
    [
      'an HTML page named .pdf',
      'letter.pdf',
      Buffer.from('<html><script>1</script></html>'),
      /not a PDF or an image/,
    ],
    ['empty', 'empty.pdf', Buffer.alloc(0), /is empty/],
    ['a PDF cut short', 'cut.pdf', SMALL_PDF.subarray(0, 40), /cut short/],
    [
      'a JPEG header over junk',
      'photo.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]),
      /damaged/,
    ],
    [
      'oversized',
      'big.pdf',
      Buffer.concat([SMALL_PDF, Buffer.alloc(TCC_EVIDENCE_MAX_BYTES, 32)]),
      /larger than 5 MB/,
    ],
  ])(
    'refuses a file %s with 422 naming the reason, keeping nothing',
    async (_what, fileName, bytes, reason) => {
      const tcc = await insertTestTcc(ctx, da);
      const res = await upload(da, tcc.id, { bytes, fileName });
      expect(res.statusCode, res.body).toBe(422);
      const body = res.json<ErrorJson>();
      expect(body.error.code).toBe('INVALID_FILE');
      expect(body.error.message).toMatch(reason);
      expect(await keptFor(tcc.id)).toEqual({ rows: 0, files: 0 });
    },
  );

  it('only an officer generating the kind adds evidence; another kind’s officer is not told it exists', async () => {
    const tcc = await insertTestTcc(ctx, da);
    const byDirector = await upload(director, tcc.id, { bytes: SMALL_PDF, fileName: 'a.pdf' });
    expect(byDirector.statusCode).toBe(403);
    const byPa = await upload(pa, tcc.id, { bytes: SMALL_PDF, fileName: 'a.pdf' });
    expect(byPa.statusCode).toBe(404);
    expect(await keptFor(tcc.id)).toEqual({ rows: 0, files: 0 });
  });

  it('an issued certificate takes no more evidence (409); a file of another certificate is a 404', async () => {
    const issued = await insertTestTcc(ctx, da, { status: 'approved' });
    const res = await upload(da, issued.id, { bytes: SMALL_PDF, fileName: 'late.pdf' });
    expect(res.statusCode, res.body).toBe(409);

    const tcc = await insertTestTcc(ctx, da);
    const added = (
      await upload(da, tcc.id, { bytes: SMALL_PDF, fileName: 'a.pdf' })
    ).json<TccView>();
    const evidenceId = added.evidence[0]?.id;
    const elsewhere = await send(
      ctx,
      director,
      'GET',
      `/api/v1/tcc/${issued.id}/evidence/${evidenceId}`,
    );
    expect(elsewhere.statusCode).toBe(404);
    const byPa = await send(ctx, pa, 'GET', `/api/v1/tcc/${tcc.id}/evidence/${evidenceId}`);
    expect(byPa.statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/tcc/{id}/evidence/{evidenceId}', () => {
  it('the officer removes a file added in error: row and bytes go, the audit row keeps what it was', async () => {
    const tcc = await insertTestTcc(ctx, da);
    await upload(da, tcc.id, { bytes: SMALL_PDF, fileName: 'Wrong page.pdf' });
    const added = (
      await upload(da, tcc.id, { bytes: SMALL_PDF, fileName: 'Police report.pdf' })
    ).json<TccView>();
    const wrong = added.evidence.find((e) => e.fileName === 'Wrong page.pdf');
    const url = `/api/v1/tcc/${tcc.id}/evidence/${wrong?.id}`;

    // Only an officer generating the kind removes; another kind's officer is not told it exists.
    expect((await send(ctx, null, 'DELETE', url)).statusCode).toBe(401);
    expect((await send(ctx, director, 'DELETE', url)).statusCode).toBe(403);
    expect((await send(ctx, pa, 'DELETE', url)).statusCode).toBe(404);
    const badId = await send(ctx, da, 'DELETE', `/api/v1/tcc/${tcc.id}/evidence/not-an-id`);
    expect(badId.statusCode).toBe(422);
    expect(await keptFor(tcc.id)).toEqual({ rows: 2, files: 2 });

    const res = await send(ctx, da, 'DELETE', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TccView>().evidence.map((e) => e.fileName)).toEqual(['Police report.pdf']);
    expect(await keptFor(tcc.id)).toEqual({ rows: 1, files: 1 });
    const [audit] = await ctx.db
      .select({ actorId: auditEvents.actorId, before: auditEvents.before })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, tcc.id), eq(auditEvents.action, 'tcc.evidence_removed')));
    expect(audit).toMatchObject({
      actorId: da.officer.id,
      before: { number: tcc.number, evidenceId: wrong?.id, fileName: 'Wrong page.pdf' },
    });
    // Gone: a second removal and a download are 404.
    expect((await send(ctx, da, 'DELETE', url)).statusCode).toBe(404);
    expect((await send(ctx, director, 'GET', url)).statusCode).toBe(404);
  });

  it('409 once the certificate is approved: its evidence stays as the approvers saw it', async () => {
    const tcc = await insertTestTcc(ctx, da);
    const added = (
      await upload(da, tcc.id, { bytes: SMALL_PDF, fileName: 'letter.pdf' })
    ).json<TccView>();
    await ctx.db
      .update(tccs)
      .set({
        status: 'approved',
        issuedAt: new Date(),
        expiresOn: '2099-12-31',
        signedPayload: 'test.payload',
        signingKeyId: 'test',
      })
      .where(eq(tccs.id, tcc.id));
    const res = await send(
      ctx,
      da,
      'DELETE',
      `/api/v1/tcc/${tcc.id}/evidence/${added.evidence[0]?.id}`,
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<ErrorJson>().error.code).toBe('CONFLICT');
    expect(await keptFor(tcc.id)).toEqual({ rows: 1, files: 1 });
    // Another certificate's file is not this one's to remove.
    const other = await insertTestTcc(ctx, da);
    const elsewhere = await send(
      ctx,
      da,
      'DELETE',
      `/api/v1/tcc/${other.id}/evidence/${added.evidence[0]?.id}`,
    );
    expect(elsewhere.statusCode).toBe(404);
  });
});
