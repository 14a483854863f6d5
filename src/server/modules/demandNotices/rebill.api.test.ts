import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLagos } from '../../../shared/dates';
import type { DemandNoticePage, DemandNoticeView } from '../../../shared/demandNotices';
import type { TaxpayerView } from '../../../shared/taxpayers';
import { auditEvents, payments } from '../../db/schema';
import { notificationOf } from '../../integrations/remita/simulator';
import { createRemitaMda, type RemitaMda } from '../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';
import { signInForMdas } from '../payments/remita/testing';

/**
 * "Raise the bill again" for a demand notice whose bill Remita refused: a new RRR for the
 * notice, audited; at most one pending bill per notice (a second press, or two officers at once,
 * is 409 BILL_PENDING naming the first); a notice not refused, cancelled or paid is 409; 401,
 * 403, 404 outside the officer's MDAs. Runs on PostgreSQL too (TEST_DATABASE_URL), where the
 * race is a real one between two connections.
 */

let ctx: TestContext & { close(): Promise<void> };
let taxpayer: TaxpayerView;
let budget: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  taxpayer = await createTaxpayer(ctx);
  budget = await signInAs(ctx, 'DG_BUDGET');
});

afterAll(async () => {
  await ctx?.close();
});

/** An MDA of its own, an officer of it, and a way to make Remita refuse its bills. */
async function world() {
  const mda = await createRemitaMda(ctx, { revenueHeadCode: '12020401' });
  const officer = await signInForMdas(ctx, 'OFFICER_MDA', [mda.id]);
  return { mda, officer };
}

/** Remita no longer knows the MDA's service type: it refuses paymentinit clearly (023). */
function refuseBills(mda: RemitaMda) {
  ctx.simulators.remita.registerMerchant({ ...mda.credentials, serviceTypeIds: [] });
}

function acceptBills(mda: RemitaMda) {
  ctx.simulators.remita.registerMerchant(mda.credentials);
}

function send(method: 'GET' | 'POST', url: string, who: SignedIn | null, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: who ? who.bearer : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

function issue(mda: RemitaMda, officer: SignedIn) {
  return send('POST', '/api/v1/demand-notices', officer, {
    mdaId: mda.id,
    payer: { btin: taxpayer.btin },
    lines: [
      {
        revenueHeadCode: mda.revenueHeadCode,
        description: 'Jetty use, April',
        quantity: 2,
        unitAmountKobo: 750_000,
      },
    ],
    dueOn: addDays(todayInLagos(), 30),
  });
}

/** A notice whose bill Remita refused: issuing answered Remita's error, the notice stands. */
async function refusedNotice(mda: RemitaMda, officer: SignedIn): Promise<DemandNoticeView> {
  refuseBills(mda);
  const res = await issue(mda, officer);
  expect(outcomeOf(res)).toBe('502 REMITA_AUTH_FAILED');
  acceptBills(mda);
  const list = await send('GET', `/api/v1/demand-notices?mdaId=${mda.id}`, officer);
  const [notice] = list.json<DemandNoticePage>().items;
  if (!notice) throw new Error('the refused notice was not stored');
  expect(notice.bill).toMatchObject({ status: 'failed', rrr: null });
  // The refusal says the notice exists, so the officer does not issue it twice.
  const { error } = res.json<{ error: { message: string; details: unknown } }>();
  expect(error.message).toContain(`Demand notice ${notice.number} is recorded without an RRR`);
  expect(error.details).toMatchObject({ noticeId: notice.id, number: notice.number });
  return notice;
}

function rebill(id: string, who: SignedIn | null) {
  return send('POST', `/api/v1/demand-notices/${id}/bill`, who);
}

async function billsOf(noticeId: string) {
  return ctx.db
    .select({ id: payments.id, status: payments.status, rrr: payments.rrr })
    .from(payments)
    .where(and(eq(payments.subjectKind, 'demand_notice'), eq(payments.subjectId, noticeId)))
    .orderBy(desc(payments.createdAt));
}

describe('POST /api/v1/demand-notices/{id}/bill', () => {
  it('raises a new RRR for a notice whose bill Remita refused, audited; a second press is 409 naming it', async () => {
    const { mda, officer } = await world();
    const notice = await refusedNotice(mda, officer);

    const res = await rebill(notice.id, officer);
    expect(outcomeOf(res), res.body).toBe('201');
    const view = res.json<DemandNoticeView>();
    expect(view).toMatchObject({ id: notice.id, status: 'issued', totalKobo: 1_500_000 });
    expect(view.bill).toMatchObject({ status: 'pending', isRrrPendingConfirmation: false });
    expect(view.bill?.rrr).toMatch(/^\d{12}$/);
    expect(view.bill?.id).not.toBe(notice.bill?.id);
    expect((await billsOf(notice.id)).map((b) => b.status)).toEqual(['pending', 'failed']);

    const [audit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, notice.id),
          eq(auditEvents.action, 'demand_notice.billed_again'),
        ),
      );
    expect(audit?.actorId).toBe(officer.officer.id);
    expect(audit?.before).toMatchObject({ paymentId: notice.bill?.id });
    expect(audit?.after).toMatchObject({ paymentId: view.bill?.id, amountKobo: 1_500_000 });

    const again = await rebill(notice.id, officer);
    expect(outcomeOf(again)).toBe('409 BILL_PENDING');
    expect(again.json().error.message).toContain(view.bill?.rrr as string);
    expect(await billsOf(notice.id)).toHaveLength(2);

    // The new RRR pays the notice as the first would have.
    const paid = ctx.simulators.remita.pay(view.bill?.rrr as string);
    const notified = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remita/notifications',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(notificationOf(paid)),
    });
    expect(notified.statusCode).toBe(200);
    const after = await send('GET', `/api/v1/demand-notices/${notice.id}`, officer);
    expect(after.json<DemandNoticeView>()).toMatchObject({ status: 'paid', paidKobo: 1_500_000 });
    expect(outcomeOf(await rebill(notice.id, officer))).toBe('409 CONFLICT');
  });

  it('two officers at once → one new bill; the other answer is 409 BILL_PENDING', async () => {
    const { mda, officer } = await world();
    const colleague = await signInForMdas(ctx, 'OFFICER_MDA', [mda.id]);
    const notice = await refusedNotice(mda, officer);

    const answers = await Promise.all([rebill(notice.id, officer), rebill(notice.id, colleague)]);
    expect(answers.map((a) => outcomeOf(a)).sort()).toEqual(['201', '409 BILL_PENDING']);
    const bills = await billsOf(notice.id);
    expect(bills.filter((b) => b.status === 'pending')).toHaveLength(1);
    expect(bills).toHaveLength(2);
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, notice.id),
          eq(auditEvents.action, 'demand_notice.billed_again'),
        ),
      );
    expect(audits).toHaveLength(1);
  });

  it('Remita refusing again leaves a second failed bill; the next press bills it', async () => {
    const { mda, officer } = await world();
    const notice = await refusedNotice(mda, officer);
    refuseBills(mda);
    expect(outcomeOf(await rebill(notice.id, officer))).toBe('502 REMITA_AUTH_FAILED');
    acceptBills(mda);
    expect((await billsOf(notice.id)).map((b) => b.status)).toEqual(['failed', 'failed']);
    expect(outcomeOf(await rebill(notice.id, officer))).toBe('201');
  });

  it('409 for a notice whose bill stands, and for a cancelled one', async () => {
    const { mda, officer } = await world();
    const issued = await issue(mda, officer);
    expect(outcomeOf(issued)).toBe('201');
    const { id } = issued.json<{ id: string }>();
    const standing = await rebill(id, officer);
    expect(outcomeOf(standing)).toBe('409 BILL_PENDING');

    const notice = await refusedNotice(mda, officer);
    const cancelled = await send('POST', `/api/v1/demand-notices/${notice.id}/cancel`, officer, {
      reason: 'Raised against the wrong jetty',
    });
    expect(outcomeOf(cancelled)).toBe('200');
    const res = await rebill(notice.id, officer);
    expect(outcomeOf(res)).toBe('409 CONFLICT');
    expect(res.json().error.message).toContain('cancelled');
    expect(await billsOf(notice.id)).toHaveLength(1);
  });

  it('401 without a session, 403 without demand-notice:issue, 404 for another MDA’s officer, 400 for a bad id', async () => {
    const { mda, officer } = await world();
    const other = await world();
    const notice = await refusedNotice(mda, officer);
    expect(outcomeOf(await rebill(notice.id, null))).toBe('401 UNAUTHENTICATED');
    expect(outcomeOf(await rebill(notice.id, budget))).toBe('403 FORBIDDEN');
    expect(outcomeOf(await rebill(notice.id, other.officer))).toBe('404 NOT_FOUND');
    expect(outcomeOf(await rebill('not-an-id', officer))).toMatch(/^4(00|22) /);
    expect(await billsOf(notice.id)).toHaveLength(1);
  });
});
