import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationDay, ReconciliationView } from '../../../../shared/bank/matching';
import { systemActor } from '../../../auth/actor';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { matchStatementLines } from '../matching/service';
import {
  createBankAccount,
  createRevenueHead,
  insertLines,
  insertPaidPayment,
} from '../matching/testing';

/**
 * The reconciliation through the API: a day's figures from its lines and the ledger, the
 * sign-off (once, a note when bank and ledger differ), and a change after it (a reason needed,
 * listed with the sign-off, the signed figures kept). Runs on PostgreSQL too.
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

function reconciliation(who: SignedIn, accountNumber: string, from: string, to: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/bank/reconciliations/${accountNumber}?from=${from}&to=${to}`,
    headers: who.bearer,
  });
}

function signOff(who: SignedIn, accountNumber: string, day: string, payload?: object) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/bank/reconciliations/${accountNumber}/${day}/sign-off`,
    headers: who.bearer,
    ...(payload ? { payload } : {}),
  });
}

describe('the reconciliation of an account’s day', () => {
  it('counts bank and ledger, matched and unmatched each side, and signs the day off', async () => {
    const mda = await createMda(ctx);
    const head = await createRevenueHead(ctx.db, mda.id);
    const account = await createBankAccount(ctx.db, { mdaId: mda.id });
    const day = '2026-02-10';
    // Ledger: one payment matched below, one the bank never shows, one POS (does not count),
    // one of another MDA (does not count).
    await insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo: 100_000, day });
    await insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo: 33_000, day });
    await insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo: 77_000, day, channel: 'pos' });
    await insertPaidPayment(ctx.db, { mdaId: (await createMda(ctx)).id, amountKobo: 55_000, day });
    const ids = await insertLines(ctx.db, account.id, [
      { valueDate: day, amountKobo: 100_000, narration: 'DEPOSIT' },
      { valueDate: day, amountKobo: 250_000, narration: 'TRANSFER', bankReference: 'FTREC0002' },
      { valueDate: day, amountKobo: 9_000, narration: 'REFUND' },
      { valueDate: day, amountKobo: 500, narration: 'CHARGES', direction: 'debit' },
    ]);
    await matchStatementLines(ctx.db, systemActor('system'), account.id, ids);
    await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/bank/statement-lines/${ids[2]}/not-revenue`,
      headers: admin.bearer,
      payload: { reason: 'Refund from the bank' },
    });

    const res = await reconciliation(executive, account.accountNumber, '2026-02-09', '2026-02-10');
    expect(outcomeOf(res), res.body).toBe('200');
    const view = res.json<ReconciliationView>();
    expect(view.days.map((d) => d.day)).toEqual(['2026-02-09', '2026-02-10']);
    expect(view.days[0]).toMatchObject({
      bankCredits: { count: 0 },
      differenceKobo: 0,
      signOff: null,
    });
    const figures = {
      bankCredits: { count: 3, amountKobo: 359_000 },
      notRevenue: { count: 1, amountKobo: 9_000 },
      ledgerPayments: { count: 2, amountKobo: 133_000 },
      matched: { count: 1, amountKobo: 100_000 },
      unmatchedBank: { count: 1, amountKobo: 250_000 },
      unmatchedLedger: { count: 1, amountKobo: 33_000 },
      differenceKobo: 217_000,
    };
    expect(view.days[1]).toMatchObject(figures);
    expect(view.totals).toMatchObject(figures);
    const unheld = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bank/reconciliations/${account.accountNumber}/${day}/unmatched-payments`,
      headers: executive.bearer,
    });
    expect(outcomeOf(unheld), unheld.body).toBe('200');
    expect(unheld.json()).toMatchObject({
      total: 1,
      items: [{ amountKobo: 33_000, channel: 'remita' }],
    });

    expect(outcomeOf(await signOff(executive, account.accountNumber, day, {}))).toBe(
      '403 FORBIDDEN',
    );
    // Bank and ledger differ: a note says why.
    expect(outcomeOf(await signOff(admin, account.accountNumber, day))).toBe(
      '422 VALIDATION_FAILED',
    );
    const signed = await signOff(admin, account.accountNumber, day, {
      note: 'FTREC0002 is a transfer still to be posted',
    });
    expect(outcomeOf(signed), signed.body).toBe('200');
    expect(signed.json<ReconciliationDay>().signOff).toMatchObject({
      signedOffBy: admin.officer.username,
      note: 'FTREC0002 is a transfer still to be posted',
      figures,
      changes: [],
    });
    expect(outcomeOf(await signOff(admin, account.accountNumber, day, { note: 'again' }))).toBe(
      '409 CONFLICT',
    );

    // A change after the sign-off needs a reason, and shows on it.
    const post = (payload: object) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/bank/statement-lines/${ids[1]}/post`,
        headers: admin.bearer,
        payload: { mdaId: mda.id, revenueHeadCode: head, payerName: 'Dayo Ola', ...payload },
      });
    expect(outcomeOf(await post({}))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await post({ reason: 'Payer confirmed the transfer' }))).toBe('201');
    const after = (
      await reconciliation(admin, account.accountNumber, day, day)
    ).json<ReconciliationView>().days[0];
    expect(after).toMatchObject({
      matched: { count: 2, amountKobo: 350_000 },
      unmatchedBank: { count: 0 },
      differenceKobo: -33_000,
    });
    expect(after?.signOff?.figures).toEqual(figures);
    expect(after?.signOff?.changes).toEqual([
      expect.objectContaining({
        lineId: ids[1],
        username: admin.officer.username,
        reason: 'Payer confirmed the transfer',
        what: 'posted: Unmatched → Matched',
      }),
    ]);
  });

  it('signs off an even day without a note; refuses today and an account not configured', async () => {
    const account = await createBankAccount(ctx.db, { mdaId: null });
    const even = await signOff(admin, account.accountNumber, '2026-01-05');
    expect(outcomeOf(even), even.body).toBe('200');
    expect(outcomeOf(await signOff(admin, account.accountNumber, '2999-01-01'))).toBe(
      '422 VALIDATION_FAILED',
    );
    expect(outcomeOf(await signOff(admin, '0000000002', '2026-01-05'))).toBe('404 NOT_FOUND');
  });
});
