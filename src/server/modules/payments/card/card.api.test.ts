import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CardPaymentView } from '../../../../shared/payments';
import { systemActor } from '../../../auth/actor';
import { auditEvents, cardPaymentAttempts, payments } from '../../../db/schema';
import { createIntegrations } from '../../../integrations';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createLedger } from '../ledger/ledger';
import { createPayment } from '../testing';
import { createCardPaymentService } from './service';

/** POST /card/payments and its check (docs/card.md), against the card gateway simulator. */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let cashier: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  cashier = await signInAs(ctx, 'OFFICER_DA');
});

afterEach(() => {
  ctx.simulators.card.reset();
});

afterAll(async () => {
  await ctx?.close();
});

function take(body: unknown, headers: Record<string, string> = cashier.bearer) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/card/payments',
    headers,
    payload: body as object,
  });
}

function check(reference: string, headers: Record<string, string> = cashier.bearer) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/card/payments/${reference}/check`,
    headers,
  });
}

async function bill(amountKobo = 4_500_000) {
  return createPayment(ctx, { status: 'pending', amountKobo });
}

async function auditActions(reference: string) {
  const rows = await ctx.db
    .select({ action: auditEvents.action, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'card_payment'), eq(auditEvents.entityId, reference)))
    .orderBy(auditEvents.id);
  return rows;
}

async function paymentRow(id: string) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error('no payment');
  return row;
}

describe('POST /api/v1/card/payments', () => {
  it('approved: pays the bill with channel card and the gateway reference, issues the e-receipt, audited', async () => {
    const pending = await bill();
    const res = await take({ paymentId: pending.id });
    expect(outcomeOf(res), res.body).toBe('201');
    const attempt = res.json<CardPaymentView>();
    expect(attempt).toMatchObject({
      reference: expect.stringMatching(/^CRD-[0-9A-Z]{12}$/),
      status: 'approved',
      amountKobo: 4_500_000,
      rrr: pending.rrr,
      gatewayReference: expect.stringMatching(/^CG\d{10}$/),
      officer: cashier.officer.username,
      payment: {
        id: pending.id,
        status: 'paid',
        channel: 'card',
        arrival: 'invoice',
        receiptNumber: expect.stringMatching(/^BIRS\/\d{4}\/\d{7}$/),
      },
      receiptUrl: `/api/v1/payments/${pending.id}/receipt.pdf`,
    });
    expect(attempt.payment.sourceReference).toBe(attempt.gatewayReference);

    const receipt = await ctx.app.inject({
      method: 'GET',
      url: attempt.receiptUrl as string,
      headers: cashier.bearer,
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');

    expect((await auditActions(attempt.reference)).map((a) => a.action)).toEqual([
      'card_payment.started',
      'card_payment.approved',
    ]);
    const paid = await ctx.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.paid'), eq(auditEvents.entityId, pending.id)));
    expect(paid).toEqual([{ after: expect.objectContaining({ channel: 'card' }) }]);

    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/card/payments/${attempt.reference}`,
      headers: cashier.bearer,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(attempt);
  });

  it('takes the bill by its RRR too', async () => {
    const pending = await bill();
    const res = await take({ rrr: pending.rrr });
    expect(outcomeOf(res), res.body).toBe('201');
    expect(res.json<CardPaymentView>().payment.id).toBe(pending.id);
  });

  it("declined: 402 with the gateway's reason, the bill still to pay, and another card may follow", async () => {
    const pending = await bill();
    ctx.simulators.card.respondWith('decline', { declineReason: 'Insufficient funds' });
    const res = await take({ paymentId: pending.id });
    expect(outcomeOf(res)).toBe('402 CARD_DECLINED');
    const error = res.json<{ error: { message: string; details: { reference: string } } }>().error;
    expect(error.message).toContain('The card was declined: Insufficient funds');
    expect((await paymentRow(pending.id)).status).toBe('pending');
    expect((await auditActions(error.details.reference)).map((a) => a.action)).toEqual([
      'card_payment.started',
      'card_payment.declined',
    ]);

    ctx.simulators.card.reset();
    expect(outcomeOf(await take({ paymentId: pending.id }))).toBe('201');
  });

  it('no answer: 202 unknown, no second card until checked, and the check pays the bill once', async () => {
    const pending = await bill();
    ctx.simulators.card.respondWith('lose-answer', { lostAs: 'approved' });
    const res = await take({ paymentId: pending.id });
    expect(outcomeOf(res), res.body).toBe('202');
    const lost = res.json<CardPaymentView>();
    expect(lost).toMatchObject({ status: 'unknown', payment: { status: 'pending' } });

    ctx.simulators.card.reset();
    const again = await take({ paymentId: pending.id });
    expect(outcomeOf(again)).toBe('409 CONFLICT');
    expect(again.json().error.message).toContain(lost.reference);

    const checked = await check(lost.reference);
    expect(outcomeOf(checked), checked.body).toBe('200');
    expect(checked.json<CardPaymentView>()).toMatchObject({
      status: 'approved',
      payment: { status: 'paid', channel: 'card' },
    });
    // Checked again: read back, nothing recorded twice.
    expect(outcomeOf(await check(lost.reference))).toBe('200');
    expect(ctx.simulators.card.chargesFor(pending.rrr as string)).toHaveLength(1);
    expect((await auditActions(lost.reference)).map((a) => a.action)).toEqual([
      'card_payment.started',
      'card_payment.unanswered',
      'card_payment.approved',
    ]);
    expect((await auditActions(lost.reference))[2]?.after).toMatchObject({
      confirmedBy: 'status-check',
    });
    expect(outcomeOf(await take({ paymentId: pending.id }))).toBe('409 CONFLICT');
  });

  it('no answer, never received by the gateway: the check frees the bill for another card', async () => {
    const pending = await bill();
    ctx.simulators.card.respondWith('lose-answer', { lostAs: 'never-received' });
    const lost = (await take({ paymentId: pending.id })).json<CardPaymentView>();
    ctx.simulators.card.reset();
    const checked = await check(lost.reference);
    expect(outcomeOf(checked)).toBe('200');
    expect(checked.json<CardPaymentView>()).toMatchObject({
      status: 'failed',
      declineReason: expect.stringContaining('nothing was charged'),
      payment: { status: 'pending' },
    });
    expect(outcomeOf(await take({ paymentId: pending.id }))).toBe('201');
  });

  it('no answer, card still at the terminal: the check stays unknown until the gateway decides', async () => {
    const pending = await bill();
    ctx.simulators.card.respondWith('lose-answer', { lostAs: 'pending' });
    const lost = (await take({ paymentId: pending.id })).json<CardPaymentView>();
    const waiting = await check(lost.reference);
    expect(outcomeOf(waiting)).toBe('202');
    expect(waiting.json<CardPaymentView>().status).toBe('unknown');
    ctx.simulators.card.finishCharge(lost.reference, 'APPROVED');
    const checked = await check(lost.reference);
    expect(checked.json<CardPaymentView>()).toMatchObject({
      status: 'approved',
      payment: { status: 'paid' },
    });
  });

  it('a bill paid another way while the answer was lost stays paid once, and the refund is said', async () => {
    const pending = await bill();
    ctx.simulators.card.respondWith('lose-answer', { lostAs: 'approved' });
    const lost = (await take({ paymentId: pending.id })).json<CardPaymentView>();
    const ledger = createLedger({
      receiptPrefix: ctx.config.receiptPrefix,
      settlements: ctx.settlements,
    });
    await ctx.db.transaction((tx) =>
      ledger.recordConfirmedPayment(tx, systemActor('remita'), {
        rrr: pending.rrr as string,
        mdaId: pending.mdaId,
        amountKobo: pending.amountKobo,
        paidAt: new Date(),
        arrival: 'notification',
      }),
    );
    const before = await paymentRow(pending.id);
    const checked = (await check(lost.reference)).json<CardPaymentView>();
    expect(checked.status).toBe('approved');
    expect(checked.note).toContain('Refund the card holder');
    const after = await paymentRow(pending.id);
    expect(after.receiptNumber).toBe(before.receiptNumber);
    expect(after.channel).toBe('remita');
    expect((await auditActions(lost.reference)).map((a) => a.action)).toContain(
      'card_payment.approved_on_paid_bill',
    );
  });

  it('the sweep settles an attempt left unanswered past its wait, and keeps one it cannot ask', async () => {
    const pending = await bill();
    ctx.simulators.card.respondWith('lose-answer', { lostAs: 'approved' });
    const lost = (await take({ paymentId: pending.id })).json<CardPaymentView>();
    const cards = createCardPaymentService({
      db: ctx.db,
      config: ctx.config,
      integrations: createIntegrations(ctx.config, () => ctx.baseUrl as string),
      settlements: ctx.settlements,
    });
    const failures: string[] = [];
    const sweep = (before: Date) =>
      cards.settleUnansweredAttempts(systemActor('system'), {
        before,
        limit: 100,
        onError: (reference) => failures.push(reference),
      });
    // Still inside its wait: left alone.
    await sweep(new Date(Date.now() - 60_000));
    expect((await paymentRow(pending.id)).status).toBe('pending');
    ctx.simulators.card.respondWith('down');
    await sweep(new Date(Date.now() + 1_000));
    expect(failures).toContain(lost.reference);
    expect((await paymentRow(pending.id)).status).toBe('pending');
    ctx.simulators.card.reset();
    await sweep(new Date(Date.now() + 1_000));
    expect(await paymentRow(pending.id)).toMatchObject({ status: 'paid', channel: 'card' });
    expect((await auditActions(lost.reference)).map((a) => a.action)).toEqual([
      'card_payment.started',
      'card_payment.unanswered',
      'card_payment.approved',
    ]);
  });

  it('an approval of another amount than the bill is not recorded, and holds the bill for the administrator', async () => {
    const pending = await bill(4_500_000);
    ctx.simulators.card.respondWith('approve', { approvedAmountKobo: 450_000 });
    const res = await take({ paymentId: pending.id });
    expect(outcomeOf(res), res.body).toBe('202');
    const held = res.json<CardPaymentView>();
    expect(held).toMatchObject({
      status: 'unknown',
      note: expect.stringContaining('₦4,500.00, but the bill is for ₦45,000.00'),
      payment: { status: 'pending' },
    });
    expect(outcomeOf(await check(held.reference))).toBe('202');
    expect((await auditActions(held.reference)).map((a) => a.action)).toEqual([
      'card_payment.started',
      'card_payment.amount_mismatch',
    ]);
    expect(outcomeOf(await take({ paymentId: pending.id }))).toBe('409 CONFLICT');
  });

  it('gateway down: 502 saying nothing was charged, the attempt recorded as failed', async () => {
    const pending = await bill();
    ctx.simulators.card.respondWith('down');
    const res = await take({ paymentId: pending.id });
    expect(outcomeOf(res)).toBe('502 CARD_GATEWAY_UNAVAILABLE');
    expect(res.json().error.message).toContain('Nothing was charged');
    const [attempt] = await ctx.db
      .select()
      .from(cardPaymentAttempts)
      .where(eq(cardPaymentAttempts.paymentId, pending.id));
    expect(attempt?.status).toBe('failed');
    expect((await auditActions(attempt?.reference as string)).map((a) => a.action)).toEqual([
      'card_payment.started',
      'card_payment.failed',
    ]);
    ctx.simulators.card.reset();
    expect(outcomeOf(await take({ paymentId: pending.id }))).toBe('201');
  });

  it('refuses a bill already paid or cancelled (409) with no card sent', async () => {
    const paid = await createPayment(ctx);
    const res = await take({ paymentId: paid.id });
    expect(outcomeOf(res)).toBe('409 CONFLICT');
    expect(res.json().error.message).toContain(paid.receiptNumber as string);
    expect(ctx.simulators.card.chargesFor(paid.rrr as string)).toEqual([]);

    const cancelled = await bill();
    await ctx.db.update(payments).set({ status: 'cancelled' }).where(eq(payments.id, cancelled.id));
    expect(outcomeOf(await take({ paymentId: cancelled.id }))).toBe('409 CONFLICT');
  });

  it('three cashiers at once on one bill: one card taken, the others 409, paid once', async () => {
    const pending = await bill();
    const other = await signInAs(ctx, 'ASSESSMENT_OFFICER');
    const answers = await Promise.all([
      take({ paymentId: pending.id }),
      take({ paymentId: pending.id }, other.bearer),
      take({ rrr: pending.rrr }, other.bearer),
    ]);
    expect(answers.map(outcomeOf).sort()).toEqual(['201', '409 CONFLICT', '409 CONFLICT']);
    expect(ctx.simulators.card.chargesFor(pending.rrr as string)).toHaveLength(1);
    const paidAudits = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.paid'), eq(auditEvents.entityId, pending.id)));
    expect(paidAudits).toHaveLength(1);
  });

  it('two checks at once of one lost approval record the payment once', async () => {
    const pending = await bill();
    ctx.simulators.card.respondWith('lose-answer', { lostAs: 'approved' });
    const lost = (await take({ paymentId: pending.id })).json<CardPaymentView>();
    ctx.simulators.card.reset();
    const checks = await Promise.all([check(lost.reference), check(lost.reference)]);
    expect(checks.map(outcomeOf)).toEqual(['200', '200']);
    expect(checks.map((c) => c.json<CardPaymentView>().payment.receiptNumber)).toEqual([
      expect.any(String),
      checks[0]?.json<CardPaymentView>().payment.receiptNumber,
    ]);
    const paidAudits = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.paid'), eq(auditEvents.entityId, pending.id)));
    expect(paidAudits).toHaveLength(1);
    expect((await auditActions(lost.reference)).map((a) => a.action)).toEqual([
      'card_payment.started',
      'card_payment.unanswered',
      'card_payment.approved',
    ]);
  });

  it('answers 401 signed out, 403 to an officer without card:take, 404 and 422 for bad bills', async () => {
    const pending = await bill();
    expect(outcomeOf(await take({ paymentId: pending.id }, {}))).toBe('401 UNAUTHENTICATED');
    for (const userType of ['EXECUTIVE', 'OFFICER_MDA', 'DIRECTOR_COLLECTION'] as const) {
      const officer = await signInAs(ctx, userType);
      expect(outcomeOf(await take({ paymentId: pending.id }, officer.bearer))).toBe(
        '403 FORBIDDEN',
      );
      expect(outcomeOf(await check('CRD-0000000000AA', officer.bearer))).toBe('403 FORBIDDEN');
    }
    expect(outcomeOf(await take({ paymentId: pending.id, rrr: pending.rrr }))).toBe(
      '422 VALIDATION_FAILED',
    );
    expect(outcomeOf(await take({}))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await take({ paymentId: crypto.randomUUID() }))).toBe('404 NOT_FOUND');
    expect(outcomeOf(await check('CRD-0000000000AA'))).toBe('404 NOT_FOUND');
    expect(outcomeOf(await check('card-1'))).toBe('422 VALIDATION_FAILED');
    expect((await paymentRow(pending.id)).status).toBe('pending');
  });
});
