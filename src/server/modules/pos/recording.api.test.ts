import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../auth/actor';
import { auditEvents, payments, posTransactions } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { createMda } from '../../testing/factories';
import { createLedger } from '../payments/ledger/ledger';
import { createRevenueHead } from '../payments/testing';
import { type PosRecordingDeps, type PosTransactionInput, recordPosTransaction } from './recording';
import { createPosTerminal, randomRrn, randomStan, randomTerminalId } from './testing';

let ctx: TestContext & { close(): Promise<void> };
let deps: PosRecordingDeps;
const actor = { ...systemActor('system'), username: 'benjis' };

beforeAll(async () => {
  ctx = await createTestContext();
  deps = {
    ledger: createLedger({ receiptPrefix: ctx.config.receiptPrefix, settlements: ctx.settlements }),
  };
});

afterAll(async () => {
  await ctx?.close();
});

function txn(
  terminalId: string,
  overrides: Partial<PosTransactionInput> = {},
): PosTransactionInput {
  return {
    provider: 'benjis',
    terminalId,
    stan: randomStan(),
    rrn: randomRrn(),
    amountKobo: 50_000,
    transactedAt: new Date('2026-11-20T09:30:00Z'),
    payerName: 'Tamara Ebi',
    payerPhone: '+2348035550000',
    status: 'approved',
    ...overrides,
  };
}

function record(input: PosTransactionInput, arrival: 'push' | 'pull' | 'file' = 'push') {
  return ctx.db.transaction((tx) => recordPosTransaction(tx, deps, actor, input, arrival));
}

async function paymentOf(id: string) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  return row;
}

async function transactionOf(id: string) {
  const [row] = await ctx.db.select().from(posTransactions).where(eq(posTransactions.id, id));
  return row;
}

async function auditsOf(action: string, entityId: string) {
  return ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));
}

describe('recording a POS transaction', () => {
  it('records an approved transaction from an active terminal once, under its MDA and default head', async () => {
    const mda = await createMda(ctx);
    await createRevenueHead(ctx, mda.id, { code: '12020401', name: 'Market levy' });
    const terminal = await createPosTerminal(ctx, { mdaId: mda.id, revenueHeadCode: '12020401' });
    const input = txn(terminal.terminalId);
    const first = await record(input);
    expect(first.outcome).toBe('recorded');
    const payment = await paymentOf(first.paymentId as string);
    expect(payment).toMatchObject({
      channel: 'pos',
      status: 'paid',
      arrival: 'push',
      mdaId: mda.id,
      revenueHeadCode: '12020401',
      amountKobo: 50_000,
      sourceReference: `benjis/${terminal.terminalId}/${input.stan}/2026-11-20`,
      payerName: 'Tamara Ebi',
    });
    expect(payment?.receiptNumber).toBeTruthy();
    const row = await transactionOf(first.transactionId as string);
    expect(row).toMatchObject({
      state: 'recorded',
      agentId: terminal.agentId,
      mdaId: mda.id,
      paymentId: payment?.id,
      transactionDay: '2026-11-20',
    });
    expect(await auditsOf('pos_transaction.recorded', row?.id as string)).toHaveLength(1);

    const again = await record(input, 'pull');
    expect(again).toMatchObject({
      outcome: 'duplicate',
      transactionId: first.transactionId,
      paymentId: first.paymentId,
    });
  });

  it('names the revenue head the transaction carries when its MDA has it, else the terminal default', async () => {
    const mda = await createMda(ctx);
    await createRevenueHead(ctx, mda.id, { code: '12020401', name: 'Market levy' });
    await createRevenueHead(ctx, mda.id, { code: '12020402', name: 'Motor park ticket' });
    const terminal = await createPosTerminal(ctx, { mdaId: mda.id, revenueHeadCode: '12020401' });
    const named = await record(txn(terminal.terminalId, { revenueHeadCode: '12020402' }));
    expect((await paymentOf(named.paymentId as string))?.revenueHeadCode).toBe('12020402');
    const foreign = await record(txn(terminal.terminalId, { revenueHeadCode: '99999999' }));
    expect((await paymentOf(foreign.paymentId as string))?.revenueHeadCode).toBe('12020401');
  });

  it('a day is the Lagos day: 23:30 UTC on the 20th is the 21st in Lagos', async () => {
    const terminal = await createPosTerminal(ctx);
    const input = txn(terminal.terminalId, { transactedAt: new Date('2026-11-20T23:30:00Z') });
    const result = await record(input);
    expect((await paymentOf(result.paymentId as string))?.sourceReference).toBe(
      `benjis/${terminal.terminalId}/${input.stan}/2026-11-21`,
    );
  });

  it('holds a transaction from an unknown or a deactivated terminal: kept, no payment', async () => {
    const unknown = await record(txn(randomTerminalId()));
    expect(unknown.outcome).toBe('held');
    expect(unknown.paymentId).toBeUndefined();
    expect(await transactionOf(unknown.transactionId as string)).toMatchObject({
      state: 'held',
      paymentId: null,
    });
    expect(await auditsOf('pos_transaction.held', unknown.transactionId as string)).toHaveLength(1);

    const inactive = await createPosTerminal(ctx, { isActive: false });
    const held = await record(txn(inactive.terminalId));
    expect(held.outcome).toBe('held');
    expect((await transactionOf(held.transactionId as string))?.reviewNote).toMatch(/deactivated/);
  });

  it('keeps a declined transaction, never revenue', async () => {
    const terminal = await createPosTerminal(ctx);
    const declined = await record(txn(terminal.terminalId, { status: 'declined' }));
    expect(declined.outcome).toBe('declined');
    expect(await transactionOf(declined.transactionId as string)).toMatchObject({
      state: 'declined',
      paymentId: null,
      mdaId: terminal.mdaId,
    });
  });

  it('reverses the payment a reversal names by terminal, STAN and day, once', async () => {
    const terminal = await createPosTerminal(ctx);
    const input = txn(terminal.terminalId);
    const recorded = await record(input);
    const reversal = { ...input, status: 'reversed' as const };
    const result = await record(reversal);
    expect(result).toMatchObject({
      outcome: 'reversed',
      transactionId: recorded.transactionId,
      paymentId: recorded.paymentId,
    });
    expect((await paymentOf(recorded.paymentId as string))?.status).toBe('reversed');
    expect((await transactionOf(recorded.transactionId as string))?.state).toBe('reversed');
    expect(await auditsOf('payment.reversed', recorded.paymentId as string)).toHaveLength(1);
    expect(
      await auditsOf('pos_transaction.reversed', recorded.transactionId as string),
    ).toHaveLength(1);
    expect((await record(reversal)).outcome).toBe('duplicate');
  });

  it('reverses the payment a reversal names by RRN (its own STAN)', async () => {
    const terminal = await createPosTerminal(ctx);
    const input = txn(terminal.terminalId);
    const recorded = await record(input);
    const reversal = txn(terminal.terminalId, { rrn: input.rrn, status: 'reversed' });
    expect(await record(reversal)).toMatchObject({
      outcome: 'reversed',
      paymentId: recorded.paymentId,
    });
    expect((await paymentOf(recorded.paymentId as string))?.status).toBe('reversed');
    expect((await record(reversal)).outcome).toBe('duplicate');
  });

  it('holds a reversal naming nothing known, and applies it when its original arrives', async () => {
    const terminal = await createPosTerminal(ctx);
    const original = txn(terminal.terminalId);
    const early = await record(txn(terminal.terminalId, { rrn: original.rrn, status: 'reversed' }));
    expect(early.outcome).toBe('held');
    expect(early.paymentId).toBeUndefined();
    const late = await record(original);
    expect(late.outcome).toBe('reversed');
    expect((await paymentOf(late.paymentId as string))?.status).toBe('reversed');
    expect((await transactionOf(early.transactionId as string))?.state).toBe('rejected');
  });

  it('refuses a reversal of a declined transaction: nothing to reverse', async () => {
    const terminal = await createPosTerminal(ctx);
    const input = txn(terminal.terminalId, { status: 'declined' });
    await record(input);
    const result = await record({ ...input, status: 'reversed' });
    expect(result.outcome).toBe('refused');
  });

  it('records one transaction arriving 20 times at once once', async () => {
    const terminal = await createPosTerminal(ctx);
    const input = txn(terminal.terminalId);
    const results = await Promise.all(Array.from({ length: 20 }, () => record(input)));
    expect(results.filter((r) => r.outcome === 'recorded')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'duplicate')).toHaveLength(19);
    expect(new Set(results.map((r) => r.paymentId)).size).toBe(1);
  });
});
