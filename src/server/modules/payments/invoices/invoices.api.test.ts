import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentView } from '../../../../shared/payments';
import type { TaxpayerView } from '../../../../shared/taxpayers';
import { auditEvents, mdaRevenueHeads, payments } from '../../../db/schema';
import { createRemitaMda, type RemitaMda } from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { signInForMdas } from '../remita/testing';
import { createRevenueHead } from '../testing';

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let officer: SignedIn;
let mda: RemitaMda;
let otherMda: RemitaMda;
let taxpayer: TaxpayerView;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  officer = await signInAs(ctx, 'OFFICER_DA');
  mda = await createRemitaMda(ctx);
  otherMda = await createRemitaMda(ctx);
  taxpayer = await createTaxpayer(ctx, { email: 'ebiere@example.ng' });
});

afterAll(async () => {
  await ctx?.close();
});

function invoiceBody(overrides: Record<string, unknown> = {}) {
  return {
    btin: taxpayer.btin,
    mdaId: mda.id,
    revenueHeadCode: mda.revenueHeadCode,
    amountKobo: 2_500_000,
    description: 'Development levy 2026',
    ...overrides,
  };
}

function send(
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = officer.bearer,
) {
  return ctx.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function raise(overrides: Record<string, unknown> = {}, headers = officer.bearer) {
  const res = await send('POST', '/api/v1/invoices', invoiceBody(overrides), headers);
  if (res.statusCode !== 201) throw new Error(`invoice failed: ${res.statusCode} ${res.body}`);
  return res.json<PaymentView>();
}

describe('POST /api/v1/invoices', () => {
  it('gets an RRR from Remita and stores the bill as a pending payment, audited', async () => {
    const res = await send(
      'POST',
      '/api/v1/invoices',
      invoiceBody({ type: 'demand-notice', assessmentId: 'DN-2026-0042' }),
    );
    expect(res.statusCode).toBe(201);
    const bill = res.json<PaymentView>();
    expect(bill).toMatchObject({
      rrr: expect.stringMatching(/^\d{12}$/),
      status: 'pending',
      arrival: 'invoice',
      receiptNumber: null,
      amountKobo: 2_500_000,
      mda: { id: mda.id, code: mda.code },
      revenueHeadCode: mda.revenueHeadCode,
      revenueHeadName: 'Test fees',
      btin: taxpayer.btin,
      payerName: taxpayer.displayName,
      payerEmail: 'ebiere@example.ng',
      type: 'demand-notice',
      // The deprecated assessmentId names no RevDesk record here (a paper demand notice): it
      // stays in the description, and the bill pays nothing particular (ADR 0028).
      description: 'Development levy 2026 · Ref. DN-2026-0042',
      subjectKind: null,
      subjectId: null,
      assessmentId: null,
      createdBy: officer.officer.username,
    });
    expect(bill.orderId).toMatch(/^RD[0-9A-Z]+$/);
    expect(bill.orderId?.length).toBeLessThanOrEqual(50);

    const remitaSide = ctx.simulators.remita.getInvoice(bill.rrr as string);
    expect(remitaSide).toMatchObject({
      amountKobo: 2_500_000,
      orderId: bill.orderId,
      serviceTypeId: mda.credentials.serviceTypeIds[0],
      payerEmail: 'ebiere@example.ng',
      statusCode: '025',
    });
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.billed'), eq(auditEvents.entityId, bill.id)));
    expect(audits).toHaveLength(1);
  });

  it('sends Remita a placeholder e-mail for a taxpayer who has none, and keeps none', async () => {
    const noEmail = await createTaxpayer(ctx);
    const bill = await raise({ btin: noEmail.btin });
    expect(bill.payerEmail).toBeNull();
    expect(ctx.simulators.remita.getInvoice(bill.rrr as string)?.payerEmail).toMatch(/^noreply@/);
  });

  it('422 for a bill linked to an assessment or a certificate: those bill themselves', async () => {
    for (const type of ['direct-assessment', 'presumptive-tax', 'tcc']) {
      const res = await send(
        'POST',
        '/api/v1/invoices',
        invoiceBody({ type, assessmentId: '7d1f6c4e-0a4b-4d1e-9a51-2f0c3b5e8a10' }),
      );
      expect(outcomeOf(res), type).toBe('422 VALIDATION_FAILED');
      expect(res.body).toContain('assessmentId');
    }
  });

  it('404 TAXPAYER_NOT_FOUND for a BTIN nobody has; 404 for an unknown MDA', async () => {
    const nobody = await send('POST', '/api/v1/invoices', invoiceBody({ btin: '1000000000' }));
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().error.code).toBe('TAXPAYER_NOT_FOUND');
    const unknown = await send(
      'POST',
      '/api/v1/invoices',
      invoiceBody({ mdaId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('422 naming revenueHeadCode for a head the MDA does not have, or has made inactive', async () => {
    const missing = await send(
      'POST',
      '/api/v1/invoices',
      invoiceBody({ revenueHeadCode: '99999999' }),
    );
    expect(outcomeOf(missing)).toBe('422 VALIDATION_FAILED');
    expect(missing.json().error.details.issues[0].path).toBe('revenueHeadCode');

    const head = await createRevenueHead(ctx, mda.id, { code: '12029999', name: 'Old levy' });
    await ctx.db
      .update(mdaRevenueHeads)
      .set({ isActive: false })
      .where(eq(mdaRevenueHeads.id, head.id));
    const inactive = await send(
      'POST',
      '/api/v1/invoices',
      invoiceBody({ revenueHeadCode: '12029999' }),
    );
    expect(outcomeOf(inactive)).toBe('422 VALIDATION_FAILED');
    expect(inactive.json().error.details.issues[0].path).toBe('revenueHeadCode');
  });

  it('422 REMITA_NOT_CONFIGURED for an MDA with no credentials', async () => {
    const bare = await createMda(ctx);
    await createRevenueHead(ctx, bare.id, { code: '12020401', name: 'Fees' });
    const res = await send(
      'POST',
      '/api/v1/invoices',
      invoiceBody({ mdaId: bare.id, revenueHeadCode: '12020401' }),
    );
    expect(outcomeOf(res)).toBe('422 REMITA_NOT_CONFIGURED');
  });

  it.each([
    [{ btin: '123' }, 'btin'],
    [{ amountKobo: 0 }, 'amountKobo'],
    [{ amountKobo: 12.5 }, 'amountKobo'],
    [{ description: '' }, 'description'],
    [{ mdaId: 'not-a-uuid' }, 'mdaId'],
  ])('422 for bad input %o', async (overrides, field) => {
    const res = await send('POST', '/api/v1/invoices', invoiceBody(overrides));
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(JSON.stringify(res.json().error.details)).toContain(field);
  });

  it('403 for an officer who raises no bills, 401 signed out', async () => {
    const executive = await signInAs(ctx, 'EXECUTIVE');
    expect(
      (await send('POST', '/api/v1/invoices', invoiceBody(), executive.bearer)).statusCode,
    ).toBe(403);
    expect((await send('POST', '/api/v1/invoices', invoiceBody(), {})).statusCode).toBe(401);
  });

  it('lets MDA staff bill for their own MDA only', async () => {
    const staff = await signInForMdas(ctx, 'OFFICER_MDA', [mda.id]);
    expect((await send('POST', '/api/v1/invoices', invoiceBody(), staff.bearer)).statusCode).toBe(
      201,
    );
    const foreign = await send(
      'POST',
      '/api/v1/invoices',
      invoiceBody({ mdaId: otherMda.id, revenueHeadCode: otherMda.revenueHeadCode }),
      staff.bearer,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('GET /api/v1/invoices', () => {
  it('lists bills newest first, by BTIN and status, MDA staff their MDAs only', async () => {
    const payer = await createTaxpayer(ctx);
    const older = await raise({ btin: payer.btin, amountKobo: 10_000 });
    const newer = await raise({
      btin: payer.btin,
      amountKobo: 20_000,
      mdaId: otherMda.id,
      revenueHeadCode: otherMda.revenueHeadCode,
    });
    const res = await send('GET', `/api/v1/invoices?btin=${payer.btin}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, page: 1 });
    expect(res.json().items.map((i: PaymentView) => i.id)).toEqual([newer.id, older.id]);

    const paid = await send('GET', `/api/v1/invoices?btin=${payer.btin}&status=paid`);
    expect(paid.json().total).toBe(0);

    const staff = await signInForMdas(ctx, 'OFFICER_MDA', [mda.id]);
    const scoped = await send(
      'GET',
      `/api/v1/invoices?btin=${payer.btin}`,
      undefined,
      staff.bearer,
    );
    expect(scoped.json().items.map((i: PaymentView) => i.id)).toEqual([older.id]);
  });

  it('422 for an unknown status, 403 and 401', async () => {
    expect(outcomeOf(await send('GET', '/api/v1/invoices?status=lost'))).toBe(
      '422 VALIDATION_FAILED',
    );
    const executive = await signInAs(ctx, 'EXECUTIVE');
    expect((await send('GET', '/api/v1/invoices', undefined, executive.bearer)).statusCode).toBe(
      403,
    );
    expect((await send('GET', '/api/v1/invoices', undefined, {})).statusCode).toBe(401);
  });
});

describe('POST /api/v1/invoices/:id/cancel', () => {
  const reason = { reason: 'Raised against the wrong revenue head' };

  it('cancels a bill not yet paid, with the reason, audited; then 409', async () => {
    const bill = await raise();
    const res = await send('POST', `/api/v1/invoices/${bill.id}/cancel`, reason);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      statusReason: reason.reason,
      statusChangedBy: officer.officer.username,
    });
    const again = await send('POST', `/api/v1/invoices/${bill.id}/cancel`, reason);
    expect(outcomeOf(again)).toBe('409 CONFLICT');
  });

  it('409 for a bill already paid', async () => {
    const bill = await raise();
    ctx.simulators.remita.pay(bill.rrr as string);
    const check = await send('GET', `/api/v1/remita/rrr/${bill.rrr}/status?mdaId=${mda.id}`);
    expect(check.json().payment.status).toBe('paid');
    const res = await send('POST', `/api/v1/invoices/${bill.id}/cancel`, reason);
    expect(outcomeOf(res)).toBe('409 CONFLICT');
    expect(res.json().error.message).toContain('paid');
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, bill.id));
    expect(row?.status).toBe('paid');
  });

  it('404 for a bill of another MDA (MDA staff) or an unknown id; 422 short reason; 403', async () => {
    const foreign = await raise({ mdaId: otherMda.id, revenueHeadCode: otherMda.revenueHeadCode });
    const staff = await signInForMdas(ctx, 'OFFICER_MDA', [mda.id]);
    expect(
      (await send('POST', `/api/v1/invoices/${foreign.id}/cancel`, reason, staff.bearer))
        .statusCode,
    ).toBe(404);
    expect(
      (await send('POST', '/api/v1/invoices/00000000-0000-4000-8000-000000000000/cancel', reason))
        .statusCode,
    ).toBe(404);
    expect(
      outcomeOf(await send('POST', `/api/v1/invoices/${foreign.id}/cancel`, { reason: 'no' })),
    ).toBe('422 VALIDATION_FAILED');
    const executive = await signInAs(ctx, 'EXECUTIVE');
    expect(
      (await send('POST', `/api/v1/invoices/${foreign.id}/cancel`, reason, executive.bearer))
        .statusCode,
    ).toBe(403);
  });
});
