import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../auth/actor';
import { auditEvents, bankStatementLines } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda } from '../../../testing/factories';
import { matchStatementLines } from './service';
import { createBankAccount, insertLines, insertPaidPayment, linesOf, uniqueRrr } from './testing';

/**
 * The matcher on stored lines: each rule written back with its payment, a split, a reversal
 * that gives its payment back, lines an officer decided left alone, and batches audited. Runs on
 * PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
const actor = systemActor('system');

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('matchStatementLines', () => {
  it('writes each rule’s match, the ambiguous candidates and the unmatched, and audits it', async () => {
    const mda = await createMda(ctx);
    const account = await createBankAccount(ctx.db, { mdaId: mda.id });
    const rrr = uniqueRrr();
    const byRrr = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 700_000,
      day: '2026-03-02',
      rrr,
    });
    const byReceipt = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 800_000,
      day: '2026-03-02',
    });
    const byAmount = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 912_345,
      day: '2026-03-01',
    });
    const twinA = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 250_000,
      day: '2026-03-02',
    });
    const twinB = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 250_000,
      day: '2026-03-03',
    });
    const ids = await insertLines(ctx.db, account.id, [
      {
        valueDate: '2026-03-03',
        amountKobo: 700_000,
        narration: `REMITA ${rrr.slice(0, 4)}-${rrr.slice(4, 8)}-${rrr.slice(8)}`,
      },
      {
        valueDate: '2026-03-03',
        amountKobo: 800_000,
        narration: `TRF ${byReceipt.receiptNumber} ADA`,
      },
      { valueDate: '2026-03-03', amountKobo: 912_345, narration: 'CASH DEPOSIT BY ADA' },
      { valueDate: '2026-03-03', amountKobo: 250_000, narration: 'CASH DEPOSIT' },
      { valueDate: '2026-03-03', amountKobo: 1_111, narration: 'NIP TRANSFER' },
      { valueDate: '2026-03-03', amountKobo: 5_000, narration: 'SMS CHARGES', direction: 'debit' },
    ]);
    await matchStatementLines(ctx.db, actor, account.id, ids);
    const [rrrLine, receiptLine, amountLine, twinLine, noneLine, debitLine] = await linesOf(
      ctx.db,
      ids,
    );
    expect(rrrLine).toMatchObject({
      state: 'matched',
      paymentId: byRrr.id,
      rule: 'rrr-in-narration',
    });
    expect(receiptLine).toMatchObject({
      state: 'matched',
      paymentId: byReceipt.id,
      rule: 'receipt-in-narration',
    });
    expect(amountLine).toMatchObject({
      state: 'matched',
      paymentId: byAmount.id,
      rule: 'amount-and-date',
    });
    expect(twinLine?.state).toBe('ambiguous');
    expect(new Set(twinLine?.candidatePaymentIds)).toEqual(new Set([twinA.id, twinB.id]));
    expect(noneLine).toMatchObject({ state: 'unmatched', paymentId: null, rule: null });
    expect(debitLine).toMatchObject({ state: null, rule: null });
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, account.id));
    expect(audits.map((a) => a.action)).toEqual(['bank_statement.matched']);

    // Run again: nothing changes, nothing more audited.
    await matchStatementLines(ctx.db, actor, account.id, ids);
    expect(
      await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, account.id)),
    ).toHaveLength(1);
  });

  it('matches a split credit, and a reversal fetched later gives its payment back', async () => {
    const mda = await createMda(ctx);
    const account = await createBankAccount(ctx.db, { mdaId: mda.id });
    const rrr = uniqueRrr();
    const split = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 1_000_000,
      day: '2026-03-02',
      rrr,
    });
    const [partA, partB] = await insertLines(ctx.db, account.id, [
      { valueDate: '2026-03-03', amountKobo: 600_000, narration: `RRR ${rrr} 1/2` },
      { valueDate: '2026-03-03', amountKobo: 400_000, narration: `RRR ${rrr} 2/2` },
    ]);
    // The parts come in separate calls, as two pages of a fetch would.
    await matchStatementLines(ctx.db, actor, account.id, [partA as string]);
    await matchStatementLines(ctx.db, actor, account.id, [partB as string]);
    expect(
      (await linesOf(ctx.db, [partA as string, partB as string])).map((l) => [
        l?.state,
        l?.rule,
        l?.paymentId,
      ]),
    ).toEqual([
      ['matched', 'split', split.id],
      ['matched', 'split', split.id],
    ]);

    const paid = await insertPaidPayment(ctx.db, {
      mdaId: mda.id,
      amountKobo: 333_300,
      day: '2026-03-04',
    });
    const [credit] = await insertLines(ctx.db, account.id, [
      {
        valueDate: '2026-03-04',
        amountKobo: 333_300,
        narration: 'CASH DEPOSIT',
        bankReference: `FTREV${uniqueRrr()}`,
      },
    ]);
    await matchStatementLines(ctx.db, actor, account.id, [credit as string]);
    const [before] = await linesOf(ctx.db, [credit as string]);
    expect(before).toMatchObject({ state: 'matched', paymentId: paid.id });
    const [reversal] = await insertLines(ctx.db, account.id, [
      {
        valueDate: '2026-03-05',
        amountKobo: 333_300,
        narration: `REVERSAL ${before?.bankReference}`,
        direction: 'debit',
      },
    ]);
    await matchStatementLines(ctx.db, actor, account.id, [reversal as string]);
    const [after, debit] = await linesOf(ctx.db, [credit as string, reversal as string]);
    expect(after).toMatchObject({ state: 'not-revenue', rule: 'reversed', paymentId: null });
    expect(after?.stateReason).toContain('Reversed by the bank on 2026-03-05');
    expect(debit).toMatchObject({ rule: 'reversal' });
  });

  it('leaves lines an officer decided and lines of other accounts', async () => {
    const mda = await createMda(ctx);
    const account = await createBankAccount(ctx.db, { mdaId: mda.id });
    const other = await createBankAccount(ctx.db, { mdaId: mda.id });
    await insertPaidPayment(ctx.db, { mdaId: mda.id, amountKobo: 444_400, day: '2026-03-02' });
    const [decided] = await insertLines(ctx.db, account.id, [
      { valueDate: '2026-03-02', amountKobo: 444_400, narration: 'DEPOSIT' },
    ]);
    const [elsewhere] = await insertLines(ctx.db, other.id, [
      { valueDate: '2026-03-02', amountKobo: 444_400, narration: 'DEPOSIT' },
    ]);
    await ctx.db
      .update(bankStatementLines)
      .set({ state: 'not-revenue', stateReason: 'A refund', decidedAt: new Date() })
      .where(eq(bankStatementLines.id, decided as string));
    await matchStatementLines(ctx.db, actor, account.id, [decided as string, elsewhere as string]);
    const [a, b] = await linesOf(ctx.db, [decided as string, elsewhere as string]);
    expect(a).toMatchObject({ state: 'not-revenue', stateReason: 'A refund' });
    expect(b).toMatchObject({ state: 'unmatched' });
  });
});
