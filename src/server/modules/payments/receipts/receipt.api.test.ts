import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createPayment, createRevenueHead } from '../testing';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let secondAdmin: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'https://revdesk.birs.example' });
  admin = await signInAs(ctx, 'ADMIN');
  secondAdmin = await signInAs(ctx, 'ADMIN');
});

afterAll(async () => {
  await ctx.close();
});

const REASON = { reason: 'Paid twice for the same bill; refunded by the bank.' };

const reverse = (id: string, who: SignedIn = admin, payload: object = REASON) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/payments/${id}/reverse`,
    headers: who.bearer,
    payload,
  });
const receipt = (id: string, headers: Record<string, string> = admin.bearer) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${id}/receipt.pdf`, headers });
const verify = (code: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/public/receipts/${encodeURIComponent(code)}` });
const match = (number: string, amountKobo: number | string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1/public/receipts/match',
    query: { number, amountKobo: String(amountKobo) },
  });
const CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/;

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

describe('POST /api/v1/payments/{id}/reverse', () => {
  it('reverses a paid payment with its reason, audited; a second reversal is 409', async () => {
    const payment = await createPayment(ctx);
    const res = await reverse(payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: payment.id,
      status: 'reversed',
      receiptNumber: payment.receiptNumber,
      statusReason: REASON.reason,
      statusChangedBy: admin.officer.username,
    });
    const audits = await ctx.db
      .select({
        actorId: auditEvents.actorId,
        before: auditEvents.before,
        after: auditEvents.after,
      })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.reversed'), eq(auditEvents.entityId, payment.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: admin.officer.id,
      before: { status: 'paid' },
      after: { status: 'reversed', statusReason: REASON.reason },
    });
    const again = await reverse(payment.id);
    expect(outcomeOf(again)).toBe('409 CONFLICT');
    expect(again.json().error.message).toContain('Only a paid payment can be reversed');
  });

  it('two administrators at once: one 200 and one 409, one audit row', async () => {
    const payment = await createPayment(ctx);
    const answers = await Promise.all([reverse(payment.id), reverse(payment.id, secondAdmin)]);
    expect(answers.map(outcomeOf).sort()).toEqual(['200', '409 CONFLICT']);
    const audits = await ctx.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.reversed'), eq(auditEvents.entityId, payment.id)));
    expect(audits).toHaveLength(1);
  });

  it('a bill not paid is 409; bad input 422; unknown 404; 401; 403 without payment:reverse', async () => {
    const bill = await createPayment(ctx, { status: 'pending' });
    const notPaid = await reverse(bill.id);
    expect(outcomeOf(notPaid)).toBe('409 CONFLICT');
    expect(notPaid.json().error.details).toEqual({ status: 'pending' });

    const paid = await createPayment(ctx);
    expect(outcomeOf(await reverse(paid.id, admin, { reason: 'short' }))).toBe(
      '422 VALIDATION_FAILED',
    );
    expect(outcomeOf(await reverse(paid.id, admin, {}))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await reverse('nope', admin))).toBe('422 VALIDATION_FAILED');
    expect((await reverse(randomUUID(), admin)).statusCode).toBe(404);
    const signedOut = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/payments/${paid.id}/reverse`,
      payload: REASON,
    });
    expect(signedOut.statusCode).toBe(401);
    for (const userType of ['OFFICER_PA', 'OFFICER_MDA', 'EXECUTIVE'] as const) {
      const officer = await signInAs(ctx, userType);
      expect((await reverse(paid.id, officer)).statusCode, userType).toBe(403);
    }
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/payments/${paid.id}`,
          headers: admin.bearer,
        })
      ).json().status,
    ).toBe('paid');
  });
});

describe('GET /api/v1/payments/{id}/receipt.pdf', () => {
  it('prints the e-receipt: service, number, payer, MDA, head, amount in figures and words, RRR, QR URL', async () => {
    const mda = await createMda(ctx, { name: 'Bayelsa Ministry of Health' });
    await createRevenueHead(ctx, mda.id, { code: '12020401', name: 'Hospital fees' });
    const taxpayer = await createTaxpayer(ctx);
    const payment = await createPayment(ctx, {
      mdaId: mda.id,
      amountKobo: 123_450,
      btin: taxpayer.btin,
      payerName: 'Ebiere Alamieyeseigha',
      revenueHeadCode: '12020401',
      paidAt: new Date('2025-07-04T22:30:00Z'),
    });
    const res = await receipt(payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    const fileNumber = (payment.receiptNumber as string).replaceAll('/', '-');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${fileNumber}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    const rrr = payment.rrr as string;
    for (const expected of [
      'Bayelsa State Board of Internal Revenue',
      'e-Receipt',
      payment.receiptNumber as string,
      'Ebiere Alamieyeseigha',
      taxpayer.btin,
      'Bayelsa Ministry of Health',
      '12020401',
      'Hospital fees',
      '₦1,234.50',
      'One thousand, two hundred and thirty-four naira, fifty kobo',
      'Remita',
      `${rrr.slice(0, 4)}-${rrr.slice(4, 8)}-${rrr.slice(8)}`,
      // 22:30 UTC on 4 July is 23:30 in Lagos, the same day.
      '4 July 2025, 23:30 (Lagos time)',
      // The code, not the number: nothing to encode, nothing to walk (ADR 0032).
      `https://revdesk.birs.example/verify/receipt/${payment.publicCode}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('without PUBLIC_URL the QR code points at the address the officer used', async () => {
    const local = await createTestContext();
    try {
      const officer = await signInAs(local, 'ADMIN');
      const payment = await createPayment(local);
      const res = await local.app.inject({
        method: 'GET',
        url: `/api/v1/payments/${payment.id}/receipt.pdf`,
        headers: { ...officer.bearer, host: 'revdesk.local:3000' },
      });
      expect(res.statusCode).toBe(200);
      expect((await pdfText(res.rawPayload)).replace(/\s+/g, '')).toContain(
        `http://revdesk.local:3000/verify/receipt/${payment.publicCode}`,
      );
    } finally {
      await local.close();
    }
  });

  it('no receipt for a bill not paid (409) or a reversed payment (409, says reversed); 401, 403', async () => {
    const bill = await createPayment(ctx, { status: 'pending' });
    const pending = await receipt(bill.id);
    expect(outcomeOf(pending)).toBe('409 CONFLICT');
    expect(pending.json().error.message).toBe(
      'This bill has not been paid yet, so there is no receipt to print.',
    );
    const paid = await createPayment(ctx);
    expect((await reverse(paid.id)).statusCode).toBe(200);
    const reversed = await receipt(paid.id);
    expect(outcomeOf(reversed)).toBe('409 CONFLICT');
    expect(reversed.json().error.message).toMatch(
      /^This payment was reversed on \d{4}-\d{2}-\d{2}/,
    );
    expect(reversed.json().error.message).toContain(REASON.reason);

    expect((await receipt(bill.id, {})).statusCode).toBe(401);
    const benjis = await signInAs(ctx, 'OFFICER_BENJIS');
    expect((await receipt(bill.id, benjis.bearer)).statusCode).toBe(403);
    expect((await receipt(randomUUID())).statusCode).toBe(404);
  });
});

describe('GET /api/v1/public/receipts/{code}', () => {
  it('a genuine receipt: amount, day, MDA, masked payer — no BTIN, no time, never cached', async () => {
    const mda = await createMda(ctx, { name: 'Bayelsa Ministry of Lands' });
    const payment = await createPayment(ctx, {
      mdaId: mda.id,
      amountKobo: 500_000,
      payerName: 'Ebiere A. Alamieyeseigha',
      payerPhone: '+2348037777777',
      payerEmail: 'ebiere.private@example.ng',
      btin: (await createTaxpayer(ctx)).btin,
      // 23:30 in Lagos on 1 February.
      paidAt: new Date('2025-02-01T22:30:00Z'),
    });
    expect(payment.publicCode).toMatch(CODE);
    const res = await verify(payment.publicCode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      receiptNumber: payment.receiptNumber,
      isGenuine: true,
      status: 'paid',
      amountKobo: 500_000,
      paidOn: '2025-02-01',
      mdaName: 'Bayelsa Ministry of Lands',
      // The first name masked too (ADR 0032).
      payerName: 'E***** A* A*************',
    });
    for (const secret of [
      payment.rrr as string,
      payment.btin as string,
      '2348037777777',
      'ebiere.private',
      'Ebiere',
      'Alamieyeseigha',
      '22:30',
      '23:30',
      payment.id,
    ]) {
      expect(res.body, secret).not.toContain(secret);
    }
    // Typed from paper: lower case, spaces or a hyphen are the same code.
    const typed = `${payment.publicCode.slice(0, 5).toLowerCase()}-${payment.publicCode.slice(5)}`;
    expect((await verify(typed)).statusCode).toBe(200);
  });

  it('a reversed receipt is not genuine; an unknown code is 404 in words; a number is 422; all no-store', async () => {
    const payment = await createPayment(ctx);
    expect((await reverse(payment.id)).statusCode).toBe(200);
    const reversed = await verify(payment.publicCode);
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json()).toMatchObject({ isGenuine: false, status: 'reversed' });

    const unknown = await verify('ZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.json().error).toEqual({
      code: 'NOT_FOUND',
      message:
        'No receipt has this verification code. It may have been mistyped, or the receipt is not genuine.',
    });
    // The sequential number no longer answers with the receipt's facts.
    const byNumber = await verify(payment.receiptNumber as string);
    expect(outcomeOf(byNumber)).toBe('422 VALIDATION_FAILED');
    expect(byNumber.headers['cache-control']).toBe('no-store');
    expect(byNumber.body).not.toContain(payment.publicCode);
    expect(outcomeOf(await verify('x'.repeat(65)))).toBe('422 VALIDATION_FAILED');
    // Look-alikes are not in the alphabet: a code with an O, a 0, an I, an L or a 1 is none.
    expect(outcomeOf(await verify('O0IL1ABCDE'))).toBe('422 VALIDATION_FAILED');
    // A bill not paid yet has a code, but no receipt to answer for.
    const bill = await createPayment(ctx, { status: 'pending' });
    expect((await verify(bill.publicCode)).statusCode).toBe(404);
  });

  it('codes are unique, random and not in the order of the receipts', async () => {
    const made = [];
    for (let i = 0; i < 25; i += 1) made.push(await createPayment(ctx));
    const codes = made.map((p) => p.publicCode);
    for (const code of codes) expect(code).toMatch(CODE);
    expect(new Set(codes).size).toBe(codes.length);
    // Consecutive receipts share no run of characters a walker could count on: at most a few
    // positions alike by chance (1 in 31 each).
    for (let i = 1; i < codes.length; i += 1) {
      const [a, b] = [codes[i - 1] as string, codes[i] as string];
      const alike = [...a].filter((c, k) => b[k] === c).length;
      expect(alike, `${a} ${b}`).toBeLessThanOrEqual(4);
    }
    // Every character of the alphabet turns up and none other (250 characters drawn).
    expect(new Set(codes.join('')).size).toBeGreaterThan(25);
  });
});

describe('GET /api/v1/public/receipts/match', () => {
  it('the bare number answers match or no match against the printed amount, nothing else', async () => {
    const payment = await createPayment(ctx, { amountKobo: 2_500_000 });
    const number = payment.receiptNumber as string;
    const yes = await match(number, 2_500_000);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.headers['cache-control']).toBe('no-store');
    expect(yes.json()).toEqual({ match: true });
    expect((await match(number.toLowerCase(), 2_500_000)).json()).toEqual({ match: true });
    const wrong = await match(number, 2_500_001);
    expect(wrong.json()).toEqual({ match: false });
    expect((await match('BIRS/2025/9999999', 2_500_000)).json()).toEqual({ match: false });
    for (const res of [yes, wrong]) {
      for (const secret of ['Ebiere', payment.publicCode, payment.rrr as string]) {
        expect(res.body).not.toContain(secret);
      }
    }
    expect((await reverse(payment.id)).statusCode).toBe(200);
    // A reversed receipt proves no payment: no match.
    expect((await match(number, 2_500_000)).json()).toEqual({ match: false });
    expect(outcomeOf(await match(number, 'lots'))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await match('', 1))).toBe('422 VALIDATION_FAILED');
  });

  it('one address checking too many receipts is told to wait (429, no-store), by code or number alike', async () => {
    const payment = await createPayment(ctx);
    const byCode = `/api/v1/public/receipts/${payment.publicCode}`;
    const byNumber = `/api/v1/public/receipts/match?number=${encodeURIComponent(payment.receiptNumber as string)}&amountKobo=1`;
    const from = (remoteAddress: string, url: string) =>
      ctx.app.inject({ method: 'GET', url, remoteAddress });
    // A fixed window: within twice the limit the address is refused at least once.
    let refused: Awaited<ReturnType<typeof from>> | null = null;
    for (let i = 0; i <= 2 * ctx.config.publicCheckRateLimitPerMinute && !refused; i += 1) {
      const res = await from('10.9.8.7', i % 2 ? byCode : byNumber);
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(refused?.json().error.code).toBe('RATE_LIMITED');
    expect(refused?.headers['cache-control']).toBe('no-store');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('10.9.8.8', byCode)).statusCode).toBe(200);
  });
});
