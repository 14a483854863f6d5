import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLagos } from '../../../../shared/dates';
import { jobs, payments, posPulls } from '../../../db/schema';
import { createDatabaseFileStore } from '../../../files/store';
import { createIntegrations } from '../../../integrations';
import { createJobKinds } from '../../../jobs/kinds';
import { createJobWorker, type JobWorker } from '../../../jobs/worker';
import { secretBoxFromConfig } from '../../../secrets';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import type { PosDeps } from '../deps';
import { createPosTerminal, randomTerminalId } from '../testing';
import { registerPosPullJob } from './job';
import { queueDuePulls } from './schedule';

/**
 * The pull as a job: the app's own worker is off; the tests start and stop workers here, as
 * instances of RevDesk over one database would, and the provider is the simulator over HTTP.
 */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let deps: PosDeps;
let officer: SignedIn;
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
  officer = await signInAs(ctx, 'OFFICER_BENJIS');
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  ctx.simulators.benjis.down = false;
});

afterAll(async () => {
  await ctx?.close();
});

function startWorker(name: string): JobWorker {
  const jobKinds = createJobKinds();
  registerPosPullJob(jobKinds, deps);
  const worker = createJobWorker(
    { db: ctx.db, jobKinds },
    { log: ctx.app.log, workerId: name, pollMs: 20 },
  );
  running.push(worker);
  worker.start();
  return worker;
}

async function startPull(day: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/pos/pulls',
    headers: officer.bearer,
    payload: { day },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().jobId;
}

async function progress(jobId: string) {
  const res = await ctx.app.inject({ url: `/api/v1/pos/pulls/${jobId}`, headers: officer.bearer });
  return res.json();
}

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 2_000; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the condition never came true');
}

/** A terminal both RevDesk and the provider know, collecting a deterministic day. */
async function sharedTerminal() {
  const terminal = await createPosTerminal(ctx, { terminalId: randomTerminalId() });
  ctx.simulators.benjis.addTerminals([{ terminalId: terminal.terminalId, typicalKobo: 50_000 }]);
  return terminal;
}

async function paymentsOf(terminalId: string) {
  return ctx.db
    .select()
    .from(payments)
    .where(like(payments.sourceReference, `benjis/${terminalId}/%`));
}

describe('pulling a day from the provider', () => {
  it('records what the provider has, once, and a second pull finds only duplicates', async () => {
    const terminal = await sharedTerminal();
    const day = addDays(todayInLagos(), -3);
    const expected = ctx.simulators.benjis.transactionsOf(day);
    startWorker('worker-a');
    const jobId = await startPull(day);
    await waitUntil(async () => (await progress(jobId)).status === 'succeeded');
    const done = await progress(jobId);
    expect(done).toMatchObject({ day, processed: expected.length, total: expected.length });
    const mine = expected.filter((t) => t.terminalId === terminal.terminalId);
    const approvedNotReversed = mine.filter((t) => t.status === 'approved').length;
    const recorded = await paymentsOf(terminal.terminalId);
    expect(recorded).toHaveLength(approvedNotReversed);
    expect(recorded.every((p) => p.arrival === 'pull')).toBe(true);

    const again = await startPull(day);
    await waitUntil(async () => (await progress(again)).status === 'succeeded');
    const second = await progress(again);
    expect(second.outcomes.recorded ?? 0).toBe(0);
    expect(await paymentsOf(terminal.terminalId)).toHaveLength(approvedNotReversed);
  });

  it('fails with the reason when the provider is down, keeping nothing half done', async () => {
    ctx.simulators.benjis.down = true;
    startWorker('worker-b');
    const jobId = await startPull(addDays(todayInLagos(), -4));
    await waitUntil(async () => (await progress(jobId)).status === 'failed');
    expect((await progress(jobId)).error).toMatch(
      /POS provider \(Benjis\) answered with an error \(HTTP 503\)/,
    );
  });

  it('goes on from the page after the last one saved when a worker died mid-pull', async () => {
    const day = addDays(todayInLagos(), -5);
    await sharedTerminal();
    await sharedTerminal();
    const total = ctx.simulators.benjis.transactionsOf(day).length;
    const jobId = await startPull(day);
    // A worker that died after page 1 (of a page size larger than the day: every transaction),
    // before marking the job finished: its lease ran out.
    await ctx.db.update(posPulls).set({ nextPage: 2 }).where(eq(posPulls.jobId, jobId));
    await ctx.db
      .update(jobs)
      .set({
        status: 'running',
        processed: total,
        lockedBy: 'worker-that-died',
        lockedUntil: new Date(Date.now() - 60_000),
      })
      .where(eq(jobs.id, jobId));
    const pullsBefore = ctx.simulators.benjis.pulls.length;
    startWorker('worker-c');
    await waitUntil(async () => (await progress(jobId)).status === 'succeeded');
    // Only page 2 was asked (empty): page 1 is not pulled again.
    expect(ctx.simulators.benjis.pulls.slice(pullsBefore)).toEqual([{ day, page: 2 }]);
    expect((await progress(jobId)).processed).toBe(total);
  });

  it('refuses a day to come or too far back', async () => {
    for (const day of [addDays(todayInLagos(), 1), addDays(todayInLagos(), -93)]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/pos/pulls',
        headers: officer.bearer,
        payload: { day },
      });
      expect(res.statusCode).toBe(422);
    }
  });

  it('queues the daily pull of the last two days once, however many instances look', async () => {
    const now = new Date('2026-06-10T08:00:00Z');
    const looks = await Promise.all([queueDuePulls(ctx.db, now), queueDuePulls(ctx.db, now)]);
    expect(looks.flat().sort()).toEqual(['2026-06-08', '2026-06-09']);
    expect(await queueDuePulls(ctx.db, now)).toEqual([]);
  });
});
