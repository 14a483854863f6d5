import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TccStatus } from '../../../../shared/tcc/enums';
import type { TccPage } from '../../../../shared/tcc/views';
import { tccs } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { insertTestTcc, send } from '../testing';

/**
 * The approval queues put the certificate that has waited longest first, by when it reached
 * its stage (docs/architecture.md §5): each stage's pending list with `-waiting`, the printing
 * officer's completed list with `queue` (approved ones waiting to print first). Runs on
 * PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let officer: SignedIn;
let printer: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: false });
  [officer, printer] = await Promise.all([
    signInAs(ctx, 'OFFICER_PAYEE'),
    signInAs(ctx, 'PRINTING_OFFICER'),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/** A PAYE certificate in `status` that reached it `days` ago (generated the same day or later). */
async function waiting(status: TccStatus, days: number, generatedDaysAgo = days) {
  const row = await insertTestTcc(ctx, officer, { kind: 'paye', status });
  await ctx.db
    .update(tccs)
    .set({ statusChangedAt: daysAgo(days), createdAt: daysAgo(generatedDaysAgo) })
    .where(eq(tccs.id, row.id));
  return row.number;
}

async function listed(who: SignedIn, query: string) {
  const res = await send(ctx, who, 'GET', `/api/v1/tcc?kind=paye&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TccPage>().items.map((i) => i.number);
}

describe('the queues, longest waiting first', () => {
  it.each([
    ['pending_director_assessment'],
    ['pending_director_collection'],
    ['pending_chairman'],
  ] as const)('%s: by when each reached the stage, not when it was generated', async (status) => {
    // Generated in the opposite order to their arrival at the stage.
    const recent = await waiting(status, 1, 40);
    const month = await waiting(status, 30, 31);
    const week = await waiting(status, 7, 8);
    expect(await listed(officer, `status=${status}&sort=-waiting`)).toEqual([month, week, recent]);
    // Newest generated first (the lists' default) is another order.
    expect(await listed(officer, `status=${status}`)).toEqual([week, month, recent]);
  });

  it('printing: approved ones waiting to print first, the one approved longest ago at the top', async () => {
    const printedLongAgo = await waiting('printed', 60);
    const approvedRecently = await waiting('approved', 2);
    const approvedLongAgo = await waiting('approved', 20);
    const revoked = await waiting('revoked', 5);
    expect(await listed(printer, 'status=approved,printed,revoked&sort=queue')).toEqual([
      approvedLongAgo,
      approvedRecently,
      printedLongAgo,
      revoked,
    ]);
  });
});
