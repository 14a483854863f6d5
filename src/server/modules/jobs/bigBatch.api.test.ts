import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRemitaMda } from '../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../testing/context';
import { signInAs } from '../../testing/factories';
import { csvCells, simRrr, uploadCsv, waitForJob } from './testing';

/**
 * DESIGN.md §9: a 10,000-row RRR CSV is checked with a progress bar and a downloadable result.
 * The time it takes is printed for the record, never asserted (no timed assertions).
 */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
});

afterAll(async () => {
  await ctx?.close();
});

it('a file of 10,000 RRRs is checked to the end', { timeout: 600_000 }, async () => {
  const admin = await signInAs(ctx, 'ADMIN');
  const mda = await createRemitaMda(ctx);
  // Mostly unpaid bills, with some paid (recorded in the ledger) and some failed, as a month's file.
  const rrrs = Array.from({ length: 10_000 }, (_, i) =>
    simRrr(ctx, mda, i % 50 === 0 ? '00' : i % 17 === 0 ? '02' : '021'),
  );
  const started = performance.now();
  const res = await uploadCsv(ctx, admin.bearer, { text: `rrr\n${rrrs.join('\n')}\n` }, mda.id);
  expect(res.statusCode, res.body).toBe(202);
  const accepted = performance.now();
  const { job, seen } = await waitForJob(ctx, admin.bearer, res.json().jobId, {
    intervalMs: 1_000,
    maxPolls: 600,
  });
  const finished = performance.now();
  expect(job).toMatchObject({ status: 'succeeded', total: 10_000, processed: 10_000 });
  expect(job.counts).toMatchObject({ paid: 200, invalid: 0, error: 0 });
  expect(job.counts.failed + job.counts.pending).toBe(9_800);
  expect(seen.some((j) => j.processed > 0 && j.processed < 10_000)).toBe(true);

  const csv = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/jobs/${job.id}/result.csv`,
    headers: admin.bearer,
  });
  expect(csv.statusCode).toBe(200);
  expect(csvCells(csv.body)).toHaveLength(10_001);
  process.stdout.write(
    `10,000-row batch on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: upload ${Math.round(accepted - started)} ms, check ${((finished - accepted) / 1000).toFixed(1)} s, result.csv ${csv.rawPayload.length} bytes\n`,
  );
});
