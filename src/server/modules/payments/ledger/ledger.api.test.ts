import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../auth/actor';
import { auditEvents, payments } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda } from '../../../testing/factories';
import { createPayment, randomRrr } from '../testing';
import { type ConfirmedRemitaPayment, createLedger, type Ledger } from './ledger';

let ctx: TestContext & { close(): Promise<void> };
let ledger: Ledger;
let mdaId: string;
const actor = systemActor('remita');

beforeAll(async () => {
  ctx = await createTestContext();
  ledger = createLedger({ receiptPrefix: ctx.config.receiptPrefix, settlements: ctx.settlements });
  mdaId = (await createMda(ctx)).id;
});

afterAll(async () => {
  await ctx?.close();
});

function confirmed(overrides: Partial<ConfirmedRemitaPayment> = {}): ConfirmedRemitaPayment {
  return {
    rrr: randomRrr(),
    mdaId,
    amountKobo: 150_000,
    paidAt: new Date(),
    arrival: 'notification',
    ...overrides,
  };
}

function record(payment: ConfirmedRemitaPayment) {
  return ctx.db.transaction((tx) => ledger.recordConfirmedPayment(tx, actor, payment));
}

const sequenceOf = (receiptNumber: string | null) => Number(receiptNumber?.split('/')[2]);

async function auditsOf(action: string, entityId: string) {
  return ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)));
}

describe('the payments ledger', () => {
  it('records one RRR arriving 20 times at once once, and leaves no gap in the receipt numbers', async () => {
    const before = await record(confirmed());
    const payment = confirmed();
    const results = await Promise.all(Array.from({ length: 20 }, () => record(payment)));
    expect(results.filter((r) => r.isNew)).toHaveLength(1);
    expect(new Set(results.map((r) => r.payment.id)).size).toBe(1);
    const after = await record(confirmed());
    // Each replay that took a number and lost the insert would leave a hole here.
    expect(sequenceOf(after.payment.receiptNumber)).toBe(
      sequenceOf(before.payment.receiptNumber) + 2,
    );
    expect(await auditsOf('payment.recorded', results[0]?.payment.id as string)).toHaveLength(1);
  });

  it('marks a bill paid once when its RRR is confirmed 20 times at once; the bill stays an invoice', async () => {
    const bill = await createPayment(ctx, { status: 'pending', mdaId, amountKobo: 90_000 });
    const payment = confirmed({
      rrr: bill.rrr as string,
      amountKobo: 90_000,
      arrival: 'status-check',
    });
    const results = await Promise.all(Array.from({ length: 20 }, () => record(payment)));
    expect(results.filter((r) => r.isNew)).toHaveLength(1);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, bill.id));
    expect(row).toMatchObject({ status: 'paid', arrival: 'invoice' });
    const paid = await auditsOf('payment.paid', bill.id);
    expect(paid).toHaveLength(1);
    expect(paid[0]?.after).toMatchObject({ confirmedBy: 'status-check' });
  });

  it('refuses a confirmed amount that differs from the bill, taking no receipt number', async () => {
    const before = await record(confirmed());
    const bill = await createPayment(ctx, { status: 'pending', mdaId, amountKobo: 90_000 });
    await expect(
      record(confirmed({ rrr: bill.rrr as string, amountKobo: 9_000 })),
    ).rejects.toMatchObject({ code: 'AMOUNT_MISMATCH' });
    const after = await record(confirmed());
    expect(sequenceOf(after.payment.receiptNumber)).toBe(
      sequenceOf(before.payment.receiptNumber) + 1,
    );
  });

  it('refuses a second bill for an RRR the ledger has', async () => {
    const paid = await record(confirmed());
    await expect(
      ctx.db.transaction((tx) =>
        ledger.recordBill(tx, actor, {
          rrr: paid.payment.rrr,
          mdaId,
          amountKobo: 1_000,
          channel: 'remita',
        }),
      ),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('reverses only a paid payment and cancels only a pending bill', async () => {
    const bill = await createPayment(ctx, { status: 'pending', mdaId });
    const reason = 'Entered against the wrong taxpayer';
    const change = (id: string, to: 'reversed' | 'cancelled') =>
      ctx.db.transaction((tx) => ledger.changeStatusByHand(tx, actor, id, { to, reason }));
    await expect(change(bill.id, 'reversed')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await change(bill.id, 'cancelled')).status).toBe('cancelled');
    const paid = await record(confirmed());
    await expect(change(paid.payment.id, 'cancelled')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await change(paid.payment.id, 'reversed')).toMatchObject({
      status: 'reversed',
      statusReason: reason,
    });
    await expect(change('00000000-0000-4000-8000-000000000000', 'reversed')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('money received without an RRR (POS, bank)', () => {
  function receive(sourceReference: string, channel: 'pos' | 'bank' = 'pos') {
    return ctx.db.transaction((tx) =>
      ledger.recordReceivedPayment(tx, actor, {
        channel,
        sourceReference,
        arrival: channel === 'pos' ? 'push' : 'statement',
        mdaId,
        amountKobo: 25_000,
        paidAt: new Date(),
        payerName: 'Ada Market',
      }),
    );
  }

  it('records one source arriving 20 times at once once, audited, with no gap in the receipt numbers', async () => {
    const before = await receive(`benjis/T1/${randomRrr()}/2026-11-27`);
    const source = `benjis/T1/${randomRrr()}/2026-11-27`;
    const results = await Promise.all(Array.from({ length: 20 }, () => receive(source)));
    expect(results.filter((r) => r.isNew)).toHaveLength(1);
    expect(new Set(results.map((r) => r.payment.id)).size).toBe(1);
    const [first] = results;
    expect(first?.payment).toMatchObject({
      channel: 'pos',
      status: 'paid',
      arrival: 'push',
      rrr: null,
      sourceReference: source,
    });
    expect(await auditsOf('payment.recorded', first?.payment.id ?? '')).toHaveLength(1);
    const after = await receive(`benjis/T1/${randomRrr()}/2026-11-27`);
    expect(sequenceOf(after.payment.receiptNumber)).toBe(
      sequenceOf(before.payment.receiptNumber) + 2,
    );
  });

  it('keeps the same reference apart on two channels', async () => {
    const source = `0123456789/${randomRrr()}`;
    const pos = await receive(source, 'pos');
    const bank = await receive(source, 'bank');
    expect(bank.isNew).toBe(true);
    expect(bank.payment.id).not.toBe(pos.payment.id);
  });

  it('refuses a second row for one source even past the ledger (the unique index)', async () => {
    const { payment } = await receive(`benjis/T2/${randomRrr()}/2026-11-27`);
    const {
      id: _id,
      receiptNumber: _r,
      publicCode: _c,
      payerNameWords: _w,
      paymentDate: _d,
      ...copy
    } = payment;
    await expect(ctx.db.insert(payments).values(copy)).rejects.toThrow();
  });
});
