import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReconciliationView, UnmatchedPaymentList } from '../../../../shared/bank/matching';
import { systemActor } from '../../../auth/actor';
import { bankAccounts } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { matchStatementLines } from '../matching/service';
import { createBankAccount, insertLines, insertPaidPayment } from '../matching/testing';

/**
 * Which account's reconciliation expects a ledger payment no credit holds (docs/bank-matching.md
 * "Reconciliation"): an MDA with two accounts shows it once, on its first account; a general
 * account expects those of MDAs without an active account of their own. A file of its own: the
 * general accounts' rule reads every MDA, so no other test's MDAs may share its days.
 * Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let executive: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  executive = await signInAs(ctx, 'EXECUTIVE');
});

afterAll(async () => {
  await ctx?.close();
});

async function dayOf(accountNumber: string, day: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/bank/reconciliations/${accountNumber}?from=${day}&to=${day}`,
    headers: executive.bearer,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [day0] = res.json<ReconciliationView>().days;
  if (!day0) throw new Error('no day');
  return day0;
}

async function unheldOf(accountNumber: string, day: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/bank/reconciliations/${accountNumber}/${day}/unmatched-payments`,
    headers: executive.bearer,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UnmatchedPaymentList>();
}

describe('the ledger side of an account’s day', () => {
  it('an MDA with two accounts: a matched payment counts on the account that matched it, an unheld one once, on the first account', async () => {
    const mda = await createMda(ctx);
    const first = await createBankAccount(ctx.db, { mdaId: mda.id });
    const second = await createBankAccount(ctx.db, { mdaId: mda.id });
    const day = '2026-01-12';
    const paidIntoSecond = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 410_000,
      day,
    });
    await insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo: 27_000, day });
    const ids = await insertLines(ctx.db, second.id, [
      { valueDate: day, amountKobo: 410_000, narration: 'TRANSFER' },
    ]);
    await matchStatementLines(ctx.db, systemActor('system'), second.id, ids);

    // The second account matched the 4,100 payment: its ledger side, nothing more.
    expect(await dayOf(second.accountNumber, day)).toMatchObject({
      ledgerPayments: { count: 1, amountKobo: 410_000 },
      matched: { count: 1, amountKobo: 410_000 },
      unmatchedLedger: { count: 0, amountKobo: 0 },
      differenceKobo: 0,
    });
    expect((await unheldOf(second.accountNumber, day)).total).toBe(0);
    // The first account expects the payment no credit holds, and not the one the second holds.
    expect(await dayOf(first.accountNumber, day)).toMatchObject({
      ledgerPayments: { count: 1, amountKobo: 27_000 },
      unmatchedLedger: { count: 1, amountKobo: 27_000 },
      differenceKobo: -27_000,
    });
    const unheld = await unheldOf(first.accountNumber, day);
    expect(unheld.items.map((p) => p.amountKobo)).toEqual([27_000]);
    expect(unheld.items.map((p) => p.id)).not.toContain(paidIntoSecond.id);

    // The first account deactivated: the second, active, expects them from then on.
    await ctx.db.update(bankAccounts).set({ isActive: false }).where(eq(bankAccounts.id, first.id));
    expect((await dayOf(second.accountNumber, day)).unmatchedLedger).toEqual({
      count: 1,
      amountKobo: 27_000,
    });
    expect((await dayOf(first.accountNumber, day)).unmatchedLedger.count).toBe(0);
  });

  it('a general account expects the unheld payments of MDAs with no active account, once', async () => {
    const day = '2026-01-19';
    const general = await createBankAccount(ctx.db, { mdaId: null });
    const laterGeneral = await createBankAccount(ctx.db, { mdaId: null });
    const withoutAccount = await createMda(ctx);
    const withAccount = await createMda(ctx);
    await createBankAccount(ctx.db, { mdaId: withAccount.id });
    await insertPaidPayment(ctx.db, { mdaId: withoutAccount.id, amountKobo: 61_000, day });
    await insertPaidPayment(ctx.db, { mdaId: withAccount.id, amountKobo: 88_000, day });
    await insertPaidPayment(ctx.db, {
      mdaId: withoutAccount.id,
      amountKobo: 5_000,
      day,
      channel: 'pos',
    });

    // The first general account created (this file's first) expects the 610; not the MDA
    // with its own account, not POS (settled by the provider in lumps).
    expect(await dayOf(general.accountNumber, day)).toMatchObject({
      ledgerPayments: { count: 1, amountKobo: 61_000 },
      unmatchedLedger: { count: 1, amountKobo: 61_000 },
    });
    expect((await unheldOf(general.accountNumber, day)).items.map((p) => p.amountKobo)).toEqual([
      61_000,
    ]);
    // The second general account expects none of them: each shows once.
    expect((await dayOf(laterGeneral.accountNumber, day)).ledgerPayments.count).toBe(0);
    expect((await unheldOf(laterGeneral.accountNumber, day)).total).toBe(0);
  });
});
