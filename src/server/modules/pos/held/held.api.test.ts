import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../auth/actor';
import { auditEvents, payments, posTransactions } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../../testing/factories';
import { createLedger } from '../../payments/ledger/ledger';
import { createRevenueHead } from '../../payments/testing';
import { recordPosTransaction } from '../recording';
import { createPosTerminal, randomRrn, randomStan, randomTerminalId } from '../testing';

let ctx: TestContext & { close(): Promise<void> };
let reviewer: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  reviewer = await signInAs(ctx, 'OFFICER_BENJIS');
});

afterAll(async () => {
  await ctx?.close();
});

async function push(input: { terminalId: string; rrn: string; status: 'approved' | 'reversed' }) {
  const ledger = createLedger({
    receiptPrefix: ctx.config.receiptPrefix,
    settlements: ctx.settlements,
  });
  return ctx.db.transaction((tx) =>
    recordPosTransaction(
      tx,
      { ledger },
      systemActor('system'),
      {
        provider: 'benjis',
        stan: randomStan(),
        amountKobo: 45_000,
        transactedAt: new Date(),
        ...input,
      },
      'push',
    ),
  );
}

async function holdOne(terminalId = randomTerminalId()) {
  const ledger = createLedger({
    receiptPrefix: ctx.config.receiptPrefix,
    settlements: ctx.settlements,
  });
  const result = await ctx.db.transaction((tx) =>
    recordPosTransaction(
      tx,
      { ledger },
      systemActor('system'),
      {
        provider: 'benjis',
        terminalId,
        stan: randomStan(),
        rrn: randomRrn(),
        amountKobo: 30_000,
        transactedAt: new Date(),
        status: 'approved',
      },
      'push',
    ),
  );
  expect(result.outcome).toBe('held');
  return result.transactionId as string;
}

function post(url: string, payload: object, as: SignedIn = reviewer) {
  return ctx.app.inject({ method: 'POST', url, headers: as.bearer, payload });
}

describe('held POS transactions', () => {
  it('lists a held transaction and records it as revenue when assigned to a registered terminal', async () => {
    const unknown = randomTerminalId();
    const id = await holdOne(unknown);
    const list = await ctx.app.inject({
      url: `/api/v1/pos/held?terminalId=${unknown}`,
      headers: reviewer.bearer,
    });
    expect(list.json()).toMatchObject({
      total: 1,
      items: [{ id, terminalId: unknown, isTerminalRegistered: false }],
      totals: { amountKobo: 30_000, count: 1 },
    });
    const mda = await createMda(ctx);
    await createRevenueHead(ctx, mda.id, { code: '12020401', name: 'Market levy' });
    const terminal = await createPosTerminal(ctx, { mdaId: mda.id, revenueHeadCode: '12020401' });
    const res = await post(`/api/v1/pos/transactions/${id}/assign`, {
      terminalId: terminal.terminalId,
      reason: 'The agent used a borrowed terminal',
    });
    expect(res.statusCode, res.body).toBe(200);
    const decision = res.json();
    expect(decision).toMatchObject({ id, state: 'recorded' });
    expect(decision.receiptNumber).toBeTruthy();
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, decision.paymentId));
    expect(payment).toMatchObject({ channel: 'pos', mdaId: mda.id, revenueHeadCode: '12020401' });
    const audits = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audits.map((a) => a.action)).toContain('pos_transaction.assigned');
  });

  it('a reversal held before its original: when the held original is assigned, its payment is reversed and the reversal closed', async () => {
    const unknown = randomTerminalId();
    const rrn = randomRrn();
    // The reversal first (its own STAN), naming nothing RevDesk has: held alone.
    const reversal = await push({ terminalId: unknown, rrn, status: 'reversed' });
    expect(reversal.outcome).toBe('held');
    // Then its original, from a terminal RevDesk does not know: held too, not revenue.
    const original = await push({ terminalId: unknown, rrn, status: 'approved' });
    expect(original.outcome).toBe('held');
    const mda = await createMda(ctx);
    await createRevenueHead(ctx, mda.id, { code: '12020401', name: 'Market levy' });
    const terminal = await createPosTerminal(ctx, { mdaId: mda.id, revenueHeadCode: '12020401' });
    const res = await post(`/api/v1/pos/transactions/${original.transactionId}/assign`, {
      terminalId: terminal.terminalId,
      reason: 'Terminal registered late',
    });
    expect(res.statusCode, res.body).toBe(200);
    const decision = res.json();
    expect(decision).toMatchObject({ id: original.transactionId, state: 'reversed' });
    const [payment] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.id, decision.paymentId));
    expect(payment).toMatchObject({ channel: 'pos', status: 'reversed', amountKobo: 45_000 });
    const [closed] = await ctx.db
      .select()
      .from(posTransactions)
      .where(eq(posTransactions.id, reversal.transactionId as string));
    expect(closed).toMatchObject({ state: 'rejected' });
    expect(closed?.reviewNote).toMatch(/Applied to the transaction it names/);
    // Neither is left for an officer to decide.
    const list = await ctx.app.inject({
      url: `/api/v1/pos/held?terminalId=${unknown}`,
      headers: reviewer.bearer,
    });
    expect(list.json()).toMatchObject({ total: 0 });
  });

  it('assigns to an MDA and revenue head, checking the head is the MDA’s', async () => {
    const id = await holdOne();
    const mda = await createMda(ctx);
    await createRevenueHead(ctx, mda.id, { code: '12020402', name: 'Ticket' });
    const wrong = await post(`/api/v1/pos/transactions/${id}/assign`, {
      mdaId: mda.id,
      revenueHeadCode: '99999999',
      reason: 'Market day',
    });
    expect(wrong.statusCode).toBe(422);
    const res = await post(`/api/v1/pos/transactions/${id}/assign`, {
      mdaId: mda.id,
      revenueHeadCode: '12020402',
      reason: 'Market day',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('gives one decision and one 409 when two officers decide at once', async () => {
    const id = await holdOne();
    const other = await signInAs(ctx, 'ADMIN');
    const mda = await createMda(ctx);
    await createRevenueHead(ctx, mda.id, { code: '12020403', name: 'Levy' });
    const answers = await Promise.all([
      post(`/api/v1/pos/transactions/${id}/assign`, {
        mdaId: mda.id,
        revenueHeadCode: '12020403',
        reason: 'Known agent',
      }),
      post(`/api/v1/pos/transactions/${id}/reject`, { reason: 'Test transaction' }, other),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('rejects with a reason; never revenue', async () => {
    const id = await holdOne();
    const res = await post(`/api/v1/pos/transactions/${id}/reject`, { reason: 'A test card' });
    expect(res.json()).toMatchObject({ state: 'rejected', paymentId: null });
    const again = await post(`/api/v1/pos/transactions/${id}/reject`, { reason: 'A test card' });
    expect(again.statusCode).toBe(409);
  });

  it('is refused to a report viewer', async () => {
    const viewer = await signInAs(ctx, 'OFFICER_BENJIS_READ');
    const res = await ctx.app.inject({ url: '/api/v1/pos/held', headers: viewer.bearer });
    expect(res.statusCode).toBe(403);
  });
});
