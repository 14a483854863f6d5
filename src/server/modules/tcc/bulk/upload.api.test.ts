import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TCC_BATCH_OPTIONAL_COLUMNS,
  TCC_BATCH_REQUIRED_COLUMNS,
  type TccBatchRowsPage,
} from '../../../../shared/tcc/bulk';
import { yearsCovered } from '../../../../shared/tcc/input';
import { auditEvents, jobs } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { csvCells, getBatch, payrollCsv, uploadPayroll } from './testing';

/**
 * The upload and the reading of a batch, without the job: files refused whole, rows refused at
 * upload, who may read a batch. The app's worker is off; batch.api.test.ts runs the job.
 */

let ctx: TestContext & { close(): Promise<void> };
let officer: SignedIn;
let otherOfficer: SignedIn;
let admin: SignedIn;
let mda: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: false });
  [officer, otherOfficer, admin] = await Promise.all([
    signInAs(ctx, 'OFFICER_PAYEE'),
    signInAs(ctx, 'OFFICER_PAYEE'),
    signInAs(ctx, 'ADMIN'),
  ]);
  mda = await createMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

async function jobCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(jobs);
  return row?.n ?? 0;
}

/** Rows every one of which fails at upload: the batch is finished at once. */
const ALL_BAD = payrollCsv([
  { btin: '2000000001' },
  { btin: '1000000005', purpose: 'holiday' },
  { btin: '1000000005', tax_2: 'ten naira' },
]);

describe('POST /tcc-batches', () => {
  it('refuses a header that is not the template’s, in words, and queues nothing', async () => {
    const before = await jobCount();
    const text = payrollCsv([{ btin: '1000000005' }]).replace('staff_number', 'staff_no');
    const res = await uploadPayroll(ctx, officer.bearer, { text }, mda.id);
    expect(outcomeOf(res), res.body).toBe('422 INVALID_FILE');
    expect(res.json()).toMatchObject({ error: { code: 'INVALID_FILE' } });
    expect(res.json().error.message).toContain('missing staff_number');
    expect(res.json().error.message).toContain('unknown "staff_no"');
    expect(await jobCount()).toBe(before);
  });

  it('refuses a file of another type, an empty one, and none at all', async () => {
    const pdf = await uploadPayroll(
      ctx,
      officer.bearer,
      { text: '%PDF', fileName: 'a.pdf' },
      mda.id,
    );
    expect(outcomeOf(pdf)).toBe('422 INVALID_FILE');
    expect(pdf.json().error.message).toContain('Choose a .csv or .xlsx file');
    const empty = await uploadPayroll(ctx, officer.bearer, { text: '' }, mda.id);
    expect(outcomeOf(empty)).toBe('422 INVALID_FILE');
    const none = await uploadPayroll(ctx, officer.bearer, null, mda.id);
    expect(outcomeOf(none)).toBe('422 INVALID_FILE');
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/tcc-batches',
      headers: officer.bearer,
      payload: { mdaId: mda.id },
    });
    expect(json.statusCode).toBe(415);
  });

  it('asks for an MDA that exists and is active', async () => {
    const text = payrollCsv([{ btin: '1000000005' }]);
    const missing = await uploadPayroll(ctx, officer.bearer, { text });
    expect(outcomeOf(missing)).toBe('422 VALIDATION_FAILED');
    expect(missing.json().error.message).toContain('mdaId');
    const unknown = await uploadPayroll(
      ctx,
      officer.bearer,
      { text },
      '00000000-0000-4000-8000-000000000000',
    );
    expect(outcomeOf(unknown)).toBe('422 VALIDATION_FAILED');
    const inactive = await createMda(ctx, { isActive: false });
    const closed = await uploadPayroll(ctx, officer.bearer, { text }, inactive.id);
    expect(outcomeOf(closed)).toBe('422 VALIDATION_FAILED');
    expect(closed.json().error.message).toContain('inactive');
  });

  it('is 401 without a session and 403 to an officer who does not generate MDA certificates', async () => {
    const text = payrollCsv([{ btin: '1000000005' }]);
    expect((await uploadPayroll(ctx, {}, { text }, mda.id)).statusCode).toBe(401);
    const director = await signInAs(ctx, 'DIRECTOR_ASSESSMENT');
    expect((await uploadPayroll(ctx, director.bearer, { text }, mda.id)).statusCode).toBe(403);
    expect((await uploadPayroll(ctx, admin.bearer, { text }, mda.id)).statusCode).toBe(403);
  });

  it('fails bad rows at upload with their reasons; a file of bad rows only is finished at once', async () => {
    const res = await uploadPayroll(ctx, officer.bearer, { text: ALL_BAD }, mda.id);
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: string }>();

    const batch = await getBatch(ctx, officer.bearer, jobId);
    expect(batch).toMatchObject({
      id: jobId,
      status: 'succeeded',
      fileName: 'payroll.csv',
      mda: { id: mda.id, name: mda.name },
      total: 3,
      done: 3,
      generated: 0,
      failed: 3,
      error: null,
    });

    const rows = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tcc-batches/${jobId}/rows?outcome=failed&pageSize=2`,
      headers: officer.bearer,
    });
    expect(rows.statusCode, rows.body).toBe(200);
    const page = rows.json<TccBatchRowsPage>();
    expect(page).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(page.items).toEqual([
      {
        lineNumber: 2,
        btin: '2000000001',
        staffNumber: null,
        outcome: 'failed',
        tccId: null,
        number: null,
        message: 'btin: This BTIN’s check digit is wrong: check the number',
      },
      expect.objectContaining({ lineNumber: 3, message: expect.stringContaining('"holiday"') }),
    ]);
    const generated = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tcc-batches/${jobId}/rows?outcome=generated`,
      headers: officer.bearer,
    });
    expect(generated.json<TccBatchRowsPage>()).toMatchObject({ items: [], total: 0 });

    const result = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tcc-batches/${jobId}/result.csv`,
      headers: officer.bearer,
    });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-disposition']).toContain('payroll-results.csv');
    const cells = csvCells(result.body);
    expect(cells[0]).toEqual([
      'line',
      'btin',
      'staff_number',
      'outcome',
      'certificate_number',
      'message',
    ]);
    expect(cells.slice(1).map((c) => [c[0], c[3]])).toEqual([
      ['2', 'failed'],
      ['3', 'failed'],
      ['4', 'failed'],
    ]);

    const [audit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'tcc_batch.uploaded'), eq(auditEvents.entityId, jobId)));
    expect(audit?.actorId).toBe(officer.officer.id);
    expect(audit?.after).toMatchObject({ mdaId: mda.id, total: 3, failedAtUpload: 3 });
  });

  it('shows a batch only to its uploader and to an administrator', async () => {
    const res = await uploadPayroll(ctx, officer.bearer, { text: ALL_BAD }, mda.id);
    const { jobId } = res.json<{ jobId: string }>();
    for (const url of [
      `/api/v1/tcc-batches/${jobId}`,
      `/api/v1/tcc-batches/${jobId}/rows`,
      `/api/v1/tcc-batches/${jobId}/result.csv`,
    ]) {
      const other = await ctx.app.inject({ method: 'GET', url, headers: otherOfficer.bearer });
      expect(other.statusCode, url).toBe(404);
      const byAdmin = await ctx.app.inject({ method: 'GET', url, headers: admin.bearer });
      expect(byAdmin.statusCode, url).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tcc-batches/${jobId}/rows?outcome=maybe`,
      headers: officer.bearer,
    });
    expect(outcomeOf(bad)).toBe('422 VALIDATION_FAILED');
    const notAnId = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tcc-batches/123',
      headers: officer.bearer,
    });
    expect(outcomeOf(notAnId)).toBe('422 VALIDATION_FAILED');
  });

  it('answers 409 for the result of a batch still queued', async () => {
    const res = await uploadPayroll(
      ctx,
      officer.bearer,
      { text: payrollCsv([{ btin: '1000000005' }]) },
      mda.id,
    );
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: string }>();
    expect(await getBatch(ctx, officer.bearer, jobId)).toMatchObject({
      status: 'queued',
      total: 1,
      done: 0,
    });
    const result = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tcc-batches/${jobId}/result.csv`,
      headers: officer.bearer,
    });
    expect(outcomeOf(result)).toBe('409 CONFLICT');
    expect(result.json().error.message).toContain('0 of 1');
  });
});

describe('GET /tcc-batches/template.csv', () => {
  it('gives the header and an example for the three years a certificate covers now', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/tcc-batches/template.csv',
      headers: officer.bearer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header, example] = csvCells(res.body);
    expect(header).toEqual([...TCC_BATCH_REQUIRED_COLUMNS, ...TCC_BATCH_OPTIONAL_COLUMNS]);
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    const years = yearsCovered(today).map(String);
    expect([1, 2, 3].map((n) => example?.[header?.indexOf(`year_${n}`) ?? -1])).toEqual(years);
  });

  it('is 401 without a session and 403 to an officer who does not generate MDA certificates', async () => {
    const url = '/api/v1/tcc-batches/template.csv';
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const printer = await signInAs(ctx, 'PRINTING_OFFICER');
    expect((await ctx.app.inject({ method: 'GET', url, headers: printer.bearer })).statusCode).toBe(
      403,
    );
  });
});
