import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, rrrCheckRows } from '../db/schema';
import { createTestContext, type TestContext } from '../testing/context';
import { createOfficer } from '../testing/factories';
import { createJobKinds, type JobRun } from './kinds';
import { insertJob, type JobRow, writeJobRowOutcome } from './queries';
import { notifyJobQueued } from './wake';

/**
 * A job kind registered from outside the worker runs through the app's real worker and
 * database: claimed, its progress counted row by row, its rows' results written once, and the
 * job finished — or failed in the kind's own words when it throws. The worker names no kind
 * (ADR 0030); these kinds exist only in this file.
 */

const ECHO = 'test-echo';
const BROKEN = 'test-broken';
const seen: { jobId: string; workerId: string; startedAt: Date | null }[] = [];

let ctx: TestContext & { close(): Promise<void> };
let officerId: string;

beforeAll(async () => {
  const jobKinds = createJobKinds();
  // The test kind keeps its rows in the RRR batch's table: any table with job_id,
  // line_number and outcome does, and the write-back is the one every kind uses.
  jobKinds.register(ECHO, {
    rowTable: 'rrr_check_rows',
    failedMessage: 'The echo stopped.',
    async run(job: JobRow, run: JobRun) {
      seen.push({ jobId: job.id, workerId: run.workerId, startedAt: job.startedAt });
      const rows = await ctx.db
        .select()
        .from(rrrCheckRows)
        .where(eq(rrrCheckRows.jobId, job.id))
        .orderBy(asc(rrrCheckRows.lineNumber));
      for (const row of rows) {
        if (run.shouldStop()) return 'stopped';
        const key = { jobId: job.id, lineNumber: row.lineNumber, workerId: run.workerId };
        const written = await writeJobRowOutcome(
          ctx.db,
          'rrr_check_rows',
          key,
          sql`outcome = 'paid', message = ${`echo ${row.rrr}`}, checked_at = now()`,
        );
        expect(written).toBe(true);
        // Written once: a second write of the same row (a worker taking over) changes nothing.
        expect(
          await writeJobRowOutcome(ctx.db, 'rrr_check_rows', key, sql`message = 'twice'`),
        ).toBe(false);
      }
      return 'finished';
    },
  });
  jobKinds.register(BROKEN, {
    failedMessage: 'The broken kind stopped: tell the administrator.',
    async run() {
      throw new Error('the test kind fails on purpose');
    },
  });
  expect(() => jobKinds.register(ECHO, { failedMessage: '', run: async () => 'finished' })).toThrow(
    /registered twice/,
  );
  // The worker starts once the app listens (worker.ts).
  ctx = await createTestContext({}, { listen: true, jobKinds });
  officerId = (await createOfficer(ctx, { userType: 'ADMIN' })).id;
});

afterAll(async () => {
  await ctx?.close();
});

async function waitForEnd(jobId: string): Promise<JobRow> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
    if (job && (job.status === 'succeeded' || job.status === 'failed')) return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish: ${job?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a job kind registered with the worker', () => {
  it('is claimed, counts its progress and writes each row once', async () => {
    const job = await insertJob(ctx.db, {
      kind: ECHO,
      fileName: 'echo.csv',
      total: 3,
      createdBy: officerId,
    });
    await ctx.db.insert(rrrCheckRows).values(
      ['111111111111', '222222222222', '333333333333'].map((rrr, i) => ({
        jobId: job.id,
        lineNumber: i + 2,
        rrr,
      })),
    );
    notifyJobQueued(ctx.db);

    const done = await waitForEnd(job.id);
    expect(done).toMatchObject({ status: 'succeeded', processed: 3, total: 3, error: null });
    expect(done.lockedBy).toBeNull();
    expect(done.startedAt).not.toBeNull();
    expect(seen.find((s) => s.jobId === job.id)?.startedAt).not.toBeNull();
    const rows = await ctx.db
      .select({ outcome: rrrCheckRows.outcome, message: rrrCheckRows.message })
      .from(rrrCheckRows)
      .where(eq(rrrCheckRows.jobId, job.id))
      .orderBy(asc(rrrCheckRows.lineNumber));
    expect(rows).toEqual([
      { outcome: 'paid', message: 'echo 111111111111' },
      { outcome: 'paid', message: 'echo 222222222222' },
      { outcome: 'paid', message: 'echo 333333333333' },
    ]);
  });

  it('fails in its own words when its handler throws', async () => {
    const job = await insertJob(ctx.db, { kind: BROKEN, fileName: 'x.csv', total: 0 });
    notifyJobQueued(ctx.db);
    const done = await waitForEnd(job.id);
    expect(done).toMatchObject({
      status: 'failed',
      error: 'The broken kind stopped: tell the administrator.',
    });
  });

  it('leaves a job of a kind nobody registered alone', async () => {
    const job = await insertJob(ctx.db, { kind: 'test-unregistered', fileName: 'y.csv', total: 1 });
    notifyJobQueued(ctx.db);
    const echo = await insertJob(ctx.db, { kind: ECHO, fileName: 'z.csv', total: 0 });
    notifyJobQueued(ctx.db);
    await waitForEnd(echo.id);
    const [still] = await ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(still).toMatchObject({ status: 'queued', lockedBy: null });
  });
});
