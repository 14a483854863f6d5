import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../../shared/payments';
import type { TaxpayerView } from '../../../../shared/taxpayers';
import { systemActor } from '../../../auth/actor';
import { auditEvents, payments } from '../../../db/schema';
import { createIntegrations } from '../../../integrations';
import { createRemitaMda, type RemitaMda } from '../../../integrations/remita/testing';
import { secretBoxFromConfig } from '../../../secrets';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { createRrrConfirmation, PAYMENTINIT_RESEND_AFTER_MS } from './rrrConfirmation';

/** Bills recorded before paymentinit, and those whose answer was lost (ADR 0020). */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let officer: SignedIn;
let taxpayer: TaxpayerView;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  officer = await signInAs(ctx, 'ADMIN');
  taxpayer = await createTaxpayer(ctx, { email: 'lost@example.ng' });
});

afterAll(async () => {
  await ctx?.close();
});

/** An MDA whose Remita raises each RRR and drops the answer. */
async function droppingMda(): Promise<RemitaMda> {
  const mda = await createRemitaMda(ctx);
  ctx.simulators.remita.registerMerchant({ ...mda.credentials, dropsInvoiceAnswers: true });
  return mda;
}

function answerAgain(mda: RemitaMda) {
  ctx.simulators.remita.registerMerchant({ ...mda.credentials, dropsInvoiceAnswers: false });
}

function raise(mda: RemitaMda, amountKobo = 1_250_000) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/invoices',
    headers: officer.bearer,
    payload: {
      btin: taxpayer.btin,
      mdaId: mda.id,
      revenueHeadCode: mda.revenueHeadCode,
      amountKobo,
      description: 'Land use charge',
    },
  });
}

function open(id: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${id}`, headers: officer.bearer });
}

function sweep() {
  const confirmation = createRrrConfirmation({
    db: ctx.db,
    config: ctx.config,
    integrations: createIntegrations(ctx.config, () => ctx.baseUrl as string),
    secrets: secretBoxFromConfig(ctx.config),
    settlements: ctx.settlements,
  });
  return confirmation.settleUnconfirmedBills(systemActor('system'), {
    limit: 1000,
    onError: (billId, err) => {
      throw new Error(`bill ${billId} could not be settled: ${String(err)}`);
    },
  });
}

/** Every invoice the simulated Remita holds for an order id. */
function remitaInvoicesOf(mda: RemitaMda, orderId: string) {
  return ctx.simulators.remita
    .snapshot()
    .invoices.filter((i) => i.merchantId === mda.credentials.merchantId && i.orderId === orderId);
}

async function rowsOfOrder(orderId: string) {
  return ctx.db.select().from(payments).where(eq(payments.orderId, orderId));
}

async function auditsOf(id: string, actions: string[]) {
  return ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entityId, id), inArray(auditEvents.action, actions)));
}

describe('a lost paymentinit answer', () => {
  it('keeps the bill "RRR pending confirmation" (202), then confirms the one RRR when opened', async () => {
    const mda = await droppingMda();
    const res = await raise(mda);
    expect(res.statusCode).toBe(202);
    const bill = res.json<PaymentView>();
    expect(bill).toMatchObject({ rrr: null, isRrrPendingConfirmation: true, status: 'pending' });
    expect(bill.orderId).toEqual(expect.any(String));
    const atRemita = remitaInvoicesOf(mda, bill.orderId as string);
    expect(atRemita).toHaveLength(1);
    expect(await auditsOf(bill.id, ['payment.billed', 'payment.rrr_unconfirmed'])).toHaveLength(2);

    // The list shows it and does not break on the missing RRR.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/invoices?page=1&pageSize=100',
      headers: officer.bearer,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toContainEqual(
      expect.objectContaining({ id: bill.id, isRrrPendingConfirmation: true }),
    );

    const opened = await open(bill.id);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      id: bill.id,
      rrr: atRemita[0]?.rrr,
      isRrrPendingConfirmation: false,
      status: 'pending',
    });
    expect(remitaInvoicesOf(mda, bill.orderId as string)).toHaveLength(1);
    expect(await rowsOfOrder(bill.orderId as string)).toHaveLength(1);
    expect(await auditsOf(bill.id, ['payment.rrr_confirmed'])).toHaveLength(1);
  });

  it('the sweep finds a bill paid meanwhile: one RRR, one ledger row, paid once', async () => {
    const mda = await droppingMda();
    const bill = (await raise(mda, 800_000)).json<PaymentView>();
    const [atRemita] = remitaInvoicesOf(mda, bill.orderId as string);
    ctx.simulators.remita.pay(atRemita?.rrr as string);
    await sweep();
    const rows = await rowsOfOrder(bill.orderId as string);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: bill.id,
      rrr: atRemita?.rrr,
      status: 'paid',
      receiptNumber: expect.any(String),
    });
    expect(remitaInvoicesOf(mda, bill.orderId as string)).toHaveLength(1);
    // A second sweep has nothing to do.
    await sweep();
    expect(await auditsOf(bill.id, ['payment.paid'])).toHaveLength(1);
  });

  it('records once when the sweep and officers opening the bill settle it at once', async () => {
    const mda = await droppingMda();
    const bill = (await raise(mda, 640_000)).json<PaymentView>();
    const [atRemita] = remitaInvoicesOf(mda, bill.orderId as string);
    ctx.simulators.remita.pay(atRemita?.rrr as string);
    const [, ...opened] = await Promise.all([
      sweep(),
      ...Array.from({ length: 5 }, () => open(bill.id)),
    ]);
    expect(opened.map((o) => o.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await rowsOfOrder(bill.orderId as string);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rrr: atRemita?.rrr, status: 'paid' });
    expect(await auditsOf(bill.id, ['payment.rrr_confirmed'])).toHaveLength(1);
    expect(await auditsOf(bill.id, ['payment.paid'])).toHaveLength(1);
  });

  it("takes the RRR from the payment's notification when it comes first", async () => {
    const mda = await droppingMda();
    const bill = (await raise(mda, 330_000)).json<PaymentView>();
    const [atRemita] = remitaInvoicesOf(mda, bill.orderId as string);
    // The simulator posts the notification to this app, which asks Remita and records it.
    const paid = await ctx.app.inject({ method: 'POST', url: `/_sim/remita/pay/${atRemita?.rrr}` });
    expect(paid.json()).toMatchObject({ notified: true });
    const rows = await rowsOfOrder(bill.orderId as string);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: bill.id, rrr: atRemita?.rrr, status: 'paid' });
    expect((await open(bill.id)).json()).toMatchObject({ isRrrPendingConfirmation: false });
  });
});

describe('a bill Remita has no order for', () => {
  /** A bill recorded and sent, whose paymentinit never reached Remita. */
  async function unsentBill(mda: RemitaMda, sentAt: Date) {
    const orderId = `RD${randomUUID().slice(0, 12).toUpperCase()}`;
    const [row] = await ctx.db
      .insert(payments)
      .values({
        rrr: null,
        rrrRequestedAt: sentAt,
        amountKobo: 275_000,
        mdaId: mda.id,
        revenueHeadCode: mda.revenueHeadCode,
        btin: taxpayer.btin,
        payerName: taxpayer.displayName,
        payerEmail: 'lost@example.ng',
        channel: 'remita',
        status: 'pending',
        arrival: 'invoice',
        description: 'Never reached Remita',
        orderId,
      })
      .returning();
    if (!row) throw new Error('no bill');
    return row;
  }

  it('is sent again with the same order id once its last paymentinit is long past', async () => {
    const mda = await createRemitaMda(ctx);
    const bill = await unsentBill(mda, new Date(Date.now() - PAYMENTINIT_RESEND_AFTER_MS - 60_000));
    const opened = await open(bill.id);
    expect(opened.statusCode).toBe(200);
    const atRemita = remitaInvoicesOf(mda, bill.orderId as string);
    expect(atRemita).toHaveLength(1);
    expect(atRemita[0]?.amountKobo).toBe(275_000);
    expect(opened.json()).toMatchObject({ rrr: atRemita[0]?.rrr, isRrrPendingConfirmation: false });
    expect(await rowsOfOrder(bill.orderId as string)).toHaveLength(1);
  });

  it('is not sent again while its paymentinit may still be in flight', async () => {
    const mda = await createRemitaMda(ctx);
    const bill = await unsentBill(mda, new Date());
    expect((await open(bill.id)).json()).toMatchObject({ isRrrPendingConfirmation: true });
    await sweep();
    expect(remitaInvoicesOf(mda, bill.orderId as string)).toHaveLength(0);
    expect(
      ctx.simulators.remita.requests.filter(
        (r) => r.kind === 'invoice' && r.merchantId === mda.credentials.merchantId,
      ),
    ).toHaveLength(0);
  });

  it('is sent once when the sweep and officers opening it race', async () => {
    const mda = await droppingMda();
    const bill = await unsentBill(mda, new Date(Date.now() - PAYMENTINIT_RESEND_AFTER_MS - 60_000));
    await Promise.all([sweep(), ...Array.from({ length: 5 }, () => open(bill.id))]);
    // The answers were dropped again: one RRR raised, the bill still to confirm.
    expect(remitaInvoicesOf(mda, bill.orderId as string)).toHaveLength(1);
    answerAgain(mda);
    const opened = await open(bill.id);
    expect(opened.json()).toMatchObject({
      rrr: remitaInvoicesOf(mda, bill.orderId as string)[0]?.rrr,
    });
  });
});

describe('a clear refusal', () => {
  it("still fails the bill with Remita's reason and answers the error, as before", async () => {
    const mda = await createRemitaMda(ctx);
    // Remita no longer knows the MDA's service type: it refuses (023), clearly.
    ctx.simulators.remita.registerMerchant({ ...mda.credentials, serviceTypeIds: [] });
    const res = await raise(mda);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('REMITA_AUTH_FAILED');
    const [row] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.mdaId, mda.id), eq(payments.arrival, 'invoice')));
    expect(row).toMatchObject({ status: 'failed', rrr: null });
    expect(row?.statusReason).toContain('Remita');
    await sweep();
    expect(remitaInvoicesOf(mda, row?.orderId as string)).toHaveLength(0);
  });
});
