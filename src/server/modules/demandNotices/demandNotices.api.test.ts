import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLagos } from '../../../shared/dates';
import type {
  DemandNoticeCreated,
  DemandNoticePage,
  DemandNoticeView,
  MdaTransactionReport,
  PublicDemandNoticeView,
} from '../../../shared/demandNotices';
import type { PaymentPage } from '../../../shared/payments';
import type { TaxpayerView } from '../../../shared/taxpayers';
import { systemActor } from '../../auth/actor';
import { auditEvents, demandNotices, payments, taxpayers } from '../../db/schema';
import { createIntegrations } from '../../integrations';
import { notificationOf } from '../../integrations/remita/simulator';
import { createRemitaMda, type RemitaMda } from '../../integrations/remita/testing';
import { secretBoxFromConfig } from '../../secrets';
import { createTestContext, type TestContext } from '../../testing/context';
import { createTaxpayer, type SignedIn, signInAs, uniquePhone } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';
import { scanPdfQr } from '../../testing/scanPdfQr';
import { createRrrConfirmation } from '../payments/invoices/rrrConfirmation';
import { signInForMdas } from '../payments/remita/testing';

/**
 * MDA demand notices and the MDA transaction report: issue (by BTIN, by name and phone), one RRR
 * with the MDA's own credentials, paid through the Remita simulator, cancel, the paper and its
 * public check, scope (an officer of one MDA neither sees nor bills another's), and the report's
 * totals against the ledger. Runs on PostgreSQL too (TEST_DATABASE_URL).
 */

let ctx: TestContext & { baseUrl: string | null; close(): Promise<void> };
let mda: RemitaMda;
let otherMda: RemitaMda;
let officer: SignedIn;
let otherOfficer: SignedIn;
let mdaAdmin: SignedIn;
let budget: SignedIn;
let da: SignedIn;
let taxpayer: TaxpayerView;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  mda = await createRemitaMda(ctx, { revenueHeadCode: '12020401', defaultAmountKobo: 500_000 });
  otherMda = await createRemitaMda(ctx, { revenueHeadCode: '12039999' });
  [officer, otherOfficer, mdaAdmin, budget, da] = await Promise.all([
    signInForMdas(ctx, 'OFFICER_MDA', [mda.id]),
    signInForMdas(ctx, 'OFFICER_MDA', [otherMda.id]),
    signInForMdas(ctx, 'OFFICER_MDA_ADMIN', [mda.id]),
    signInAs(ctx, 'DG_BUDGET'),
    signInAs(ctx, 'OFFICER_DA'),
  ]);
  taxpayer = await createTaxpayer(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

function body(overrides: Record<string, unknown> = {}) {
  return {
    mdaId: mda.id,
    payer: { btin: taxpayer.btin },
    lines: [
      {
        revenueHeadCode: mda.revenueHeadCode,
        description: 'Jetty use, March',
        quantity: 3,
        unitAmountKobo: 500_000,
      },
    ],
    dueOn: addDays(todayInLagos(), 30),
    ...overrides,
  };
}

function send(method: 'GET' | 'POST', url: string, who: SignedIn | null, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: who ? who.bearer : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function issue(overrides: Record<string, unknown> = {}, who = officer) {
  const res = await send('POST', '/api/v1/demand-notices', who, body(overrides));
  if (res.statusCode !== 201) throw new Error(`notice failed: ${res.statusCode} ${res.body}`);
  return res.json<DemandNoticeCreated>();
}

async function notifyPaid(rrr: string) {
  const paid = ctx.simulators.remita.pay(rrr);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/remita/notifications',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(notificationOf(paid)),
  });
  expect(res.statusCode).toBe(200);
}

async function noticeOf(id: string, who: SignedIn = officer) {
  const res = await send('GET', `/api/v1/demand-notices/${id}`, who);
  expect(res.statusCode).toBe(200);
  return res.json<DemandNoticeView>();
}

describe('POST /api/v1/demand-notices', () => {
  it('issues a notice with one RRR raised with the MDA’s own credentials, audited', async () => {
    const created = await issue({
      lines: [
        {
          revenueHeadCode: mda.revenueHeadCode,
          description: 'Jetty use, March',
          quantity: 3,
          unitAmountKobo: 500_000,
        },
        {
          revenueHeadCode: mda.revenueHeadCode,
          description: 'Mooring',
          quantity: 1,
          unitAmountKobo: 250_050,
        },
      ],
    });
    expect(created).toMatchObject({
      number: expect.stringMatching(/^BIRS\/DN\/\d{4}\/\d{6}$/),
      status: 'issued',
      totalKobo: 1_750_050,
      bill: { rrr: expect.stringMatching(/^\d{12}$/) },
    });
    const remitaSide = ctx.simulators.remita.getInvoice(created.bill.rrr as string);
    expect(remitaSide).toMatchObject({
      amountKobo: 1_750_050,
      serviceTypeId: mda.credentials.serviceTypeIds[0],
    });
    const [bill] = await ctx.db.select().from(payments).where(eq(payments.id, created.bill.id));
    expect(bill).toMatchObject({
      subjectKind: 'demand_notice',
      subjectId: created.id,
      type: 'demand-notice',
      mdaId: mda.id,
      amountKobo: 1_750_050,
      status: 'pending',
    });
    const view = await noticeOf(created.id);
    expect(view).toMatchObject({
      status: 'issued',
      btin: taxpayer.btin,
      payerName: taxpayer.displayName,
      paidKobo: 0,
      outstandingKobo: 1_750_050,
      lines: [
        {
          quantity: 3,
          unitAmountKobo: 500_000,
          amountKobo: 1_500_000,
          revenueHeadName: 'Test fees',
        },
        { quantity: 1, amountKobo: 250_050 },
      ],
      bill: { rrr: created.bill.rrr, status: 'pending' },
    });
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'demand_notice.issued'), eq(auditEvents.entityId, created.id)),
      );
    expect(audits).toHaveLength(1);
  });

  it('takes a payer by name and phone: registered once, then matched by the phone', async () => {
    const phone = uniquePhone();
    const first = await issue({ payer: { name: 'Ebiere Tamunotonye', phone } });
    const second = await issue({ payer: { name: 'Ebiere T. Tamunotonye', phone } });
    const [a, b] = [await noticeOf(first.id), await noticeOf(second.id)];
    expect(a.btin).toBe(b.btin);
    const rows = await ctx.db.select().from(taxpayers).where(eq(taxpayers.btin, a.btin));
    expect(rows[0]).toMatchObject({ source: 'auto-reg', displayName: 'Ebiere Tamunotonye' });
  });

  it('401 without a session; 403 for a user type that does not issue notices', async () => {
    expect(outcomeOf(await send('POST', '/api/v1/demand-notices', null, body()))).toBe(
      '401 UNAUTHENTICATED',
    );
    expect((await send('POST', '/api/v1/demand-notices', da, body())).statusCode).toBe(403);
    expect((await send('POST', '/api/v1/demand-notices', mdaAdmin, body())).statusCode).toBe(403);
  });

  it('403 for another MDA, or a line on another MDA’s revenue head; nothing is stored', async () => {
    const before = await ctx.db.select({ id: demandNotices.id }).from(demandNotices);
    const other = await send('POST', '/api/v1/demand-notices', otherOfficer, body());
    expect(outcomeOf(other)).toBe('403 FORBIDDEN');
    const foreignHead = await send(
      'POST',
      '/api/v1/demand-notices',
      officer,
      body({
        lines: [
          {
            revenueHeadCode: otherMda.revenueHeadCode,
            description: 'Not ours',
            quantity: 1,
            unitAmountKobo: 100_000,
          },
        ],
      }),
    );
    expect(outcomeOf(foreignHead)).toBe('403 FORBIDDEN');
    expect(foreignHead.json().error.message).toContain('belongs to');
    const after = await ctx.db.select({ id: demandNotices.id }).from(demandNotices);
    expect(after).toHaveLength(before.length);
  });

  it('422 for quantity 0, a past due date, an unknown head, a bad phone; each says what to change', async () => {
    const line = {
      revenueHeadCode: mda.revenueHeadCode,
      description: 'Jetty use',
      quantity: 0,
      unitAmountKobo: 100_000,
    };
    const zero = await send('POST', '/api/v1/demand-notices', officer, body({ lines: [line] }));
    expect(zero.statusCode).toBe(422);
    expect(zero.body).toContain('at least 1');
    const past = await send(
      'POST',
      '/api/v1/demand-notices',
      officer,
      body({ dueOn: addDays(todayInLagos(), -1) }),
    );
    expect(past.statusCode).toBe(422);
    expect(past.body).toContain('today or later');
    const unknown = await send(
      'POST',
      '/api/v1/demand-notices',
      officer,
      body({ lines: [{ ...line, quantity: 1, revenueHeadCode: '99999991' }] }),
    );
    expect(unknown.statusCode).toBe(422);
    const noLines = await send('POST', '/api/v1/demand-notices', officer, body({ lines: [] }));
    expect(noLines.statusCode).toBe(422);
    const badPhone = await send(
      'POST',
      '/api/v1/demand-notices',
      officer,
      body({ payer: { name: 'Ebiere Tamuno', phone: '12' } }),
    );
    expect(badPhone.statusCode).toBe(422);
  });
});

describe('paid through Remita, and cancelled', () => {
  it('moves to paid when the RRR is paid, and the report shows it paid', async () => {
    const created = await issue();
    await notifyPaid(created.bill.rrr as string);
    const view = await noticeOf(created.id);
    expect(view).toMatchObject({ status: 'paid', paidKobo: 1_500_000, outstandingKobo: 0 });
    const res = await send(
      'GET',
      `/api/v1/reports/mda-transactions?payer=${taxpayer.btin}&status=paid`,
      budget,
    );
    expect(res.statusCode).toBe(200);
    const report = res.json<MdaTransactionReport>();
    expect(report.items.map((i) => i.id)).toContain(created.id);
    const cancel = await send('POST', `/api/v1/demand-notices/${created.id}/cancel`, officer, {
      reason: 'Issued to the wrong payer by mistake',
    });
    expect(outcomeOf(cancel)).toBe('409 CONFLICT');
  });

  it('cancels with a reason, its bill with it; a second cancel is 409', async () => {
    const created = await issue();
    const res = await send('POST', `/api/v1/demand-notices/${created.id}/cancel`, officer, {
      reason: 'Issued to the wrong payer by mistake',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<DemandNoticeView>()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Issued to the wrong payer by mistake',
      outstandingKobo: 0,
      bill: { status: 'cancelled' },
    });
    const again = await send('POST', `/api/v1/demand-notices/${created.id}/cancel`, officer, {
      reason: 'Issued to the wrong payer by mistake',
    });
    expect(outcomeOf(again)).toBe('409 CONFLICT');
    const short = await send('POST', `/api/v1/demand-notices/${created.id}/cancel`, officer, {
      reason: 'no',
    });
    expect(short.statusCode).toBe(422);
    const otherSide = await send(
      'POST',
      `/api/v1/demand-notices/${created.id}/cancel`,
      otherOfficer,
      {
        reason: 'Issued to the wrong payer by mistake',
      },
    );
    expect(otherSide.statusCode).toBe(404);
  });

  it('refuses to cancel a notice’s bill from the bills list (409): the notice is cancelled instead', async () => {
    const created = await issue();
    const res = await send('POST', `/api/v1/invoices/${created.bill.id}/cancel`, mdaAdmin, {
      reason: 'Cancelled from the bills list',
    });
    expect(outcomeOf(res)).toBe('409 CONFLICT');
    expect(res.json().error.message).toContain('cancel the notice itself');
    expect(res.json().error.details).toMatchObject({
      subjectKind: 'demand_notice',
      subjectId: created.id,
    });
    // One truth: the notice stands issued with its live RRR, and its bill is still pending.
    expect(await noticeOf(created.id)).toMatchObject({
      status: 'issued',
      bill: { id: created.bill.id, rrr: created.bill.rrr, status: 'pending' },
    });
    const cancels = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, created.bill.id), eq(auditEvents.action, 'payment.cancelled')),
      );
    expect(cancels).toHaveLength(0);
  });

  it('reads overdue once past its due date and unpaid', async () => {
    const created = await issue();
    await ctx.db
      .update(demandNotices)
      .set({ dueOn: addDays(todayInLagos(), -2) })
      .where(eq(demandNotices.id, created.id));
    expect((await noticeOf(created.id)).status).toBe('overdue');
    const list = await send(
      'GET',
      `/api/v1/demand-notices?status=overdue&mdaId=${mda.id}`,
      officer,
    );
    expect(list.json<DemandNoticePage>().items.map((i) => i.id)).toContain(created.id);
  });
});

describe('Remita’s answer lost (ADR 0020)', () => {
  /** An MDA whose Remita raises the RRR and drops the answer, and an officer of it. */
  async function droppingMda() {
    const dropping = await createRemitaMda(ctx, { revenueHeadCode: '12020402' });
    ctx.simulators.remita.registerMerchant({ ...dropping.credentials, dropsInvoiceAnswers: true });
    const who = await signInForMdas(ctx, 'OFFICER_MDA', [dropping.id]);
    const lines = [
      {
        revenueHeadCode: dropping.revenueHeadCode,
        description: 'Jetty use, April',
        quantity: 2,
        unitAmountKobo: 400_000,
      },
    ];
    return { dropping, who, payload: { mdaId: dropping.id, lines } };
  }

  function remitaInvoiceOf(dropping: RemitaMda, orderId: string) {
    return ctx.simulators.remita
      .snapshot()
      .invoices.find(
        (i) => i.merchantId === dropping.credentials.merchantId && i.orderId === orderId,
      );
  }

  it('answers 201 saying the RRR is pending; opening the notice confirms the one RRR', async () => {
    const { dropping, who, payload } = await droppingMda();
    const res = await send('POST', '/api/v1/demand-notices', who, body(payload));
    expect(res.statusCode).toBe(201);
    const created = res.json<DemandNoticeCreated>();
    expect(created).toMatchObject({
      status: 'issued',
      totalKobo: 800_000,
      bill: { rrr: null, isRrrPendingConfirmation: true },
    });
    const [bill] = await ctx.db.select().from(payments).where(eq(payments.id, created.bill.id));
    const atRemita = remitaInvoiceOf(dropping, bill?.orderId as string);
    expect(atRemita).toBeDefined();
    const opened = await noticeOf(created.id, who);
    expect(opened.bill).toMatchObject({
      id: created.bill.id,
      rrr: atRemita?.rrr,
      isRrrPendingConfirmation: false,
      status: 'pending',
    });
    const confirmed = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, created.bill.id),
          eq(auditEvents.action, 'payment.rrr_confirmed'),
        ),
      );
    expect(confirmed).toHaveLength(1);
  });

  it('shows the bill pending while Remita cannot say; the sweep’s RRR, paid meanwhile, pays the notice', async () => {
    const { dropping, who, payload } = await droppingMda();
    const created = (
      await send('POST', '/api/v1/demand-notices', who, body(payload))
    ).json<DemandNoticeCreated>();
    const [bill] = await ctx.db.select().from(payments).where(eq(payments.id, created.bill.id));
    const atRemita = remitaInvoiceOf(dropping, bill?.orderId as string);
    // The list reads the bill as it stands (no look at Remita): pending, no RRR.
    const list = await send('GET', `/api/v1/demand-notices?mdaId=${dropping.id}`, who);
    expect(list.json<DemandNoticePage>().items).toContainEqual(
      expect.objectContaining({
        id: created.id,
        bill: expect.objectContaining({ rrr: null, isRrrPendingConfirmation: true }),
      }),
    );
    ctx.simulators.remita.pay(atRemita?.rrr as string);
    const confirmation = createRrrConfirmation({
      db: ctx.db,
      config: ctx.config,
      integrations: createIntegrations(ctx.config, () => ctx.baseUrl as string),
      secrets: secretBoxFromConfig(ctx.config),
      settlements: ctx.settlements,
    });
    await confirmation.settleUnconfirmedBills(systemActor('system'), {
      limit: 1000,
      onError: (billId, err) => {
        throw new Error(`bill ${billId} could not be settled: ${String(err)}`);
      },
    });
    expect(await noticeOf(created.id, who)).toMatchObject({
      status: 'paid',
      paidKobo: 800_000,
      outstandingKobo: 0,
      bill: { rrr: atRemita?.rrr, status: 'paid', isRrrPendingConfirmation: false },
    });
  });
});

describe('reading: list, detail, PDF, public check', () => {
  it('an officer of another MDA sees none of this MDA’s notices; the budget sees every MDA', async () => {
    const created = await issue();
    const theirs = await send('GET', '/api/v1/demand-notices', otherOfficer);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json<DemandNoticePage>().items.every((n) => n.mda.id === otherMda.id)).toBe(true);
    expect(
      (await send('GET', `/api/v1/demand-notices/${created.id}`, otherOfficer)).statusCode,
    ).toBe(404);
    expect(
      (await send('GET', `/api/v1/demand-notices/${created.id}/notice.pdf`, otherOfficer))
        .statusCode,
    ).toBe(404);
    const report = await send(
      'GET',
      `/api/v1/reports/mda-transactions?mdaId=${mda.id}`,
      otherOfficer,
    );
    expect(report.json<MdaTransactionReport>().total).toBe(0);
    expect((await send('GET', `/api/v1/demand-notices/${created.id}`, budget)).statusCode).toBe(
      200,
    );
    expect((await send('GET', `/api/v1/demand-notices/${created.id}`, mdaAdmin)).statusCode).toBe(
      200,
    );
    expect(outcomeOf(await send('GET', '/api/v1/demand-notices', null))).toBe(
      '401 UNAUTHENTICATED',
    );
    expect((await send('GET', '/api/v1/demand-notices', da)).statusCode).toBe(403);
    expect((await send('GET', '/api/v1/demand-notices/not-a-uuid', officer)).statusCode).toBe(422);
  });

  it('prints the notice with a QR code that opens its public check, masked and never cached', async () => {
    const created = await issue();
    const pdf = await send('GET', `/api/v1/demand-notices/${created.id}/notice.pdf`, officer);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const url = (await scanPdfQr(pdf.rawPayload)) ?? '';
    const code = url.split('/verify/demand-notice/')[1] as string;
    expect(code).toMatch(/^[2-9A-Z]{10}$/);
    const check = await send('GET', `/api/v1/public/demand-notices/${code}`, null);
    expect(check.statusCode).toBe(200);
    expect(check.headers['cache-control']).toContain('no-store');
    const view = check.json<PublicDemandNoticeView>();
    expect(view).toMatchObject({ number: created.number, isGenuine: true, totalKobo: 1_500_000 });
    expect(view.maskedName).not.toContain(taxpayer.displayName.split(' ')[0]?.slice(1) ?? '');
    expect(check.body).not.toContain(taxpayer.btin);
    expect(check.body).not.toContain(created.bill.rrr);
    const byNumber = await send(
      'GET',
      `/api/v1/public/demand-notices/${encodeURIComponent(created.number)}`,
      null,
    );
    expect(byNumber.statusCode).toBe(422);
    expect(byNumber.body).not.toContain(view.maskedName);
    expect((await send('GET', '/api/v1/public/demand-notices/2345678923', null)).statusCode).toBe(
      404,
    );
  });

  it('by its bare number a notice answers match or no match with its total, and nothing else', async () => {
    const created = await issue();
    const match = (number: string, amountKobo: number | string) =>
      send(
        'GET',
        `/api/v1/public/demand-notices/match?number=${encodeURIComponent(number)}&amountKobo=${amountKobo}`,
        null,
      );
    const matched = await match(created.number, 1_500_000);
    expect(matched.statusCode).toBe(200);
    expect(matched.headers['cache-control']).toContain('no-store');
    expect(matched.json()).toEqual({ match: true });
    // No payer, MDA, status or amount comes back: walking the numbers learns nothing.
    for (const secret of [
      taxpayer.btin,
      taxpayer.displayName.split(' ')[0] ?? '',
      created.bill.rrr ?? '',
      'issued',
    ]) {
      expect(matched.body).not.toContain(secret);
    }
    expect((await match(created.number.toLowerCase(), 1_500_000)).json()).toEqual({
      match: true,
    });
    expect((await match(created.number, 1_500_001)).json()).toEqual({ match: false });
    expect((await match(`${created.number}9`, 1_500_000)).json()).toEqual({ match: false });
    expect((await match(created.number, 'all')).statusCode).toBe(422);
    expect((await match('', 1_500_000)).statusCode).toBe(422);

    // A cancelled notice no longer stands: no match, though its number and total are right.
    const cancelled = await send('POST', `/api/v1/demand-notices/${created.id}/cancel`, officer, {
      reason: 'Raised against the wrong payer',
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await match(created.number, 1_500_000)).json()).toEqual({ match: false });
  });
});

describe('GET /api/v1/reports/mda-transactions', () => {
  it('totals agree with the payment history’s for the same MDA, to the kobo', async () => {
    const own = await createRemitaMda(ctx, { revenueHeadCode: '12020402' });
    const issuer = await signInForMdas(ctx, 'OFFICER_MDA', [own.id]);
    const line = (quantity: number, unitAmountKobo: number) => ({
      revenueHeadCode: own.revenueHeadCode,
      description: 'Ferry permit',
      quantity,
      unitAmountKobo,
    });
    const paid = await issue({ mdaId: own.id, lines: [line(2, 123_457)] }, issuer);
    const pending = await issue({ mdaId: own.id, lines: [line(1, 99_999)] }, issuer);
    const cancelled = await issue({ mdaId: own.id, lines: [line(5, 10_001)] }, issuer);
    await notifyPaid(paid.bill.rrr as string);
    await send('POST', `/api/v1/demand-notices/${cancelled.id}/cancel`, issuer, {
      reason: 'Raised twice for the same permit',
    });
    const res = await send('GET', `/api/v1/reports/mda-transactions?mdaId=${own.id}`, issuer);
    expect(res.statusCode).toBe(200);
    const report = res.json<MdaTransactionReport>();
    expect(report.total).toBe(3);
    expect(report.totals).toEqual({
      billedKobo: 246_914 + 99_999,
      paidKobo: 246_914,
      outstandingKobo: 99_999,
    });
    expect(report.countsByStatus).toEqual({
      issued: 1,
      part_paid: 0,
      overdue: 0,
      paid: 1,
      cancelled: 1,
    });
    expect(report.items.find((i) => i.id === pending.id)).toMatchObject({
      status: 'issued',
      totalKobo: 99_999,
      paidKobo: 0,
      mdaId: own.id,
    });
    // The ledger: the payment history of this MDA's demand-notice payments.
    const history = await send(
      'GET',
      `/api/v1/payments?mdaCode=${own.code}&type=demand-notice`,
      issuer,
    );
    const ledger = history.json<PaymentPage>();
    expect(report.totals.paidKobo).toBe(ledger.totals.paidAmountKobo);
    const pendingKobo = ledger.items
      .filter((p) => p.status === 'pending')
      .reduce((sum, p) => sum + p.amountKobo, 0);
    expect(report.totals.outstandingKobo).toBe(pendingKobo);
    expect(report.totals.billedKobo).toBe((ledger.totals.paidAmountKobo ?? 0) + pendingKobo);

    const byStatus = await send(
      'GET',
      `/api/v1/reports/mda-transactions?mdaId=${own.id}&status=paid`,
      issuer,
    );
    expect(byStatus.json<MdaTransactionReport>().items.map((i) => i.id)).toEqual([paid.id]);
    const bad = await send('GET', '/api/v1/reports/mda-transactions?status=lost', issuer);
    expect(bad.statusCode).toBe(422);
    expect(outcomeOf(await send('GET', '/api/v1/reports/mda-transactions', null))).toBe(
      '401 UNAUTHENTICATED',
    );
    expect((await send('GET', '/api/v1/reports/mda-transactions', da)).statusCode).toBe(403);

    const csv = await send(
      'GET',
      `/api/v1/reports/mda-transactions?mdaId=${own.id}&format=csv`,
      issuer,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(paid.number);
    expect(csv.body.trim().split('\n')).toHaveLength(4);
    const xlsx = await send(
      'GET',
      `/api/v1/reports/mda-transactions?mdaId=${own.id}&format=xlsx`,
      issuer,
    );
    expect(xlsx.statusCode).toBe(200);
  });
});
