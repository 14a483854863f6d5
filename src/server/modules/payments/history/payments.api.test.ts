import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPage, PaymentView } from '../../../../shared/payments';
import { payments } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import {
  createMda,
  createTaxpayer,
  type SignedIn,
  signInAs,
  signInMdaOfficer,
} from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { insertDirect } from '../../assessments/notices/testing';
import { createPayment, createRevenueHead, randomRrr } from '../testing';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
});

afterAll(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string> = admin.bearer) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function list(query: string, who: SignedIn = admin): Promise<PaymentPage> {
  const res = await get(`/api/v1/payments?${query}`, who.bearer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (page: PaymentPage) => page.items.map((p) => p.id).sort();

const mdaOfficerOf = (mdaIds: string[]) => signInMdaOfficer(ctx, mdaIds);

describe('GET /api/v1/payments: filters', () => {
  it('finds by every docs/product.md filter, and the totals are those of the filtered set', async () => {
    const mda = await createMda(ctx);
    const other = await createMda(ctx);
    const taxpayer = await createTaxpayer(ctx);
    await createRevenueHead(ctx, mda.id, { code: '12020401', name: 'Personal income tax' });
    const paid = await createPayment(ctx, {
      mdaId: mda.id,
      amountKobo: 500_000,
      btin: taxpayer.btin,
      payerName: 'Tonye Ebikabowei Preye',
      revenueHeadCode: '12020401',
      type: 'direct-assessment',
      subjectKind: 'assessment',
      subjectId: (await insertDirect(ctx)).assessment.id,
      sourceReference: `TRX-${randomUUID().slice(0, 8)}`,
      channel: 'card',
    });
    const bill = await createPayment(ctx, {
      mdaId: mda.id,
      status: 'pending',
      amountKobo: 250_000,
      payerName: 'Ayibaemi Tonye',
      type: 'stamp-duty',
    });
    const elsewhere = await createPayment(ctx, { mdaId: other.id, amountKobo: 100_000 });

    const byMda = await list(`mdaCode=${mda.code.toLowerCase()}`);
    expect(ids(byMda)).toEqual([paid.id, bill.id].sort());
    expect(byMda.total).toBe(2);
    expect(byMda.totals).toEqual({
      count: 2,
      amountKobo: 750_000,
      paidAmountKobo: 500_000,
      isCapped: false,
    });

    const one = byMda.items.find((p) => p.id === paid.id) as PaymentView;
    expect(one).toMatchObject({
      receiptNumber: paid.receiptNumber,
      rrr: paid.rrr,
      amountKobo: 500_000,
      status: 'paid',
      channel: 'card',
      mda: { id: mda.id, code: mda.code, name: mda.name },
      revenueHeadCode: '12020401',
      revenueHeadName: 'Personal income tax',
      btin: taxpayer.btin,
      createdBy: null,
      subjectKind: 'assessment',
      subjectId: paid.subjectId,
      assessmentId: paid.subjectId,
    });
    // A payment of nothing particular has no subject (ADR 0028).
    expect(byMda.items.find((p) => p.id === bill.id)).toMatchObject({
      subjectKind: null,
      subjectId: null,
      assessmentId: null,
    });

    const only = async (query: string, expected: string[]) =>
      expect(ids(await list(`${query}&mdaCode=${mda.code}`)), query).toEqual(expected.sort());
    await only(`assessmentId=${paid.subjectId}`, [paid.id]);
    await only('assessmentId=DA-not-an-id', []);
    await only(`btin=${taxpayer.btin}`, [paid.id]);
    await only('customerName=ebikabowei', [paid.id]);
    await only('customerName=tonye', [paid.id, bill.id]);
    // The reference is an RRR (with or without dashes), a receipt number, or the source's.
    const rrr = paid.rrr as string;
    await only(`paymentReference=${rrr.slice(0, 4)}-${rrr.slice(4, 8)}-${rrr.slice(8)}`, [paid.id]);
    await only(`paymentReference=${encodeURIComponent(paid.receiptNumber ?? '')}`, [paid.id]);
    await only(`paymentReference=${paid.sourceReference}`, [paid.id]);
    await only(`paymentReference=${bill.rrr}`, [bill.id]);
    await only('type=stamp-duty', [bill.id]);
    await only('channel=card', [paid.id]);
    await only('status=pending', [bill.id]);
    await only('status=reversed', []);
    expect(ids(await list(`paymentReference=${elsewhere.rrr}`))).toEqual([elsewhere.id]);
  });

  it('a % or _ in the name is a letter, not a wildcard', async () => {
    const mda = await createMda(ctx);
    await createPayment(ctx, { mdaId: mda.id, payerName: 'Plain Name' });
    expect((await list(`mdaCode=${mda.code}&customerName=%25`)).total).toBe(0);
    expect((await list(`mdaCode=${mda.code}&customerName=_`)).total).toBe(0);
  });

  it('dates are Lagos days, both included, on the date paid (or raised, for an unpaid bill)', async () => {
    const mda = await createMda(ctx);
    // 23:30 UTC on 1 March is 00:30 on 2 March in Lagos.
    const lateNight = await createPayment(ctx, {
      mdaId: mda.id,
      paidAt: new Date('2025-03-01T23:30:00Z'),
    });
    const onTheFirst = await createPayment(ctx, {
      mdaId: mda.id,
      paidAt: new Date('2025-03-01T12:00:00Z'),
    });
    const bill = await createPayment(ctx, { mdaId: mda.id, status: 'pending' });
    await ctx.db
      .update(payments)
      .set({ createdAt: new Date('2025-03-03T10:00:00Z') })
      .where(eq(payments.id, bill.id));
    const between = (start: string, end: string) =>
      list(`mdaCode=${mda.code}&startDate=${start}&endDate=${end}`).then(ids);
    expect(await between('2025-03-01', '2025-03-01')).toEqual([onTheFirst.id]);
    expect(await between('2025-03-02', '2025-03-02')).toEqual([lateNight.id]);
    expect(await between('2025-03-02', '2025-03-03')).toEqual([lateNight.id, bill.id].sort());
    expect(ids(await list(`mdaCode=${mda.code}&startDate=2025-03-03`))).toEqual([bill.id]);
    expect(ids(await list(`mdaCode=${mda.code}&endDate=2025-03-01`))).toEqual([onTheFirst.id]);
  });
});

describe('GET /api/v1/payments: paging and sort', () => {
  it('pages the filter in the asked order; the totals cover every page', async () => {
    const mda = await createMda(ctx);
    const amounts = [300_00, 100_00, 500_00, 200_00, 400_00];
    const made = [];
    for (const [i, amountKobo] of amounts.entries()) {
      made.push(
        await createPayment(ctx, {
          mdaId: mda.id,
          amountKobo,
          paidAt: new Date(Date.UTC(2025, 5, 1 + i)),
        }),
      );
    }
    const first = await list(`mdaCode=${mda.code}&sort=-amount&pageSize=2`);
    const second = await list(`mdaCode=${mda.code}&sort=-amount&pageSize=2&page=2`);
    const third = await list(`mdaCode=${mda.code}&sort=-amount&pageSize=2&page=3`);
    expect([...first.items, ...second.items, ...third.items].map((p) => p.amountKobo)).toEqual([
      500_00, 400_00, 300_00, 200_00, 100_00,
    ]);
    expect(first).toMatchObject({ page: 1, pageSize: 2, total: 5 });
    expect(third.totals).toEqual({
      count: 5,
      amountKobo: 1_500_00,
      paidAmountKobo: 1_500_00,
      isCapped: false,
    });

    const byPaidAt = await list(`mdaCode=${mda.code}&sort=paidAt`);
    expect(byPaidAt.items.map((p) => p.id)).toEqual(made.map((p) => p.id));
    const newestPaid = await list(`mdaCode=${mda.code}&sort=-paidAt&pageSize=1`);
    expect(newestPaid.items[0]?.id).toBe(made[4]?.id);
    const ascending = await list(`mdaCode=${mda.code}&sort=amount`);
    expect(ascending.items.map((p) => p.amountKobo)).toEqual([...amounts].sort((a, b) => a - b));
  });
});

describe('GET /api/v1/payments: who may see what', () => {
  it('an MDA officer sees only their MDAs’ payments, in the list and one by one', async () => {
    const mine = await createMda(ctx);
    const theirs = await createMda(ctx);
    const minePaid = await createPayment(ctx, { mdaId: mine.id });
    const theirsPaid = await createPayment(ctx, { mdaId: theirs.id });
    const officer = await mdaOfficerOf([mine.id]);

    const all = await list('pageSize=200', officer);
    expect(all.items.every((p) => p.mda.id === mine.id)).toBe(true);
    expect(ids(all)).toEqual([minePaid.id]);
    expect(all.totals.count).toBe(1);
    expect((await list(`mdaCode=${theirs.code}`, officer)).total).toBe(0);
    expect((await list(`paymentReference=${theirsPaid.rrr}`, officer)).total).toBe(0);

    expect((await get(`/api/v1/payments/${minePaid.id}`, officer.bearer)).statusCode).toBe(200);
    const hidden = await get(`/api/v1/payments/${theirsPaid.id}`, officer.bearer);
    expect(hidden.statusCode).toBe(404);
    expect(
      (await get(`/api/v1/payments/${theirsPaid.id}/receipt.pdf`, officer.bearer)).statusCode,
    ).toBe(404);

    const noPrivilege = await mdaOfficerOf([]);
    expect((await list('', noPrivilege)).total).toBe(0);
  });

  it('401 signed out, 403 for a user type without payment:read', async () => {
    const payment = await createPayment(ctx);
    for (const url of ['/api/v1/payments', `/api/v1/payments/${payment.id}`]) {
      expect((await get(url, {})).statusCode, url).toBe(401);
    }
    const benjis = await signInAs(ctx, 'OFFICER_BENJIS');
    const refused = await get('/api/v1/payments', benjis.bearer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('FORBIDDEN');
    expect((await get(`/api/v1/payments/${payment.id}`, benjis.bearer)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/payments: bad input', () => {
  it.each([
    ['startDate=2025-13-01', 'startDate'],
    ['endDate=yesterday', 'endDate'],
    ['pageSize=500', 'pageSize'],
    ['page=0', 'page'],
    ['status=refunded', 'status'],
    ['channel=cheque', 'channel'],
    ['type=land', 'type'],
    ['sort=payer', 'sort'],
    ['format=pdf', 'format'],
    [`customerName=${'a'.repeat(101)}`, 'customerName'],
  ])('%s → 422 naming %s', async (query, field) => {
    const res = await get(`/api/v1/payments?${query}`);
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(body.error.details)).toContain(field);
  });

  it('a start date after the end date is refused in words', async () => {
    const res = await get('/api/v1/payments?startDate=2025-03-02&endDate=2025-03-01');
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(res.json().error.message).toBe('The start date is after the end date.');
  });

  it('one payment: a malformed id is 422, an unknown one 404', async () => {
    expect(outcomeOf(await get('/api/v1/payments/not-a-uuid'))).toBe('422 VALIDATION_FAILED');
    const unknown = await get(`/api/v1/payments/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
  });

  it('a reference that is nobody’s finds nothing rather than failing', async () => {
    expect((await list(`paymentReference=${randomRrr()}`)).total).toBe(0);
    expect((await list('paymentReference=%27%3B%20drop%20table%20payments')).total).toBe(0);
  });
});
