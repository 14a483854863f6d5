import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, payments } from '../../../db/schema';
import {
  addSimInvoice,
  createRemitaMda,
  type RemitaMda,
} from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createPayment, randomRrr } from '../testing';
import { signInForMdas } from './testing';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let admin: SignedIn;
let executive: SignedIn;
let mda: RemitaMda;
let otherMda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  admin = await signInAs(ctx, 'ADMIN');
  executive = await signInAs(ctx, 'EXECUTIVE');
  mda = await createRemitaMda(ctx);
  otherMda = await createRemitaMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

function checkStatus(rrr: string, mdaId: string, headers: Record<string, string> = admin.bearer) {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/v1/remita/rrr/${rrr}/status?mdaId=${mdaId}`,
    headers,
  });
}

async function ledgerRowsOf(rrr: string) {
  return ctx.db.select().from(payments).where(eq(payments.rrr, rrr));
}

describe('GET /api/v1/remita/rrr/:rrr/status', () => {
  it('shows a pending RRR as Remita answers it and records nothing', async () => {
    const invoice = addSimInvoice(ctx, mda, { amountKobo: 250_000 });
    const res = await checkStatus(invoice.rrr, mda.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rrr: invoice.rrr,
      statusCode: '025',
      isPaid: false,
      outcome: 'pending',
      amountKobo: 250_000,
      orderId: invoice.orderId,
      payerName: 'Ebiere Douglas',
      payment: null,
    });
    expect(await ledgerRowsOf(invoice.rrr)).toHaveLength(0);
  });

  it('records a paid RRR the ledger has never seen, once, with the officer as its recorder', async () => {
    const invoice = addSimInvoice(ctx, mda, { statusCode: '00', amountKobo: 730_050 });
    const first = await checkStatus(invoice.rrr, mda.id);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ isPaid: true, outcome: 'paid', statusCode: '00' });
    expect(body.payment.status).toBe('paid');
    expect(body.payment.receiptNumber).toMatch(/^BIRS\/\d{4}\/\d{7}$/);

    const [row] = await ledgerRowsOf(invoice.rrr);
    expect(row).toMatchObject({
      amountKobo: 730_050,
      mdaId: mda.id,
      arrival: 'status-check',
      createdBy: admin.officer.id,
      sourceReference: `SIM${invoice.rrr}`,
      btin: null,
    });

    const again = await checkStatus(invoice.rrr, mda.id);
    expect(again.json().payment).toEqual(body.payment);
    expect(await ledgerRowsOf(invoice.rrr)).toHaveLength(1);
  });

  it('marks a pending bill paid when Remita confirms the same amount', async () => {
    const invoice = addSimInvoice(ctx, mda, { amountKobo: 100_000 });
    const bill = await createPayment(ctx, {
      status: 'pending',
      mdaId: mda.id,
      rrr: invoice.rrr,
      amountKobo: 100_000,
    });
    ctx.simulators.remita.pay(invoice.rrr);
    const res = await checkStatus(invoice.rrr, mda.id);
    expect(res.json().payment).toMatchObject({ id: bill.id, status: 'paid' });
    const [row] = await ledgerRowsOf(invoice.rrr);
    expect(row?.arrival).toBe('invoice');
  });

  it('shows but does not record a paid amount that differs from the bill, and audits it', async () => {
    const invoice = addSimInvoice(ctx, mda, { amountKobo: 100_000 });
    const bill = await createPayment(ctx, {
      status: 'pending',
      mdaId: mda.id,
      rrr: invoice.rrr,
      amountKobo: 100_000,
    });
    ctx.simulators.remita.pay(invoice.rrr, { amountKobo: 1_000 });
    const res = await checkStatus(invoice.rrr, mda.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      statusCode: '00',
      amountKobo: 1_000,
      isPaid: false,
      payment: { id: bill.id, status: 'pending', receiptNumber: null },
    });
    expect(res.json().message).toContain('₦1,000.00');
    const [row] = await ledgerRowsOf(invoice.rrr);
    expect(row?.status).toBe('pending');
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'payment.amount_mismatch'), eq(auditEvents.entityId, bill.id)),
      );
    expect(audits).toHaveLength(1);
  });

  it('gives every officer the check (EXECUTIVE too) and 401 without a session', async () => {
    const invoice = addSimInvoice(ctx, mda);
    expect((await checkStatus(invoice.rrr, mda.id, executive.bearer)).statusCode).toBe(200);
    expect((await checkStatus(invoice.rrr, mda.id, {})).statusCode).toBe(401);
  });

  it.each([
    ['12345', 'too short'],
    ['1234567890123', 'too long'],
    ['12345678901a', 'not digits'],
  ])('422 for the RRR %s (%s)', async (rrr) => {
    const res = await checkStatus(rrr, mda.id);
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
  });

  it('accepts an RRR written in groups', async () => {
    const invoice = addSimInvoice(ctx, mda);
    const grouped = `${invoice.rrr.slice(0, 4)}-${invoice.rrr.slice(4, 8)}-${invoice.rrr.slice(8)}`;
    const res = await checkStatus(grouped, mda.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().rrr).toBe(invoice.rrr);
  });

  it('422 without an MDA, 404 for an unknown MDA', async () => {
    const rrr = randomRrr();
    const none = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/remita/rrr/${rrr}/status`,
      headers: admin.bearer,
    });
    expect(outcomeOf(none)).toBe('422 VALIDATION_FAILED');
    const unknown = await checkStatus(rrr, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });

  it('422 REMITA_NOT_CONFIGURED for an MDA with no credentials, saying what to do', async () => {
    const bare = await createMda(ctx);
    const res = await checkStatus(randomRrr(), bare.id);
    expect(outcomeOf(res)).toBe('422 REMITA_NOT_CONFIGURED');
    expect(res.json().error.message).toContain('Manage MDAs');
  });

  it('passes Remita’s "no such RRR" through as 404 RRR_NOT_FOUND', async () => {
    const res = await checkStatus(randomRrr(), mda.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('RRR_NOT_FOUND');
  });

  it('passes a refused key through as 502 REMITA_AUTH_FAILED', async () => {
    const invoice = addSimInvoice(ctx, otherMda);
    const merchant = ctx.simulators.remita.getMerchant(otherMda.credentials.merchantId);
    ctx.simulators.remita.registerMerchant({
      ...(merchant as NonNullable<typeof merchant>),
      apiKey: 'a-key-RevDesk-does-not-have',
    });
    try {
      const res = await checkStatus(invoice.rrr, otherMda.id);
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('REMITA_AUTH_FAILED');
    } finally {
      ctx.simulators.remita.registerMerchant(merchant as NonNullable<typeof merchant>);
    }
  });

  it('lets MDA staff check with their own MDA only (404 for another)', async () => {
    const staff = await signInForMdas(ctx, 'OFFICER_MDA', [mda.id]);
    const own = addSimInvoice(ctx, mda);
    const foreign = addSimInvoice(ctx, otherMda);
    expect((await checkStatus(own.rrr, mda.id, staff.bearer)).statusCode).toBe(200);
    const res = await checkStatus(foreign.rrr, otherMda.id, staff.bearer);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});

describe('POST /api/v1/remita/rrr/:rrr/recheck (Re-check and record)', () => {
  function recheck(rrr: string, body: unknown, headers: Record<string, string> = admin.bearer) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/v1/remita/rrr/${rrr}/recheck`,
      payload: body as object,
      headers,
    });
  }

  function notify(rrr: string, amountNaira: number) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remita/notifications',
      payload: [{ rrr, amount: amountNaira, serviceTypeId: mda.credentials.serviceTypeIds[0] }],
    });
  }

  async function auditsOf(action: string, rrr: string) {
    return ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), sql`${auditEvents.after}->>'rrr' = ${rrr}`));
  }

  it('records a paid RRR the ledger lacks, then says it is already recorded; audited', async () => {
    const invoice = addSimInvoice(ctx, mda, { amountKobo: 320_000, statusCode: '00' });
    const first = await recheck(invoice.rrr, { mdaId: mda.id });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      rrr: invoice.rrr,
      outcome: 'recorded',
      statusCode: '00',
      payment: { status: 'paid', receiptNumber: expect.any(String) },
    });
    const second = await recheck(invoice.rrr, { mdaId: mda.id });
    expect(second.json()).toMatchObject({
      outcome: 'already-recorded',
      payment: { id: first.json().payment.id },
    });
    const rows = await ledgerRowsOf(invoice.rrr);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', amountKobo: 320_000, arrival: 'status-check' });
    const audits = await auditsOf('rrr.rechecked', invoice.rrr);
    expect(audits.map((a) => a.after)).toEqual([
      expect.objectContaining({ outcome: 'recorded' }),
      expect.objectContaining({ outcome: 'already-recorded' }),
    ]);
    expect(audits.every((a) => a.actorId === admin.officer.id)).toBe(true);
  });

  it('records once when ten re-checks and a notification race', async () => {
    const invoice = addSimInvoice(ctx, mda, { amountKobo: 415_000, statusCode: '00' });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => recheck(invoice.rrr, { mdaId: mda.id })),
      notify(invoice.rrr, 4150),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(11).fill(200));
    const outcomes = answers.slice(0, 10).map((a) => a.json().outcome);
    expect(outcomes.filter((o) => o === 'recorded').length).toBeLessThanOrEqual(1);
    expect(outcomes.every((o) => o === 'recorded' || o === 'already-recorded')).toBe(true);
    const rows = await ledgerRowsOf(invoice.rrr);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('paid');
    const recorded = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'payment.recorded'),
          eq(auditEvents.entityId, rows[0]?.id as string),
        ),
      );
    expect(recorded).toHaveLength(1);
  });

  it('records a bill raised here once when re-checks race its notification', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const raised = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/invoices',
      headers: admin.bearer,
      payload: {
        btin: taxpayer.btin,
        mdaId: mda.id,
        revenueHeadCode: mda.revenueHeadCode,
        amountKobo: 150_000,
        description: 'Raced bill',
      },
    });
    expect(raised.statusCode).toBe(201);
    const rrr = raised.json().rrr as string;
    ctx.simulators.remita.setStatus(rrr, '00');
    await Promise.all([
      ...Array.from({ length: 10 }, () => recheck(rrr, { mdaId: mda.id })),
      notify(rrr, 1500),
    ]);
    const rows = await ledgerRowsOf(rrr);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'paid', arrival: 'invoice', id: raised.json().id });
    const paid = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'payment.paid'), eq(auditEvents.entityId, raised.json().id)),
      );
    expect(paid).toHaveLength(1);
  });

  it('records nothing for an RRR not paid yet, and says what Remita says', async () => {
    const invoice = addSimInvoice(ctx, mda, { amountKobo: 90_000 });
    const res = await recheck(invoice.rrr, { mdaId: mda.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'not-paid', statusCode: '025', payment: null });
    expect(res.json().message).toContain('Payment Reference generated');
    expect(await ledgerRowsOf(invoice.rrr)).toHaveLength(0);
  });

  it('records nothing when Remita says another amount was paid for the bill', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const raised = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/invoices',
      headers: admin.bearer,
      payload: {
        btin: taxpayer.btin,
        mdaId: mda.id,
        revenueHeadCode: mda.revenueHeadCode,
        amountKobo: 200_000,
        description: 'Mismatched bill',
      },
    });
    const rrr = raised.json().rrr as string;
    ctx.simulators.remita.pay(rrr, { amountKobo: 100 });
    const res = await recheck(rrr, { mdaId: mda.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'amount-mismatch',
      payment: { status: 'pending' },
    });
    const rows = await ledgerRowsOf(rrr);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', receiptNumber: null });
  });

  it('403 for an officer who is not an administrator, 401 signed out', async () => {
    const officer = await signInAs(ctx, 'OFFICER_DA');
    const rrr = randomRrr();
    expect((await recheck(rrr, { mdaId: mda.id }, officer.bearer)).statusCode).toBe(403);
    expect((await recheck(rrr, { mdaId: mda.id }, {})).statusCode).toBe(401);
  });

  it('422 for a bad RRR or no MDA; 404 for an RRR Remita does not know', async () => {
    expect(outcomeOf(await recheck('1234', { mdaId: mda.id }))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await recheck(randomRrr(), {}))).toBe('422 VALIDATION_FAILED');
    const unknown = await recheck(randomRrr(), { mdaId: mda.id });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('RRR_NOT_FOUND');
  });

  it('the old re-push route is gone', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/remita/rrr/${randomRrr()}/repush`,
      payload: { mdaId: mda.id },
      headers: admin.bearer,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/v1/evas/rrr/:rrr/status', () => {
  function evas(rrr: string, headers: Record<string, string> = admin.bearer) {
    return ctx.app.inject({ method: 'GET', url: `/api/v1/evas/rrr/${rrr}/status`, headers });
  }

  it('shows a registration EVAS holds, its data parsed', async () => {
    const rrr = randomRrr();
    ctx.simulators.evas.register(rrr, {
      customerId: 'BYS-000123',
      transactionDate: new Date('2026-02-03T10:00:00Z'),
    });
    const res = await evas(rrr);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      rrr,
      customerId: 'BYS-000123',
      statusCode: '00',
      isRegistered: true,
    });
  });

  it('says an unknown RRR is not registered', async () => {
    const res = await evas(randomRrr());
    expect(res.statusCode).toBe(200);
    expect(res.json().isRegistered).toBe(false);
  });

  it('403 for an officer who is not an administrator, 401 signed out, 422 bad RRR', async () => {
    expect((await evas(randomRrr(), executive.bearer)).statusCode).toBe(403);
    expect((await evas(randomRrr(), {})).statusCode).toBe(401);
    expect(outcomeOf(await evas('abc'))).toBe('422 VALIDATION_FAILED');
  });
});
