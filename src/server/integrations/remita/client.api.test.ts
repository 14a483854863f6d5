import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing/context';
import { createIntegrations, type Integrations } from '../index';
import { INVOICE_PATH, invoiceHash, unwrapJsonp } from './protocol';
import type { NewSimInvoice, SimInvoice } from './simulatorState';
import {
  addSimInvoice,
  closedPortUrl,
  createRemitaMda,
  type RemitaMda,
  startReceiver,
} from './testing';
import { InvoiceAnswerLost, type RemitaInvoiceRequest } from './types';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let remita: Integrations['remita'];
let mda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  // The app's own wiring: no REMITA_BASE_URL, so the simulator on this server.
  remita = createIntegrations(ctx.config, () => ctx.baseUrl as string).remita;
  mda = await createRemitaMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

function addInvoice(overrides: Partial<NewSimInvoice> = {}): SimInvoice {
  return addSimInvoice(ctx, mda, overrides);
}

function bill(overrides: Partial<RemitaInvoiceRequest> = {}): RemitaInvoiceRequest {
  return {
    serviceTypeId: mda.credentials.serviceTypeIds[0] as string,
    amountKobo: 123_450,
    orderId: `RD-${Math.random().toString(36).slice(2, 12)}`,
    payerName: 'Timi Alaibe',
    payerEmail: 'timi@example.com',
    payerPhone: '08051112222',
    description: 'Certificate of Occupancy fees',
    ...overrides,
  };
}

describe('RRR status against the simulator', () => {
  it.each([
    ['00', 'Completed', 'paid', true],
    ['01', 'Approved', 'paid', true],
    ['021', 'Pending', 'pending', false],
    ['025', 'Payment reference generated', 'pending', false],
    ['02', 'Failed', 'failed', false],
    ['999', 'Unknown error', 'failed', false],
  ] as const)('maps code %s to "%s" (%s)', async (code, status, outcome, isPaid) => {
    const invoice = addInvoice({ statusCode: code });
    const answer = await remita.getRrrStatus(mda.credentials, invoice.rrr);
    expect(answer).toMatchObject({
      rrr: invoice.rrr,
      statusCode: code,
      status,
      outcome,
      isPaid,
      amountKobo: 500_000,
      orderId: invoice.orderId,
      payerName: 'Ebiere Douglas',
      payerPhone: '08031234567',
      transactionRef: isPaid ? `SIM${invoice.rrr}` : null,
    });
    expect(answer.message).not.toBe('');
  });

  it('reads the amount in naira into kobo and the Lagos time into ISO', async () => {
    const invoice = addInvoice({
      amountKobo: 123_450,
      statusCode: '00',
      paidAt: new Date('2026-11-20T13:03:11.000Z'),
    });
    const answer = await remita.getRrrStatus(mda.credentials, invoice.rrr);
    expect(answer.amountKobo).toBe(123_450);
    expect(answer.transactionDate).toBe('2026-11-20T13:03:11.000Z');
  });

  it('says the credentials are wrong (020) when the API key is not the merchant’s', async () => {
    const invoice = addInvoice();
    const wrongKey = { ...mda.credentials, apiKey: 'not-the-key' };
    const failure = remita.getRrrStatus(wrongKey, invoice.rrr);
    await expect(failure).rejects.toMatchObject({ code: 'REMITA_AUTH_FAILED' });
    await expect(failure).rejects.toThrow(/code 020.*merchant ID .* and API key/);
  });

  it('says the credentials are wrong (023) for a merchant Remita does not know', async () => {
    const invoice = addInvoice();
    const unknown = { ...mda.credentials, merchantId: '99999999999' };
    const failure = remita.getRrrStatus(unknown, invoice.rrr);
    await expect(failure).rejects.toMatchObject({ code: 'REMITA_AUTH_FAILED' });
    await expect(failure).rejects.toThrow(/code 023/);
  });

  it('says an RRR Remita does not know, or another merchant’s, is not found (022)', async () => {
    await expect(remita.getRrrStatus(mda.credentials, '123456789012')).rejects.toMatchObject({
      code: 'RRR_NOT_FOUND',
      message: expect.stringContaining('Remita has no payment with RRR 123456789012'),
    });
    const other = await createRemitaMda(ctx);
    const invoice = addInvoice();
    await expect(remita.getRrrStatus(other.credentials, invoice.rrr)).rejects.toMatchObject({
      code: 'RRR_NOT_FOUND',
    });
  });
});

describe('invoices (RRR generation)', () => {
  it('raises an RRR through the JSONP answer, which the status then knows', async () => {
    const request = bill();
    const invoice = await remita.generateRrr(mda.credentials, request);
    expect(invoice.statusCode).toBe('025');
    expect(invoice.rrr).toMatch(/^\d{12}$/);
    expect(ctx.simulators.remita.getInvoice(invoice.rrr)).toMatchObject({
      amountKobo: 123_450,
      orderId: request.orderId,
      payerName: 'Timi Alaibe',
      description: 'Certificate of Occupancy fees',
    });
    const status = await remita.getRrrStatus(mda.credentials, invoice.rrr);
    expect(status).toMatchObject({ statusCode: '025', isPaid: false, amountKobo: 123_450 });
  });

  it('is refused with a wrong key (020) or a service type the merchant does not have', async () => {
    await expect(
      remita.generateRrr({ ...mda.credentials, apiKey: 'wrong' }, bill()),
    ).rejects.toMatchObject({
      code: 'REMITA_AUTH_FAILED',
      message: expect.stringContaining('020'),
    });
    await expect(
      remita.generateRrr(mda.credentials, bill({ serviceTypeId: '1111111' })),
    ).rejects.toMatchObject({
      code: 'REMITA_AUTH_FAILED',
      message: expect.stringContaining('023'),
    });
  });

  it('hashes the amount exactly as sent: the simulator refuses "5000" hashed for "5000.00"', async () => {
    const { merchantId, apiKey, serviceTypeIds } = mda.credentials;
    const serviceTypeId = serviceTypeIds[0] as string;
    const send = (hashedAmount: string) =>
      fetch(`${ctx.baseUrl}/_sim/remita${INVOICE_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `remitaConsumerKey=${merchantId},remitaConsumerToken=${invoiceHash(merchantId, serviceTypeId, 'ORD-HASH', hashedAmount, apiKey)}`,
        },
        body: JSON.stringify({
          ...bill({ orderId: 'ORD-HASH' }),
          amountKobo: undefined,
          amount: '5000.00',
        }),
      }).then(async (answer) => {
        const text = await answer.text();
        expect(text).toMatch(/^jsonp \(/);
        return JSON.parse(unwrapJsonp(text));
      });
    expect(await send('5000')).toMatchObject({ statuscode: '020' });
    expect(await send('5000.00')).toMatchObject({ statuscode: '025', RRR: expect.any(String) });
  });
});

describe('the demo payment', () => {
  it('pays an RRR and pushes a Remita-shaped notification to the receiver', async () => {
    const receiver = await startReceiver();
    ctx.simulators.remita.notificationUrl = `${receiver.url}/api/v1/remita/notifications`;
    try {
      const invoice = addInvoice({ amountKobo: 250_050 });
      const answer = await fetch(`${ctx.baseUrl}/_sim/remita/pay/${invoice.rrr}`, {
        method: 'POST',
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({
        rrr: invoice.rrr,
        statusCode: '00',
        notified: true,
        notificationStatus: 200,
      });
      expect(receiver.bodies).toEqual([
        [
          expect.objectContaining({
            rrr: invoice.rrr,
            channnel: expect.any(String),
            amount: '2500.50',
            orderRef: invoice.orderId,
            serviceTypeId: invoice.serviceTypeId,
            payerName: 'Ebiere Douglas',
            payerPhoneNumber: '08031234567',
            transactiondate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
          }),
        ],
      ]);
      expect(await remita.getRrrStatus(mda.credentials, invoice.rrr)).toMatchObject({
        statusCode: '00',
        isPaid: true,
        amountKobo: 250_050,
      });
      expect(receiver.bodies).toHaveLength(1);
    } finally {
      ctx.simulators.remita.notificationUrl = null;
      await receiver.close();
    }
  });

  it('forges a paid amount on request, which the status then reports', async () => {
    const receiver = await startReceiver();
    ctx.simulators.remita.notificationUrl = receiver.url;
    try {
      const invoice = addInvoice({ amountKobo: 500_000 });
      const answer = await fetch(`${ctx.baseUrl}/_sim/remita/pay/${invoice.rrr}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amountKobo: 100 }),
      });
      expect(await answer.json()).toMatchObject({ notified: true });
      const status = await remita.getRrrStatus(mda.credentials, invoice.rrr);
      expect(status.amountKobo).toBe(100);
    } finally {
      ctx.simulators.remita.notificationUrl = null;
      await receiver.close();
    }
  });

  it('says when the notification could not be delivered, and 404s an unknown RRR', async () => {
    ctx.simulators.remita.notificationUrl = await closedPortUrl();
    try {
      const invoice = addInvoice();
      const answer = await fetch(`${ctx.baseUrl}/_sim/remita/pay/${invoice.rrr}`, {
        method: 'POST',
      });
      expect(await answer.json()).toMatchObject({ notified: false, notificationStatus: null });
    } finally {
      ctx.simulators.remita.notificationUrl = null;
    }
    const unknown = await fetch(`${ctx.baseUrl}/_sim/remita/pay/999999999999`, { method: 'POST' });
    expect(unknown.status).toBe(404);
  });
});

describe('order status (orderstatus.reg)', () => {
  it('finds the RRR Remita raised for an order id, with its status', async () => {
    const invoice = addInvoice({ amountKobo: 70_000 });
    expect(await remita.getOrderStatus(mda.credentials, invoice.orderId)).toMatchObject({
      rrr: invoice.rrr,
      orderId: invoice.orderId,
      statusCode: '025',
      isPaid: false,
      amountKobo: 70_000,
    });
    ctx.simulators.remita.pay(invoice.rrr);
    expect(await remita.getOrderStatus(mda.credentials, invoice.orderId)).toMatchObject({
      rrr: invoice.rrr,
      statusCode: '00',
      isPaid: true,
    });
  });

  it('answers null for an order Remita has none for, and refuses a wrong key', async () => {
    expect(await remita.getOrderStatus(mda.credentials, 'RD-NO-SUCH-ORDER')).toBeNull();
    const invoice = addInvoice();
    await expect(
      remita.getOrderStatus({ ...mda.credentials, apiKey: 'wrong' }, invoice.orderId),
    ).rejects.toMatchObject({ code: 'REMITA_AUTH_FAILED' });
  });

  it("another merchant's order is not found", async () => {
    const other = await createRemitaMda(ctx);
    const invoice = addInvoice();
    expect(await remita.getOrderStatus(other.credentials, invoice.orderId)).toBeNull();
  });
});

describe('no re-push', () => {
  it('the simulator answers no repush.reg path, as Remita publishes none', async () => {
    const invoice = addInvoice();
    const refusals: [string, number, string][] = [];
    for (const method of ['GET', 'POST']) {
      const answer = await fetch(
        `${ctx.baseUrl}/_sim/remita/remita/exapp/api/v1/send/api/echannelsvc/${mda.credentials.merchantId}/${invoice.rrr}/${'a'.repeat(128)}/repush.reg`,
        { method },
      );
      const body = await answer.text();
      expect(body).not.toContain('"status"');
      refusals.push([method, answer.status, JSON.parse(body).error.code]);
    }
    // RevDesk's own refusals, not Remita answers: the GET route's path pattern knows only
    // status.reg and orderstatus.reg, and no POST route has the path at all.
    expect(refusals).toEqual([
      ['GET', 422, 'VALIDATION_FAILED'],
      ['POST', 404, 'NOT_FOUND'],
    ]);
  });
});

describe('a lost paymentinit answer', () => {
  it('raises the RRR and closes the connection: the client says the answer was lost', async () => {
    const dropping = await createRemitaMda(ctx);
    ctx.simulators.remita.registerMerchant({ ...dropping.credentials, dropsInvoiceAnswers: true });
    const request = bill({ serviceTypeId: dropping.credentials.serviceTypeIds[0] as string });
    const lost = await remita.generateRrr(dropping.credentials, request).catch((err) => err);
    expect(lost).toBeInstanceOf(InvoiceAnswerLost);
    expect(lost).toMatchObject({ code: 'REMITA_UNAVAILABLE' });
    const found = await remita.getOrderStatus(dropping.credentials, request.orderId);
    expect(found).toMatchObject({ orderId: request.orderId, statusCode: '025' });
  });

  it('a clear refusal is not a lost answer', async () => {
    const refused = await remita
      .generateRrr(mda.credentials, bill({ amountKobo: 0 }))
      .catch((err) => err);
    expect(refused).toMatchObject({ code: 'REMITA_UNAVAILABLE' });
    expect(refused).not.toBeInstanceOf(InvoiceAnswerLost);
  });
});
