import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../auth/actor';
import { auditEvents, jobs, payments } from '../../db/schema';
import { addSimInvoice, createRemitaMda, type RemitaMda } from '../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';
import { createLedger } from '../payments/ledger/ledger';
import { csvCells, getJob, simRrr, uploadCsv, waitForJob } from './testing';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let admin: SignedIn;
let mda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  admin = await signInAs(ctx, 'ADMIN');
  mda = await createRemitaMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

const RESULT_HEADER = [
  'line',
  'rrr',
  'mdaCode',
  'outcome',
  'statusCode',
  'message',
  'payerName',
  'amount',
  'transactionDate',
];

async function paymentsOf(rrrs: string[]) {
  return ctx.db.select().from(payments).where(inArray(payments.rrr, rrrs));
}

async function jobCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(jobs);
  return row?.n ?? 0;
}

describe('POST /remita/rrr/status-batch, then GET /jobs/:id and its result.csv', () => {
  it('checks every row, says why a row could not be checked, and records paid RRRs once', async () => {
    const completed = simRrr(ctx, mda, '00', 250_000);
    const approved = simRrr(ctx, mda, '01', 125_050);
    const pending = simRrr(ctx, mda, '021');
    const generated = simRrr(ctx, mda, '025');
    const failed = simRrr(ctx, mda, '02');
    const unknownToRemita = '290000000001';
    const alreadyRecorded = simRrr(ctx, mda, '00', 90_000);
    // Recorded before the batch, as a notification would have.
    const ledger = createLedger({
      receiptPrefix: ctx.config.receiptPrefix,
      settlements: ctx.settlements,
    });
    await ctx.db.transaction((tx) =>
      ledger.recordConfirmedPayment(tx, systemActor('remita'), {
        rrr: alreadyRecorded,
        mdaId: mda.id,
        amountKobo: 90_000,
        paidAt: new Date(),
        arrival: 'notification',
      }),
    );
    // A bill raised here for ₦1,000.00 that Remita says was paid with ₦10.00: refused.
    const forged = simRrr(ctx, mda, '025', 100_000);
    await ctx.db.transaction((tx) =>
      ledger.recordBill(tx, systemActor('system'), {
        rrr: forged,
        amountKobo: 100_000,
        mdaId: mda.id,
        channel: 'remita',
      }),
    );
    ctx.simulators.remita.pay(forged, { amountKobo: 1_000 });
    const noCredentials = await createMda(ctx);
    const wrongKey = await createRemitaMda(ctx);
    ctx.simulators.remita.registerMerchant({ ...wrongKey.credentials, apiKey: 'not-the-key' });

    const file = [
      'RRR,mdaCode',
      completed, // 2
      `${approved.slice(0, 4)}-${approved.slice(4, 8)}-${approved.slice(8)}`, // 3
      '', // 4: blank, skipped
      `${pending},${mda.code.toLowerCase()}`, // 5
      generated, // 6
      failed, // 7
      unknownToRemita, // 8
      '12345', // 9
      completed, // 10
      `${simRrr(ctx, mda, '00')},NO-SUCH-MDA`, // 11
      `${simRrr(ctx, mda, '00')},${noCredentials.code}`, // 12
      `${simRrr(ctx, wrongKey, '00')},${wrongKey.code}`, // 13
      alreadyRecorded, // 14
      forged, // 15
      ' , ', // 16: blank, skipped
    ].join('\n');

    const res = await uploadCsv(ctx, admin.bearer, { text: file, fileName: 'march.csv' }, mda.id);
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: string }>();
    const { job } = await waitForJob(ctx, admin.bearer, jobId);

    expect(job).toMatchObject({
      id: jobId,
      kind: 'rrr-status-batch',
      status: 'succeeded',
      fileName: 'march.csv',
      total: 13,
      processed: 13,
      error: null,
      counts: { paid: 3, pending: 2, failed: 1, 'not-found': 1, invalid: 3, error: 3 },
    });
    expect(job.startedAt).not.toBeNull();
    expect(job.finishedAt).not.toBeNull();

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${jobId}/result.csv`,
      headers: admin.bearer,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="march-results.csv"');
    // A check's progress and its result name payers: no cache keeps either (ADR 0022).
    expect(csv.headers['cache-control']).toBe('no-store');
    const polled = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${jobId}`,
      headers: admin.bearer,
    });
    expect(polled.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = csvCells(csv.body);
    expect(header).toEqual(RESULT_HEADER);
    const byLine = new Map(rows.map((r) => [r[0], r]));
    expect([...byLine.keys()]).toEqual([
      '2',
      '3',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
    ]);
    expect(byLine.get('2')).toMatchObject([
      '2',
      completed,
      mda.code,
      'paid',
      '00',
      expect.stringMatching(/Recorded in the ledger as receipt .+\/\d{4}\/\d{7}\.$/),
      'Ebiere Douglas',
      '2500.00',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    ]);
    expect(byLine.get('3')?.slice(3, 5)).toEqual(['paid', '01']);
    expect(byLine.get('3')?.[7]).toBe('1250.50');
    expect(byLine.get('5')?.slice(2, 5)).toEqual([mda.code.toLowerCase(), 'pending', '021']);
    expect(byLine.get('6')?.slice(3, 5)).toEqual(['pending', '025']);
    expect(byLine.get('7')?.slice(3, 5)).toEqual(['failed', '02']);
    expect(byLine.get('8')?.slice(3, 5)).toEqual(['not-found', '022']);
    expect(byLine.get('9')?.slice(3, 6)).toEqual([
      'invalid',
      '',
      '"12345" is not an RRR: an RRR is 12 digits.',
    ]);
    expect(byLine.get('10')?.slice(3, 6)).toEqual(['invalid', '', 'Duplicate of line 2.']);
    expect(byLine.get('11')?.slice(2, 6)).toEqual([
      'NO-SUCH-MDA',
      'invalid',
      '',
      'No MDA has the code "NO-SUCH-MDA".',
    ]);
    expect(byLine.get('12')?.[3]).toBe('error');
    expect(byLine.get('12')?.[5]).toContain('has no Remita credentials yet');
    expect(byLine.get('13')?.[3]).toBe('error');
    expect(byLine.get('14')?.slice(3, 5)).toEqual(['paid', '00']);
    expect(byLine.get('14')?.[5]).toMatch(/Already in the ledger as receipt /);
    expect(byLine.get('15')?.[3]).toBe('error');
    expect(byLine.get('15')?.[5]).toContain('but the bill is for 100000 kobo');

    // The ledger: the two new paid RRRs recorded by the batch, as the officer who uploaded.
    const recorded = await paymentsOf([completed, approved, alreadyRecorded, forged]);
    const byRrr = new Map(recorded.map((p) => [p.rrr, p]));
    expect(byRrr.get(completed)).toMatchObject({
      status: 'paid',
      arrival: 'batch',
      amountKobo: 250_000,
      mdaId: mda.id,
      createdBy: admin.officer.id,
    });
    expect(byRrr.get(approved)).toMatchObject({ status: 'paid', arrival: 'batch' });
    expect(byRrr.get(alreadyRecorded)).toMatchObject({ status: 'paid', arrival: 'notification' });
    expect(byRrr.get(forged)).toMatchObject({ status: 'pending', receiptNumber: null });

    // The same file again: the paid RRRs are already in the ledger; nothing is recorded twice.
    const again = await uploadCsv(ctx, admin.bearer, { text: file }, mda.id);
    const second = await waitForJob(ctx, admin.bearer, again.json<{ jobId: string }>().jobId);
    expect(second.job.counts.paid).toBe(3);
    const afterwards = await paymentsOf([completed, approved, alreadyRecorded]);
    expect(afterwards).toHaveLength(3);
    expect(afterwards.map((p) => p.receiptNumber).sort()).toEqual(
      recorded
        .filter((p) => p.rrr !== forged)
        .map((p) => p.receiptNumber)
        .sort(),
    );

    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'job'), eq(auditEvents.entityId, jobId)));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'rrr_batch.result_downloaded',
      'rrr_batch.uploaded',
    ]);
    expect(audit.find((a) => a.action === 'rrr_batch.uploaded')).toMatchObject({
      actorId: admin.officer.id,
      after: { fileName: 'march.csv', total: 13, invalid: 3, mdaId: mda.id },
    });
  });

  it('shows the progress while it checks a few hundred rows', async () => {
    const rrrs = Array.from({ length: 300 }, () => simRrr(ctx, mda, '021'));
    const res = await uploadCsv(ctx, admin.bearer, { text: `rrr\n${rrrs.join('\n')}\n` }, mda.id);
    expect(res.statusCode, res.body).toBe(202);
    const { job, seen } = await waitForJob(ctx, admin.bearer, res.json().jobId, {
      intervalMs: 5,
    });
    expect(job).toMatchObject({ status: 'succeeded', processed: 300, total: 300 });
    expect(job.counts.pending).toBe(300);
    const progress = seen.map((j) => j.processed);
    // Seen part-way, and never going back.
    expect(progress.some((p) => p > 0 && p < 300)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    for (const view of seen) {
      const counted = Object.values(view.counts).reduce((a, b) => a + b, 0);
      expect(counted).toBe(view.processed);
    }
  });

  it('writes an unrecognised code and a configuration fault as error rows with Remita’s words, and keeps the fault on the MDA', async () => {
    const unrecognised = simRrr(ctx, mda, '077');
    const faulty = await createRemitaMda(ctx);
    const inactive = simRrr(ctx, faulty, '024');
    const text = `rrr,mdaCode\n${unrecognised},${mda.code}\n${inactive},${faulty.code}\n`;
    const res = await uploadCsv(ctx, admin.bearer, { text });
    expect(res.statusCode).toBe(202);
    const { job } = await waitForJob(ctx, admin.bearer, res.json().jobId);
    expect(job).toMatchObject({ status: 'succeeded', processed: 2 });
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${job.id}/result.csv`,
      headers: admin.bearer,
    });
    const rows = csvCells(csv.body).slice(1);
    expect(rows[0]?.slice(3, 6)).toEqual(['error', '077', 'Unrecognised status']);
    expect(rows[1]?.[3]).toBe('error');
    expect(rows[1]?.[5]).toContain(
      `Ask an administrator to check ${faulty.name}'s Remita settings`,
    );
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/mdas/${faulty.id}`,
      headers: admin.bearer,
    });
    expect(view.json().remitaFault).toMatchObject({ code: '024', message: 'Inactive Merchant' });
  });

  it('a file whose rows are all invalid is finished at once', async () => {
    const res = await uploadCsv(ctx, admin.bearer, { text: 'rrr\n1\n2\n' }, mda.id);
    expect(res.statusCode).toBe(202);
    const job = await getJob(ctx, admin.bearer, res.json().jobId);
    expect(job).toMatchObject({ status: 'succeeded', processed: 2, total: 2 });
    expect(job.counts.invalid).toBe(2);
  });

  it('neutralises cells a spreadsheet would run as a formula', async () => {
    const rrr = addSimInvoice(ctx, mda, {
      amountKobo: 10_000,
      payerName: '=HYPERLINK("http://evil.example","Click")',
      statusCode: '021',
    }).rrr;
    const res = await uploadCsv(ctx, admin.bearer, { text: `rrr\n${rrr}\n` }, mda.id);
    const { job } = await waitForJob(ctx, admin.bearer, res.json().jobId);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${job.id}/result.csv`,
      headers: admin.bearer,
    });
    expect(csvCells(csv.body)[1]?.[6]).toBe(`'=HYPERLINK("http://evil.example","Click")`);
  });

  it('rows with no MDA in the file and none chosen are invalid', async () => {
    const res = await uploadCsv(ctx, admin.bearer, { text: `rrr\n${simRrr(ctx, mda, '00')}\n` });
    expect(res.statusCode).toBe(202);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${res.json().jobId}/result.csv`,
      headers: admin.bearer,
    });
    expect(csvCells(csv.body)[1]?.slice(3, 6)).toEqual([
      'invalid',
      '',
      'No MDA: choose one in the dialog, or give an mdaCode on this line.',
    ]);
  });
});

describe('files that are refused', () => {
  async function expectRefused(
    res: Awaited<ReturnType<typeof uploadCsv>>,
    status: number,
    code: string,
    message: string | RegExp,
  ) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toMatch(message);
  }

  it('refuses a multipart body cut short with 400, not 500 (found by fuzzing)', async () => {
    const boundary = '----revdesk-batch-boundary';
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remita/rrr/status-batch',
      headers: { ...admin.bearer, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="mdaId"\r\n\r\nx\r\n`,
    });
    await expectRefused(res, 400, 'BAD_REQUEST', /could not be read/);
  });

  it('refuses each bad file with a clear message, and queues nothing', async () => {
    const before = await jobCount();
    const h = admin.bearer;
    await expectRefused(
      await uploadCsv(ctx, h, { text: 'reference\n280100000001\n' }, mda.id),
      422,
      'INVALID_FILE',
      'The first line must be the header rrr (and optionally mdaCode); found "reference".',
    );
    const rows = Array.from({ length: 10_001 }, (_, i) => String(280_100_000_000 + i));
    await expectRefused(
      await uploadCsv(ctx, h, { text: `rrr\n${rows.join('\n')}\n` }, mda.id),
      422,
      'INVALID_FILE',
      'rrrs.csv has 10,001 rows; at most 10,000 can be checked at once. Split it into smaller files.',
    );
    // The first bytes of an .xlsx (a zip) renamed .csv.
    const xlsx = Buffer.concat([
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]),
      Buffer.from('rrr\n'),
    ]);
    await expectRefused(
      await uploadCsv(ctx, h, { bytes: xlsx, fileName: 'rrrs.csv' }, mda.id),
      422,
      'INVALID_FILE',
      /rrrs\.csv is not a CSV file: it holds binary data/,
    );
    await expectRefused(
      await uploadCsv(ctx, h, { bytes: Buffer.from([0xff, 0xfe, 0x72, 0x72, 0x72]) }, mda.id),
      422,
      'INVALID_FILE',
      /is not a UTF-8 text file/,
    );
    const big = `rrr\n${'280100000001\n'.repeat(170_000)}`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(2 * 1024 * 1024);
    await expectRefused(
      await uploadCsv(ctx, h, { text: big }, mda.id),
      413,
      'PAYLOAD_TOO_LARGE',
      'The file is larger than 2 MB (413). Split it into smaller files of at most 10,000 RRRs.',
    );
    await expectRefused(
      await uploadCsv(ctx, h, null, mda.id),
      422,
      'INVALID_FILE',
      /Choose a \.csv file/,
    );
    await expectRefused(
      await uploadCsv(ctx, h, { text: '' }, mda.id),
      422,
      'INVALID_FILE',
      'rrrs.csv is empty.',
    );
    await expectRefused(
      await uploadCsv(ctx, h, { text: 'rrr\n', fileName: 'rrrs.txt' }, mda.id),
      422,
      'INVALID_FILE',
      'Choose a .csv file; "rrrs.txt" is not one.',
    );
    await expectRefused(
      await uploadCsv(ctx, h, { text: 'rrr\n280100000001\n' }, randomUUID()),
      422,
      'VALIDATION_FAILED',
      'mdaId: Choose an MDA from the list',
    );
    await expectRefused(
      await uploadCsv(ctx, h, { text: 'rrr\n280100000001\n' }, 'not-an-id'),
      422,
      'VALIDATION_FAILED',
      'mdaId: Choose an MDA from the list',
    );
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remita/rrr/status-batch',
      headers: h,
      payload: { rrr: '280100000001' },
    });
    expect(json.statusCode).toBe(415);
    expect(await jobCount()).toBe(before);
  });
});

describe('who may check a batch and read its results', () => {
  it('401 without a session, 403 for an officer who is not an administrator', async () => {
    const jobId = randomUUID();
    const officer = await signInAs(ctx, 'OFFICER_DA');
    for (const headers of [{}, officer.bearer]) {
      const expected = 'authorization' in headers ? 403 : 401;
      const upload = await uploadCsv(ctx, headers, { text: 'rrr\n280100000001\n' }, mda.id);
      expect(upload.statusCode).toBe(expected);
      for (const url of [`/api/v1/jobs/${jobId}`, `/api/v1/jobs/${jobId}/result.csv`]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(expected);
      }
    }
  });

  it("another administrator reads an administrator's job; unknown and malformed ids are refused", async () => {
    const res = await uploadCsv(
      ctx,
      admin.bearer,
      { text: `rrr\n${simRrr(ctx, mda, '02')}\n` },
      mda.id,
    );
    const { jobId } = res.json<{ jobId: string }>();
    const other = await signInAs(ctx, 'ADMIN');
    const { job } = await waitForJob(ctx, other.bearer, jobId);
    expect(job.counts.failed).toBe(1);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${jobId}/result.csv`,
      headers: other.bearer,
    });
    expect(csv.statusCode).toBe(200);

    const missing = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${randomUUID()}`,
      headers: admin.bearer,
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/jobs/nope/result.csv',
      headers: admin.bearer,
    });
    expect(outcomeOf(malformed)).toBe('422 VALIDATION_FAILED');
  });

  it('409 for the results of a check still running', async () => {
    // Held by a worker elsewhere with a live lease: this app's worker leaves it alone.
    const [job] = await ctx.db
      .insert(jobs)
      .values({
        kind: 'rrr-status-batch',
        status: 'running',
        fileName: 'busy.csv',
        total: 40,
        processed: 7,
        createdBy: admin.officer.id,
        lockedBy: 'another-instance',
        lockedUntil: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${job?.id}/result.csv`,
      headers: admin.bearer,
    });
    expect(outcomeOf(res)).toBe('409 CONFLICT');
    expect(res.json().error.message).toBe(
      'Still checking: 7 of 40 done. The results can be downloaded when the check has finished.',
    );
  });
});
