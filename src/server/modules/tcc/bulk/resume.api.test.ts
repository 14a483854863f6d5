import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../../../shared/dates';
import { TCC_MDA_BATCH } from '../../../../shared/tcc/bulk';
import { yearsCovered } from '../../../../shared/tcc/input';
import { jobs, tccBatchRows, tccs } from '../../../db/schema';
import { createDatabaseFileStore } from '../../../files/store';
import { createIntegrations } from '../../../integrations';
import { createJobKinds } from '../../../jobs/kinds';
import { claimNextJob, type JobRow, releaseLease } from '../../../jobs/queries';
import { actorOfUploader } from '../../../jobs/uploader';
import { createJobWorker, type JobWorker } from '../../../jobs/worker';
import { secretBoxFromConfig } from '../../../secrets';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import type { PaymentDeps } from '../../payments/deps';
import { createTccGenerateService } from '../generate/service';
import { createTccMdaBatch, registerTccMdaBatchJob } from './job';
import type { TccBatchRow } from './queries';
import { payrollCsv, uploadPayroll, waitForBatch } from './testing';

/**
 * A bulk upload whose worker died part-way is resumed by the next worker: rows done stay as
 * they were, a certificate generated just before the death is recorded rather than made twice,
 * and every other row is generated once. The app's own worker is off; the test starts one, as
 * another instance of RevDesk over the same database would.
 */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let deps: PaymentDeps;
let officer: SignedIn;

/** The worker of another instance: this app's job kinds, its own registry. */
function workerDeps() {
  const jobKinds = createJobKinds();
  registerTccMdaBatchJob(jobKinds, deps);
  return { db: deps.db, jobKinds };
}
let mda: { id: string };
const running: JobWorker[] = [];
const [firstYear] = yearsCovered(todayInLagos());

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true, runJobs: false });
  deps = {
    db: ctx.db,
    config: ctx.config,
    integrations: createIntegrations(ctx.config, () => ctx.baseUrl as string),
    secrets: secretBoxFromConfig(ctx.config),
    files: createDatabaseFileStore(ctx.db),
    settlements: ctx.settlements,
  };
  officer = await signInAs(ctx, 'OFFICER_PAYEE');
  mda = await createMda(ctx);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
});

afterAll(async () => {
  await ctx?.close();
});

async function batchRows(jobId: string): Promise<TccBatchRow[]> {
  const rows = await ctx.db
    .select()
    .from(tccBatchRows)
    .where(eq(tccBatchRows.jobId, jobId))
    .orderBy(asc(tccBatchRows.lineNumber));
  return rows as TccBatchRow[];
}

describe('a bulk upload resumed by another worker', () => {
  it('keeps what the dead worker did, records its last certificate once, and generates the rest', async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => createTaxpayer(ctx)));
    const text = payrollCsv(
      people.map((p) => ({ btin: p.btin })),
      firstYear,
    );
    const res = await uploadPayroll(ctx, officer.bearer, { text }, mda.id);
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: string }>();

    // The dead worker: it generated line 2 and wrote its outcome, then generated line 3 and
    // died before writing that row's outcome, leaving a lease that has run out.
    const service = createTccGenerateService(deps);
    const actor = await actorOfUploader(deps, officer.officer.id);
    const [line2, line3] = await batchRows(jobId);
    if (!line2?.data.input || !line3?.data.input) throw new Error('rows not read');
    const first = await service.generate(actor, { ...line2.data.input, mdaId: mda.id }, { jobId });
    const orphan = await service.generate(actor, { ...line3.data.input, mdaId: mda.id }, { jobId });
    const longAgo = new Date('2026-01-05T10:00:00Z');
    await ctx.db
      .update(tccBatchRows)
      .set({ outcome: 'generated', tccId: first.id, processedAt: longAgo })
      .where(and(eq(tccBatchRows.jobId, jobId), eq(tccBatchRows.lineNumber, 2)));
    await ctx.db
      .update(jobs)
      .set({
        status: 'running',
        processed: 1,
        startedAt: longAgo,
        lockedBy: 'worker-that-died',
        lockedUntil: sql`now() - interval '1 minute'`,
      })
      .where(eq(jobs.id, jobId));

    const worker = createJobWorker(workerDeps(), {
      log: ctx.app.log,
      workerId: 'worker-b',
      pollMs: 20,
    });
    running.push(worker);
    worker.start();
    const { batch } = await waitForBatch(ctx, officer.bearer, jobId);
    expect(batch).toMatchObject({
      status: 'succeeded',
      total: 5,
      done: 5,
      generated: 5,
      failed: 0,
    });

    const rows = await batchRows(jobId);
    expect(rows[0]).toMatchObject({ outcome: 'generated', tccId: first.id, processedAt: longAgo });
    expect(rows[1]).toMatchObject({ outcome: 'generated', tccId: orphan.id });
    // One certificate per employee, all of this job: none generated twice.
    const made = await ctx.db
      .select({ id: tccs.id, btin: tccs.btin })
      .from(tccs)
      .where(eq(tccs.jobId, jobId));
    expect(made).toHaveLength(5);
    expect(new Set(made.map((t) => t.btin))).toEqual(new Set(people.map((p) => p.btin)));
    expect(new Set(rows.map((r) => r.tccId))).toEqual(new Set(made.map((t) => t.id)));
  });

  it('a worker stopped between rows gives the job back; the next generates only the rest', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => createTaxpayer(ctx)));
    const text = payrollCsv(
      people.map((p) => ({ btin: p.btin })),
      firstYear,
    );
    const res = await uploadPayroll(ctx, officer.bearer, { text }, mda.id);
    const { jobId } = res.json<{ jobId: string }>();

    // Worker A claims the job and is told to stop (the app closing) after its second row.
    const claimed = await claimNextJob(ctx.db, [TCC_MDA_BATCH], 'worker-a', 30);
    expect(claimed?.id).toBe(jobId);
    let looks = 0;
    const end = await createTccMdaBatch(deps)(claimed as JobRow, {
      workerId: 'worker-a',
      log: ctx.app.log,
      shouldStop: () => {
        looks += 1;
        // Looked before the first round, then before each row: stop before the third row.
        return looks > 3;
      },
    });
    expect(end).toBe('stopped');
    await releaseLease(ctx.db, jobId, 'worker-a');
    const [stopped] = await ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(stopped).toMatchObject({ status: 'running', processed: 2, lockedBy: null });
    const doneBefore = await ctx.db
      .select({ line: tccBatchRows.lineNumber, at: tccBatchRows.processedAt })
      .from(tccBatchRows)
      .where(and(eq(tccBatchRows.jobId, jobId), isNotNull(tccBatchRows.outcome)));
    expect(doneBefore.map((r) => r.line).sort()).toEqual([2, 3]);

    const workerB = createJobWorker(workerDeps(), {
      log: ctx.app.log,
      workerId: 'worker-b2',
      pollMs: 20,
    });
    running.push(workerB);
    workerB.start();
    const { batch } = await waitForBatch(ctx, officer.bearer, jobId);
    expect(batch).toMatchObject({ status: 'succeeded', done: 6, generated: 6, failed: 0 });
    const rows = await batchRows(jobId);
    for (const before of doneBefore) {
      expect(rows.find((r) => r.lineNumber === before.line)?.processedAt).toEqual(before.at);
    }
    const made = await ctx.db.select({ id: tccs.id }).from(tccs).where(eq(tccs.jobId, jobId));
    expect(made).toHaveLength(6);
  });

  it('a batch that cannot go on ends as failed, with a message for the officer', async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => createTaxpayer(ctx)));
    const text = payrollCsv(
      people.map((p) => ({ btin: p.btin })),
      firstYear,
    );
    const res = await uploadPayroll(ctx, officer.bearer, { text }, mda.id);
    const { jobId } = res.json<{ jobId: string }>();
    // Changed by hand in the database: a row to generate without its input, which the upload never writes.
    const [, , line4] = await batchRows(jobId);
    await ctx.db
      .update(tccBatchRows)
      .set({ data: { ...line4?.data, input: null } })
      .where(and(eq(tccBatchRows.jobId, jobId), eq(tccBatchRows.lineNumber, 4)));

    const worker = createJobWorker(workerDeps(), {
      log: ctx.app.log,
      workerId: 'worker-e',
      pollMs: 20,
    });
    running.push(worker);
    worker.start();
    const { batch } = await waitForBatch(ctx, officer.bearer, jobId);
    expect(batch).toMatchObject({ status: 'failed', done: 2, generated: 2, failed: 0 });
    expect(batch.error).toMatch(/^The upload stopped because of an error on the server\./);
    const result = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/tcc-batches/${jobId}/result.csv`,
      headers: officer.bearer,
    });
    expect(result.statusCode).toBe(200);
    expect(result.body).toContain('not processed');
  });
});
