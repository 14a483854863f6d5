import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, rrrCheckRows } from '../../db/schema';
import { createDatabaseFileStore } from '../../files/store';
import { createIntegrations } from '../../integrations';
import { createRemitaMda, type RemitaMda } from '../../integrations/remita/testing';
import { createJobKinds } from '../../jobs/kinds';
import { createJobWorker, type JobWorker } from '../../jobs/worker';
import { secretBoxFromConfig } from '../../secrets';
import { createTestContext, type TestContext } from '../../testing/context';
import { type SignedIn, signInAs } from '../../testing/factories';
import type { PaymentDeps } from '../payments/deps';
import { registerRrrBatchJob } from './job';
import { simRrr, uploadCsv, waitForJob } from './testing';

/**
 * A worker that stops or dies part-way: the next one checks only what is left, and no row is
 * checked twice or lost. The app's own worker is off; the tests start and stop workers here,
 * as two instances of RevDesk over one database would.
 */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let deps: PaymentDeps;
let admin: SignedIn;
const running: JobWorker[] = [];

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
  admin = await signInAs(ctx, 'ADMIN');
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
});

afterAll(async () => {
  await ctx?.close();
});

function startWorker(name: string, concurrency = 4): JobWorker {
  const jobKinds = createJobKinds();
  registerRrrBatchJob(jobKinds, deps, { concurrency });
  const worker = createJobWorker(
    { db: deps.db, jobKinds },
    {
      log: ctx.app.log,
      workerId: name,
      pollMs: 20,
    },
  );
  running.push(worker);
  worker.start();
  return worker;
}

/** Status requests the simulator received for this MDA's merchant. */
function statusRequests(mda: RemitaMda): number {
  return ctx.simulators.remita.requests.filter(
    (r) => r.kind === 'status' && r.merchantId === mda.credentials.merchantId,
  ).length;
}

async function uploadPending(mda: RemitaMda, rows: number): Promise<string> {
  const rrrs = Array.from({ length: rows }, () => simRrr(ctx, mda, '021'));
  const res = await uploadCsv(ctx, admin.bearer, { text: `rrr\n${rrrs.join('\n')}\n` }, mda.id);
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ jobId: string }>().jobId;
}

async function jobRow(jobId: string) {
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!row) throw new Error(`no job ${jobId}`);
  return row;
}

async function checkedAtByLine(jobId: string): Promise<Map<number, number>> {
  const rows = await ctx.db
    .select({ line: rrrCheckRows.lineNumber, checkedAt: rrrCheckRows.checkedAt })
    .from(rrrCheckRows)
    .where(and(eq(rrrCheckRows.jobId, jobId), isNotNull(rrrCheckRows.outcome)))
    .orderBy(asc(rrrCheckRows.lineNumber));
  return new Map(rows.map((r) => [r.line, r.checkedAt?.getTime() ?? 0]));
}

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2_000; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the condition never came true');
}

describe('a batch check resumed by another worker', () => {
  it('a worker stopped part-way gives the job back; the next checks only the rest', async () => {
    const mda = await createRemitaMda(ctx);
    const jobId = await uploadPending(mda, 120);

    const first = startWorker('worker-a', 2);
    await waitUntil(async () => (await jobRow(jobId)).processed >= 30);
    await first.stop();

    const stopped = await jobRow(jobId);
    expect(stopped.status).toBe('running');
    expect(stopped.processed).toBeGreaterThanOrEqual(30);
    expect(stopped.processed).toBeLessThan(120);
    // Given back: no lease for the next worker to wait out.
    expect(stopped.lockedBy).toBeNull();
    const checkedBefore = await checkedAtByLine(jobId);
    expect(checkedBefore.size).toBe(stopped.processed);
    expect(statusRequests(mda)).toBe(stopped.processed);

    // Two more instances start at once: one takes the job, the other finds nothing to do.
    startWorker('worker-b');
    startWorker('worker-c');
    const { job } = await waitForJob(ctx, admin.bearer, jobId);
    expect(job).toMatchObject({ status: 'succeeded', processed: 120, total: 120 });
    expect(job.counts.pending).toBe(120);

    // Each RRR asked of Remita once; the rows checked before the stop untouched.
    expect(statusRequests(mda)).toBe(120);
    const checkedAfter = await checkedAtByLine(jobId);
    expect(checkedAfter.size).toBe(120);
    for (const [line, at] of checkedBefore) expect(checkedAfter.get(line)).toBe(at);
  });

  it('a job whose worker died is resumed once its lease runs out, and not before', async () => {
    const mda = await createRemitaMda(ctx);
    const deadJob = await uploadPending(mda, 50);
    const busyJob = await uploadPending(mda, 5);
    // The dead worker checked lines 2–21 and then vanished, leaving a lease that has run out.
    const longAgo = new Date('2026-01-05T10:00:00Z');
    await ctx.db
      .update(rrrCheckRows)
      .set({ outcome: 'pending', statusCode: '021', message: 'Pending', checkedAt: longAgo })
      .where(and(eq(rrrCheckRows.jobId, deadJob), lte(rrrCheckRows.lineNumber, 21)));
    await ctx.db
      .update(jobs)
      .set({
        status: 'running',
        processed: 20,
        startedAt: longAgo,
        lockedBy: 'worker-that-died',
        lockedUntil: sql`now() - interval '1 minute'`,
      })
      .where(eq(jobs.id, deadJob));
    // Another instance is alive and holds this one.
    await ctx.db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: 'worker-alive-elsewhere',
        lockedUntil: sql`now() + interval '1 hour'`,
      })
      .where(eq(jobs.id, busyJob));

    startWorker('worker-d');
    const { job } = await waitForJob(ctx, admin.bearer, deadJob);
    expect(job).toMatchObject({ status: 'succeeded', processed: 50, total: 50 });
    expect(statusRequests(mda)).toBe(30);
    const checked = await checkedAtByLine(deadJob);
    expect(checked.size).toBe(50);
    for (let line = 2; line <= 21; line += 1) expect(checked.get(line)).toBe(longAgo.getTime());
    expect(new Date(job.startedAt ?? '').getTime()).toBe(longAgo.getTime());

    const busy = await jobRow(busyJob);
    expect(busy).toMatchObject({ processed: 0, lockedBy: 'worker-alive-elsewhere' });
  });

  it('a job that cannot go on ends as failed, with a message for the officer', async () => {
    const mda = await createRemitaMda(ctx);
    const jobId = await uploadPending(mda, 10);
    // Changed by hand in the database: a row with no MDA, which the upload never writes.
    await ctx.db
      .update(rrrCheckRows)
      .set({ mdaId: null })
      .where(and(eq(rrrCheckRows.jobId, jobId), eq(rrrCheckRows.lineNumber, 6)));
    startWorker('worker-e', 1);
    const { job } = await waitForJob(ctx, admin.bearer, jobId);
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(/^The check stopped because of an error on the server\./);
    expect(job.processed).toBe(4);
    expect((await jobRow(jobId)).lockedBy).toBeNull();
    const result = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${jobId}/result.csv`,
      headers: admin.bearer,
    });
    expect(result.statusCode).toBe(200);
  });
});
