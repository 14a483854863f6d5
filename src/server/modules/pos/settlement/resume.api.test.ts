import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, posSettlementRows } from '../../../db/schema';
import { createJobKinds } from '../../../jobs/kinds';
import { createJobWorker, type JobWorker } from '../../../jobs/worker';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { createPosWorld, insertPosTransaction, type PosWorld } from '../transactions/testing';
import { registerPosSettlementJob } from './job';
import { insertNotInFileRows } from './queries';
import { settlementCsv, uploadSettlement, waitForSettlement } from './testing';

/**
 * A settlement check whose worker died part-way is finished by the next worker: the rows the
 * dead one compared keep their outcome, the others are compared once, and RevDesk's rows
 * missing from the file are added once however often the last step runs. The app's own worker
 * is off; the test starts one, as another instance of RevDesk over the same database would.
 */

let ctx: TestContext & { close(): Promise<void> };
let officer: SignedIn;
let world: PosWorld;
const running: JobWorker[] = [];
const ids: string[] = [];
const DAY = '2026-05-06';

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: false });
  officer = await signInAs(ctx, 'OFFICER_BENJIS');
  world = await createPosWorld(ctx);
  for (const [stan, time] of [
    ['000001', '08:00:00'],
    ['000002', '09:00:00'],
    ['000003', '10:00:00'],
  ] as const) {
    const inserted = await insertPosTransaction(ctx, world, {
      stan,
      amountKobo: 50_000,
      transactedAt: new Date(`${DAY}T${time}+01:00`),
    });
    ids.push(inserted.id);
  }
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
});

afterAll(async () => {
  await ctx?.close();
});

describe('a settlement check resumed by another worker', () => {
  it('keeps what the dead worker did and finishes the rest once', async () => {
    const text = settlementCsv(
      ['000001', '000002', '000099'].map((stan) => ({
        terminalId: world.terminalId,
        stan,
        rrn: `5555${stan}00`,
        amount: '500',
        time: `${DAY} 12:00`,
      })),
    );
    const res = await uploadSettlement(ctx, officer.bearer, { text });
    expect(res.statusCode, res.body).toBe(202);
    const { jobId } = res.json<{ jobId: string }>();

    // The dead worker compared line 2, then died holding a lease that has run out.
    const longAgo = new Date('2026-05-06T12:00:00Z');
    await ctx.db
      .update(posSettlementRows)
      .set({
        outcome: 'matched',
        message: 'by the dead worker',
        transactionId: ids[0],
        revdeskAmountKobo: 50_000,
        processedAt: longAgo,
      })
      .where(and(eq(posSettlementRows.jobId, jobId), eq(posSettlementRows.lineNumber, 2)));
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

    const jobKinds = createJobKinds();
    registerPosSettlementJob(jobKinds, { db: ctx.db });
    const worker = createJobWorker(
      { db: ctx.db, jobKinds },
      { log: ctx.app.log, workerId: 'worker-b', pollMs: 20 },
    );
    running.push(worker);
    worker.start();
    const done = await waitForSettlement(ctx, officer.bearer, jobId);
    expect(done).toMatchObject({
      status: 'succeeded',
      total: 3,
      done: 3,
      counts: { matched: 2, amountDiffers: 0, notInRevdesk: 1, notInFile: 1 },
    });
    const [line2] = await ctx.db
      .select()
      .from(posSettlementRows)
      .where(and(eq(posSettlementRows.jobId, jobId), eq(posSettlementRows.lineNumber, 2)));
    expect(line2).toMatchObject({ message: 'by the dead worker', processedAt: longAgo });

    // The last step run again (a worker that died after it): nothing is added twice.
    expect(await insertNotInFileRows(ctx.db, jobId)).toBe(0);
    const missing = await ctx.db
      .select()
      .from(posSettlementRows)
      .where(and(eq(posSettlementRows.jobId, jobId), eq(posSettlementRows.inFile, false)));
    expect(missing.map((r) => [r.lineNumber, r.stan])).toEqual([[5, '000003']]);
  });
});
