import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TccStatus } from '../../../../shared/tcc/enums';
import type { TccNext, TccPage } from '../../../../shared/tcc/views';
import { tccs } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
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
let director: SignedIn;
let assessor: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: false });
  [officer, printer, director, assessor] = await Promise.all([
    signInAs(ctx, 'OFFICER_PAYEE'),
    signInAs(ctx, 'PRINTING_OFFICER'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
    signInAs(ctx, 'ASSESSMENT_OFFICER'),
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

describe('GET /api/v1/tcc/next: what waits next, as the server reads it now', () => {
  /** An exemption certificate (a kind no other test here uses) that reached `status` `days` ago. */
  async function exemption(status: TccStatus, days: number) {
    const row = await insertTestTcc(ctx, assessor, { kind: 'exemption', status });
    await ctx.db
      .update(tccs)
      .set({ statusChangedAt: daysAgo(days) })
      .where(eq(tccs.id, row.id));
    return row;
  }

  async function next(who: SignedIn, query: string) {
    const res = await send(ctx, who, 'GET', `/api/v1/tcc/next?kind=exemption&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TccNext>().next?.number ?? null;
  }

  it('a stage: the longest waiting, past the one just decided; right after the queue changed', async () => {
    const month = await exemption('pending_director_assessment', 90);
    const week = await exemption('pending_director_assessment', 60);
    await exemption('pending_director_collection', 120); // another stage's queue
    expect(await next(director, 'queue=director_assessment')).toBe(month.number);
    expect(await next(director, `queue=director_assessment&after=${month.id}`)).toBe(week.number);

    // Another director decided the first meanwhile: the page's old list would still offer it.
    await ctx.db
      .update(tccs)
      .set({ status: 'pending_director_collection' })
      .where(eq(tccs.id, month.id));
    expect(await next(director, 'queue=director_assessment')).toBe(week.number);
    // One that arrived meanwhile and waited longer (moved back from a stage) goes first.
    const older = await exemption('pending_director_assessment', 100);
    expect(await next(director, `queue=director_assessment&after=${week.id}`)).toBe(older.number);
  });

  it('printing: the approved one approved longest ago; none left is null', async () => {
    const first = await exemption('approved', 80);
    await exemption('printed', 200);
    expect(await next(printer, 'queue=print')).toBe(first.number);
    expect(await next(printer, `queue=print&after=${first.id}`)).toBeNull();
  });

  it('401, 403 for a queue that is not the caller’s, 422 for an unknown queue', async () => {
    const url = '/api/v1/tcc/next?kind=exemption&queue=director_assessment';
    expect((await send(ctx, null, 'GET', url)).statusCode).toBe(401);
    expect(outcomeOf(await send(ctx, printer, 'GET', url))).toBe('403 FORBIDDEN');
    expect(
      outcomeOf(await send(ctx, director, 'GET', '/api/v1/tcc/next?kind=exemption&queue=print')),
    ).toBe('403 FORBIDDEN');
    expect(
      outcomeOf(await send(ctx, director, 'GET', '/api/v1/tcc/next?kind=paye&queue=sideways')),
    ).toBe('422 VALIDATION_FAILED');
  });
});
