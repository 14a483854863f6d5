import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../auth/actor';
import { auditEvents } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { matchStatementLines } from '../matching/service';
import {
  createBankAccount,
  insertLines,
  insertPaidPayment,
  linesOf,
  uniqueRrr,
} from '../matching/testing';
import { uniqueAccountNumber } from '../statements/testing';

/**
 * "Match again" (docs/bank-matching.md "Matching again"): credits stored unmatched find the
 * payments recorded after the fetch; credits outside the range are left alone; ADMIN only, a
 * range of at most 92 days. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let executive: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, executive] = await Promise.all([signInAs(ctx, 'ADMIN'), signInAs(ctx, 'EXECUTIVE')]);
});

afterAll(async () => {
  await ctx?.close();
});

function rematch(who: SignedIn, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/bank/statement-lines/rematch',
    headers: who.bearer,
    payload,
  });
}

describe('POST /api/v1/bank/statement-lines/rematch', () => {
  it('matches credits stored unmatched to payments recorded after the fetch, and audits it', async () => {
    const mda = await createMda(ctx);
    const account = await createBankAccount(ctx.db, { mdaId: mda.id });
    const rrr = uniqueRrr();
    const ids = await insertLines(ctx.db, account.id, [
      { valueDate: '2026-05-04', amountKobo: 1_234_500, narration: 'CASH DEPOSIT BY OKON' },
      { valueDate: '2026-05-05', amountKobo: 640_000, narration: `REMITA PAYMENT ${rrr}` },
      // Outside the range asked: left as it is, though its payment is recorded too.
      { valueDate: '2026-05-20', amountKobo: 777_700, narration: 'CASH DEPOSIT BY ADA' },
    ]);
    // The fetch matched them when no payment was recorded yet.
    await matchStatementLines(ctx.db, systemActor('system'), account.id, ids);
    expect((await linesOf(ctx.db, ids)).map((l) => l?.state)).toEqual([
      'unmatched',
      'unmatched',
      'unmatched',
    ]);

    // The payments are recorded afterwards.
    const byAmount = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 1_234_500,
      day: '2026-05-03',
    });
    const byRrr = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 640_000,
      day: '2026-05-05',
      rrr,
    });
    await insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo: 777_700, day: '2026-05-20' });

    const res = await rematch(admin, {
      accountNumber: account.accountNumber,
      from: '2026-05-01',
      to: '2026-05-10',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      looked: 2,
      matched: 2,
      ambiguous: 0,
      unmatched: 0,
      notRevenue: 0,
    });
    const [amountLine, rrrLine, outside] = await linesOf(ctx.db, ids);
    expect(amountLine).toMatchObject({
      state: 'matched',
      paymentId: byAmount.id,
      rule: 'amount-and-date',
    });
    expect(rrrLine).toMatchObject({
      state: 'matched',
      paymentId: byRrr.id,
      rule: 'rrr-in-narration',
    });
    expect(outside).toMatchObject({ state: 'unmatched', paymentId: null });

    const audits = await ctx.db
      .select({ action: auditEvents.action, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'bank_account'), eq(auditEvents.entityId, account.id)));
    expect(audits.map((a) => a.action)).toEqual([
      'bank_statement.matched',
      'bank_statement.rematched',
    ]);
    expect(audits[1]?.after).toMatchObject({ from: '2026-05-01', to: '2026-05-10', matched: 2 });

    // Again: nothing open is left in the range, nothing changes.
    const again = await rematch(admin, {
      accountNumber: account.accountNumber,
      from: '2026-05-01',
      to: '2026-05-10',
    });
    expect(again.json()).toMatchObject({ looked: 0, matched: 0 });
  });

  it('is ADMIN’s alone, for a range of at most 92 days of a configured account', async () => {
    const account = await createBankAccount(ctx.db, { mdaId: null });
    const range = { accountNumber: account.accountNumber, from: '2026-05-01', to: '2026-05-10' };
    expect((await rematch(executive, range)).statusCode).toBe(403);
    const long = await rematch(admin, { ...range, to: '2026-08-01' });
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('at most 92 days');
    expect((await rematch(admin, { ...range, to: '2026-04-30' })).statusCode).toBe(422);
    const unknown = await rematch(admin, { ...range, accountNumber: uniqueAccountNumber() });
    expect(unknown.statusCode).toBe(404);
    const quarter = await rematch(admin, { ...range, to: '2026-07-31' });
    expect(quarter.statusCode, quarter.body).toBe(200);
  });
});
