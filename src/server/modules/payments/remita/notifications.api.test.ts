import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, payments, taxpayers } from '../../../db/schema';
import { notificationOf } from '../../../integrations/remita/simulator';
import type { SimInvoice } from '../../../integrations/remita/simulatorState';
import {
  addSimInvoice,
  createRemitaMda,
  type RemitaMda,
} from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, uniquePhone } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createPayment, randomRrr } from '../testing';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let mda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  mda = await createRemitaMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

function notify(body: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/remita/notifications',
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Remita's own notification of a paid invoice (the simulator's wording of it). */
function notificationFor(invoice: SimInvoice, overrides: Record<string, unknown> = {}) {
  const [item] = notificationOf(invoice);
  return [{ ...item, ...overrides }];
}

function paidInvoice(overrides: Parameters<typeof addSimInvoice>[2] = {}) {
  return addSimInvoice(ctx, mda, { statusCode: '00', payerPhone: uniquePhone(), ...overrides });
}

async function ledgerRowsOf(rrr: string) {
  return ctx.db.select().from(payments).where(eq(payments.rrr, rrr));
}

/**
 * The refusals of an RRR: each request's refusals are one audit row (ADR 0031) naming its first
 * few items; each is returned as that row with `after` narrowed to the item.
 */
async function refusalsOf(rrr: string) {
  const rows = await ctx.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'payment.notification_refused'),
        sql`${auditEvents.after}->'items' @> ${JSON.stringify([{ rrr }])}::jsonb`,
      ),
    );
  return rows.map((row) => {
    const items = (row.after as { items: Array<{ rrr: string }> }).items;
    return { ...row, after: items.find((item) => item.rrr === rrr) };
  });
}

describe('POST /api/v1/remita/notifications', () => {
  it('records a paid RRR once, answers OK in plain text, needs no session', async () => {
    const invoice = paidInvoice({ amountKobo: 1_500_000 });
    const res = await notify(notificationFor(invoice));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const rows = await ledgerRowsOf(invoice.rrr);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'paid',
      amountKobo: 1_500_000,
      mdaId: mda.id,
      arrival: 'notification',
      createdBy: null,
      sourceReference: `SIM${invoice.rrr}`,
    });
    expect(rows[0]?.receiptNumber).toMatch(/^BIRS\/\d{4}\/\d{7}$/);

    const replay = await notify(notificationFor(invoice));
    expect(replay.statusCode).toBe(200);
    expect(await ledgerRowsOf(invoice.rrr)).toHaveLength(1);
  });

  it('auto-registers a payer with a name and phone, and links the next payment of that phone', async () => {
    const phone = uniquePhone();
    const first = paidInvoice({
      payerName: 'Tari  Ebi Owei',
      payerPhone: phone,
      payerEmail: 'Tari@Example.ng',
    });
    await notify(notificationFor(first));
    const [payment] = await ledgerRowsOf(first.rrr);
    expect(payment?.btin).toMatch(/^\d{10}$/);
    const [taxpayer] = await ctx.db
      .select()
      .from(taxpayers)
      .where(eq(taxpayers.btin, payment?.btin as string));
    expect(taxpayer).toMatchObject({
      kind: 'individual',
      source: 'auto-reg',
      firstName: 'Tari',
      middleName: 'Ebi',
      lastName: 'Owei',
      phone,
      email: 'tari@example.ng',
    });

    const second = paidInvoice({ payerName: 'T. Owei', payerPhone: phone });
    await notify(notificationFor(second));
    const [again] = await ledgerRowsOf(second.rrr);
    expect(again?.btin).toBe(payment?.btin);
    const samePhone = await ctx.db.select().from(taxpayers).where(eq(taxpayers.phone, phone));
    expect(samePhone).toHaveLength(1);
  });

  it('links to an existing taxpayer who has the phone instead of registering a duplicate', async () => {
    const known = await createTaxpayer(ctx);
    const invoice = paidInvoice({ payerName: 'Somebody Else', payerPhone: known.phone as string });
    await notify(notificationFor(invoice));
    const [row] = await ledgerRowsOf(invoice.rrr);
    expect(row?.btin).toBe(known.btin);
  });

  it('uses a BTIN the payer gave in a custom field', async () => {
    const known = await createTaxpayer(ctx);
    const invoice = paidInvoice({ payerName: 'Paid For By A Cousin' });
    await notify(
      notificationFor(invoice, {
        customFieldData: [{ DESCRIPTION: 'BTIN', PIDVAL: known.btin }],
      }),
    );
    const [row] = await ledgerRowsOf(invoice.rrr);
    expect(row?.btin).toBe(known.btin);
  });

  it('leaves a payer without a phone unmatched', async () => {
    const invoice = paidInvoice({ payerPhone: '' });
    await notify(notificationFor(invoice));
    const [row] = await ledgerRowsOf(invoice.rrr);
    expect(row).toMatchObject({ status: 'paid', btin: null });
  });

  it('takes a single object as well as an array, and ignores fields it does not know', async () => {
    const invoice = paidInvoice();
    const [item] = notificationFor(invoice, { somethingNew: { nested: true } });
    expect((await notify(item)).statusCode).toBe(200);
    expect(await ledgerRowsOf(invoice.rrr)).toHaveLength(1);
  });

  it('refuses a forged amount: records nothing, audits why, still answers OK', async () => {
    const invoice = paidInvoice({ amountKobo: 500_000 });
    const res = await notify(notificationFor(invoice, { amount: 50_000_000 }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(await ledgerRowsOf(invoice.rrr)).toHaveLength(0);
    const [refusal] = await refusalsOf(invoice.rrr);
    expect(refusal?.after).toMatchObject({ reason: 'amount-mismatch', mdaId: mda.id });
    expect(refusal?.actorUsername).toBe('anonymous');
  });

  it('refuses a paid amount that differs from the bill raised here', async () => {
    const invoice = addSimInvoice(ctx, mda, { amountKobo: 200_000 });
    const bill = await createPayment(ctx, {
      status: 'pending',
      mdaId: mda.id,
      rrr: invoice.rrr,
      amountKobo: 200_000,
    });
    const paid = ctx.simulators.remita.pay(invoice.rrr, { amountKobo: 100 });
    await notify(notificationFor(paid));
    const [row] = await ledgerRowsOf(invoice.rrr);
    expect(row?.status).toBe('pending');
    const [refusal] = await refusalsOf(invoice.rrr);
    expect(refusal?.entityId).toBe(bill.id);
    expect(refusal?.after).toMatchObject({ reason: 'bill-amount-mismatch' });
  });

  it('marks a bill raised here paid, keeping its taxpayer', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const invoice = addSimInvoice(ctx, mda, { amountKobo: 300_000 });
    await createPayment(ctx, {
      status: 'pending',
      mdaId: mda.id,
      rrr: invoice.rrr,
      amountKobo: 300_000,
      btin: taxpayer.btin,
    });
    const paid = ctx.simulators.remita.pay(invoice.rrr);
    await notify(notificationFor(paid));
    const [row] = await ledgerRowsOf(invoice.rrr);
    expect(row).toMatchObject({ status: 'paid', btin: taxpayer.btin, arrival: 'invoice' });
  });

  it('refuses an RRR Remita does not know, and one that is not paid', async () => {
    const unknown = paidInvoice();
    const forged = notificationFor(unknown, { rrr: randomRrr() })[0] as { rrr: string };
    const pending = addSimInvoice(ctx, mda);
    const res = await notify([forged, ...notificationFor(pending)]);
    expect(res.statusCode).toBe(200);
    expect(await ledgerRowsOf(forged.rrr)).toHaveLength(0);
    expect(await ledgerRowsOf(pending.rrr)).toHaveLength(0);
    expect((await refusalsOf(forged.rrr))[0]?.after).toMatchObject({ reason: 'unknown-rrr' });
    expect((await refusalsOf(pending.rrr))[0]?.after).toMatchObject({ reason: 'unpaid' });
  });

  it('refuses an RRR of a service type no MDA collects with', async () => {
    const invoice = paidInvoice();
    await notify(notificationFor(invoice, { serviceTypeId: '1' }));
    expect(await ledgerRowsOf(invoice.rrr)).toHaveLength(0);
    expect((await refusalsOf(invoice.rrr))[0]?.after).toMatchObject({ reason: 'unknown-mda' });
  });

  it('400 for a body that is not JSON, 422 for an empty list or a body that holds no items', async () => {
    const broken = await notify('[{"rrr": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('BAD_REQUEST');
    expect(outcomeOf(await notify([]))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await notify('"OK"'))).toBe('422 VALIDATION_FAILED');
  });

  it('refuses a malformed item alone, audited, and records the good ones beside it', async () => {
    const first = paidInvoice();
    const second = paidInvoice();
    const badRrr = `BAD-${randomRrr()}`;
    const res = await notify([
      ...notificationFor(first),
      { ...notificationFor(first)[0], rrr: badRrr },
      ...notificationFor(second),
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(await ledgerRowsOf(first.rrr)).toHaveLength(1);
    expect(await ledgerRowsOf(second.rrr)).toHaveLength(1);
    const [refusal] = await refusalsOf(badRrr);
    expect(refusal?.after).toMatchObject({
      reason: 'malformed-item',
      message: expect.stringContaining('rrr'),
      claimedAmount: '5000',
    });
    // An item that is not even an object is refused alone too.
    const third = paidInvoice();
    expect((await notify([42, ...notificationFor(third)])).statusCode).toBe(200);
    expect(await ledgerRowsOf(third.rrr)).toHaveLength(1);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['written with a thousands separator', '1,234.00'],
    ['not a number', 'five thousand'],
  ])("judges an item whose amount is %s on Remita's amount against the bill", async (_, amount) => {
    const paid = paidInvoice({ amountKobo: 123_400 });
    await notify(notificationFor(paid, { amount }));
    expect(await ledgerRowsOf(paid.rrr)).toMatchObject([{ status: 'paid', amountKobo: 123_400 }]);

    const invoice = addSimInvoice(ctx, mda, { amountKobo: 200_000 });
    await createPayment(ctx, {
      status: 'pending',
      mdaId: mda.id,
      rrr: invoice.rrr,
      amountKobo: 200_000,
    });
    const short = ctx.simulators.remita.pay(invoice.rrr, { amountKobo: 123_400 });
    expect((await notify(notificationFor(short, { amount }))).body).toBe('OK');
    expect(await ledgerRowsOf(invoice.rrr)).toMatchObject([{ status: 'pending' }]);
    expect((await refusalsOf(invoice.rrr))[0]?.after).toMatchObject({
      reason: 'bill-amount-mismatch',
    });
  });

  it('sends what Remita sends: text amounts, dates requested and sent, channnel, custom fields', () => {
    const [item] = notificationOf(paidInvoice({ amountKobo: 250_050 }));
    expect(item).toMatchObject({
      amount: '2500.50',
      channnel: 'BRANCH',
      dateRequested: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      dateSent: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      customFieldData: [{ DESCRIPTION: 'Description', COLVAL: 'Test fees' }],
    });
  });
  it('records exactly one payment for 100 concurrent replays, and no 500', async () => {
    const invoice = paidInvoice({ amountKobo: 4_200_000, payerName: 'Preye Dickson' });
    const body = notificationFor(invoice);
    const answers = await Promise.all(Array.from({ length: 100 }, () => notify(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    const rows = await ledgerRowsOf(invoice.rrr);
    expect(rows).toHaveLength(1);
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
    const registered = await ctx.db
      .select()
      .from(taxpayers)
      .where(eq(taxpayers.phone, rows[0]?.payerPhone as string));
    expect(registered).toHaveLength(1);
    expect(await refusalsOf(invoice.rrr)).toHaveLength(0);
  });
});

describe('a flood of made-up RRRs', () => {
  it('writes ONE audit row for a request of 100 refused items, with the count and the first few', async () => {
    const before = await refusalRowCount();
    const made = Array.from({ length: 100 }, () => ({ rrr: randomRrr(), amount: '100' }));
    const res = await notify(made);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect((await refusalRowCount()) - before).toBe(1);
    const [row] = await refusalsOf(made[0]?.rrr as string);
    expect(row?.actorUsername).toBe('anonymous');
    const whole = row
      ? await ctx.db.select().from(auditEvents).where(eq(auditEvents.id, row.id))
      : [];
    expect(whole[0]?.after).toMatchObject({
      refusedCount: 100,
      itemCount: 100,
      reasons: { 'unknown-mda': 100 },
      items: made.slice(0, 5).map((m) => expect.objectContaining({ rrr: m.rrr })),
    });
    expect((whole[0]?.after as { items: unknown[] } | undefined)?.items).toHaveLength(5);
  });

  it('refuses more than 100 items in one notification with 422, before asking Remita', async () => {
    const before = await refusalRowCount();
    const res = await notify(Array.from({ length: 101 }, () => ({ rrr: randomRrr() })));
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(await refusalRowCount()).toBe(before);
  });

  it('limits the items per minute from one address as well as the requests', async () => {
    const limited = await createTestContext({ remitaNotificationItemsPerMinute: 150 });
    try {
      const send = (count: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/remita/notifications',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(Array.from({ length: count }, () => ({ rrr: randomRrr() }))),
        });
      expect((await send(100)).statusCode).toBe(200);
      expect((await send(40)).statusCode).toBe(200);
      // Two requests only, but 140 + 20 items passes 150 in the minute.
      const over = await send(20);
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('RATE_LIMITED');
      expect(over.json().error.message).toMatch(/payment notification items/);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

async function refusalRowCount(): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditEvents)
    .where(eq(auditEvents.action, 'payment.notification_refused'));
  return row?.n ?? 0;
}

describe('the body of a notification, whatever its content type', () => {
  function post(payload: string, contentType: string | null) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remita/notifications',
      headers: contentType ? { 'content-type': contentType } : {},
      payload,
    });
  }

  it.each([
    ['text/plain', (json: string) => json],
    ['text/plain; charset=utf-8', (json: string) => json],
    ['application/x-www-form-urlencoded', (json: string) => json],
    ['application/x-www-form-urlencoded', (json: string) => encodeURIComponent(json)],
    ['application/x-www-form-urlencoded', (json: string) => `data=${encodeURIComponent(json)}`],
    [null, (json: string) => json],
  ])('reads JSON sent as %s', async (contentType, encode) => {
    const invoice = paidInvoice();
    const res = await post(encode(JSON.stringify(notificationFor(invoice))), contentType);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(await ledgerRowsOf(invoice.rrr)).toHaveLength(1);
  });

  it('answers a clear 400 in the error shape for a body that is not JSON', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', null]) {
      const res = await post('rrr=280000000001&amount=5000', contentType);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'BAD_REQUEST', message: expect.stringContaining('not JSON') },
      });
    }
    const empty = await post('', 'text/plain');
    expect(empty.statusCode).toBe(400);
  });

  it('leaves every other route to its own parsers: a form is still refused there', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '{"username":"x","password":"y"}',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('when Remita cannot confirm a notification', () => {
  it('answers 502 so Remita sends it again, and records it when it comes back', async () => {
    const slow = await createRemitaMda(ctx);
    const invoice = addSimInvoice(ctx, slow, { statusCode: '00', payerPhone: uniquePhone() });
    // Slower than the test app's 2 s deadline (src/server/testing/context.ts).
    ctx.simulators.remita.registerMerchant({ ...slow.credentials, delayMs: 2_500 });
    const refused = await notify(notificationFor(invoice));
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toMatchObject({
      code: 'REMITA_UNAVAILABLE',
      message: expect.stringContaining(invoice.rrr),
    });
    expect(await ledgerRowsOf(invoice.rrr)).toHaveLength(0);
    expect((await refusalsOf(invoice.rrr))[0]?.after).toMatchObject({
      reason: 'remita-unavailable',
    });

    ctx.simulators.remita.registerMerchant({ ...slow.credentials, delayMs: 0 });
    const resent = await notify(notificationFor(invoice));
    expect(resent.statusCode).toBe(200);
    expect(await ledgerRowsOf(invoice.rrr)).toHaveLength(1);
  });
});
