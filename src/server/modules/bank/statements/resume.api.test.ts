import { and, eq, lte } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bankStatementFetchDays, bankStatementLines, jobs } from '../../../db/schema';
import { createIntegrations } from '../../../integrations';
import { createJobKinds } from '../../../jobs/kinds';
import { createJobWorker, type JobWorker } from '../../../jobs/worker';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { matchStatementLines } from '../matching/service';
import { registerStatementFetchJob } from './job';
import { insertStatementLines } from './queries';
import { createCollectionAccount, waitForFetch } from './testing';

/**
 * A statement fetch whose worker stops or dies part-way: the next worker fetches only the days
 * left, and every line is stored once. The app's own worker is off; the tests start and stop
 * workers here, as two instances of RevDesk over one database would.
 */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let admin: SignedIn;
const running: JobWorker[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true, runJobs: false });
  admin = await signInAs(ctx, 'ADMIN');
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  ctx.simulators.fidelity.delayMs = 0;
});

afterAll(async () => {
  await ctx?.close();
});

function startWorker(name: string): JobWorker {
  const jobKinds = createJobKinds();
  const integrations = createIntegrations(ctx.config, () => ctx.baseUrl as string);
  registerStatementFetchJob(jobKinds, {
    db: ctx.db,
    fidelity: integrations.fidelity,
    matchStatementLines,
  });
  const worker = createJobWorker(
    { db: ctx.db, jobKinds },
    { log: ctx.app.log, workerId: name, pollMs: 20 },
  );
  running.push(worker);
  worker.start();
  return worker;
}

async function queue(accountNumber: string, from: string, to: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bank/statements/fetch',
    headers: admin.bearer,
    payload: { accountNumber, from, to },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json<{ jobId: string }>().jobId;
}

async function jobRow(jobId: string) {
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, jobId));
  if (!row) throw new Error(`no job ${jobId}`);
  return row;
}

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2_000; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the condition never came true');
}

describe('a statement fetch resumed by another worker', () => {
  it('a worker stopped part-way gives the job back; the next fetches only the rest', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer, { linesPerDay: 8 });
    const jobId = await queue(account.accountNumber, '2026-10-01', '2026-10-20');
    ctx.simulators.fidelity.delayMs = 30;
    const first = startWorker('worker-a');
    await waitUntil(async () => (await jobRow(jobId)).processed >= 4);
    await first.stop();
    const stopped = await jobRow(jobId);
    expect(stopped.status).toBe('running');
    expect(stopped.lockedBy).toBeNull();
    expect(stopped.processed).toBeLessThan(20);
    const asked = ctx.simulators.fidelity.requests.filter(
      (r) => r.accountNumber === account.accountNumber,
    ).length;
    expect(asked).toBe(stopped.processed);

    startWorker('worker-b');
    startWorker('worker-c');
    const view = await waitForFetch(ctx, admin.bearer, jobId);
    expect(view).toMatchObject({ status: 'succeeded', processed: 20, total: 20, stored: 160 });
    // Each day asked of the bank once, whoever fetched it.
    expect(
      ctx.simulators.fidelity.requests.filter((r) => r.accountNumber === account.accountNumber),
    ).toHaveLength(20);
    const lines = await ctx.db
      .select({ id: bankStatementLines.id })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.accountId, account.id));
    expect(lines).toHaveLength(160);
  });

  it('a job whose worker died mid-day is resumed once its lease runs out; the day is stored once', async () => {
    const account = await createCollectionAccount(ctx, admin.bearer, { linesPerDay: 8 });
    const jobId = await queue(account.accountNumber, '2026-09-01', '2026-09-06');
    // The dead worker fetched days 1–3 and had stored half of day 4's lines (their batches
    // committed) when it died, before the day's outcome.
    await ctx.db
      .update(bankStatementFetchDays)
      .set({ outcome: 'fetched', lines: 8, stored: 8, fetchedAt: new Date('2026-09-07T10:00:00Z') })
      .where(
        and(eq(bankStatementFetchDays.jobId, jobId), lte(bankStatementFetchDays.lineNumber, 3)),
      );
    const sim = ctx.simulators.fidelity.statementBetween(
      account.accountNumber,
      '2026-09-01',
      '2026-09-04',
    );
    const toLine = (l: (typeof sim)[number]) => ({
      bankReference: l.tranId,
      valueDate: l.valueDate,
      postedAt: null,
      direction: l.tranType === 'C' ? ('credit' as const) : ('debit' as const),
      amountKobo: l.amountKobo,
      narration: l.narration,
    });
    await insertStatementLines(
      ctx.db,
      account.id,
      jobId,
      [...sim.slice(0, 24), ...sim.slice(24, 28)].map(toLine),
    );
    await ctx.db
      .update(jobs)
      .set({
        status: 'running',
        processed: 3,
        startedAt: new Date('2026-09-07T10:00:00Z'),
        lockedBy: 'worker-that-died',
        lockedUntil: new Date(Date.now() + 60_000),
      })
      .where(eq(jobs.id, jobId));

    startWorker('worker-d');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Its lease has not run out: nobody takes the job.
    expect((await jobRow(jobId)).lockedBy).toBe('worker-that-died');
    expect(
      ctx.simulators.fidelity.requests.filter((r) => r.accountNumber === account.accountNumber),
    ).toHaveLength(0);

    await ctx.db
      .update(jobs)
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(jobs.id, jobId));
    const view = await waitForFetch(ctx, admin.bearer, jobId);
    // Days 4–6 asked again; day 4's four lines held already are not stored twice, and count as
    // this fetch's (the dead worker stored them for it).
    expect(view).toMatchObject({ status: 'succeeded', processed: 6, total: 6, stored: 48 });
    expect(
      ctx.simulators.fidelity.requests.filter((r) => r.accountNumber === account.accountNumber),
    ).toHaveLength(3);
    const lines = await ctx.db
      .select({ id: bankStatementLines.id })
      .from(bankStatementLines)
      .where(eq(bankStatementLines.accountId, account.id));
    expect(lines).toHaveLength(48);
  });
});
