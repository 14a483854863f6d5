import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssessmentBillView,
  AssessmentDetail,
  AssessmentView,
} from '../../../../shared/assessments';
import type { ErrorBody } from '../../../../shared/errors';
import { createRemitaMda, type RemitaMda } from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createDirectAssessment, send } from '../testing';

/**
 * One pending bill per assessment: a second "Raise bill" names the first (409 BILL_PENDING with
 * its RRR) unless it asks to replace it; two at once give one RRR. Raising and cancelling are in
 * the assessment's history, by the officer's name. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let mda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  da = await signInAs(ctx, 'OFFICER_DA');
  mda = await createRemitaMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

async function issued(): Promise<AssessmentView> {
  const taxpayer = await createTaxpayer(ctx);
  return createDirectAssessment(ctx, da, taxpayer.btin);
}

async function read(id: string): Promise<AssessmentDetail> {
  return (await send(ctx, da, 'GET', `/api/v1/assessments/${id}`)).json<AssessmentDetail>();
}

function raise(id: string, body: Record<string, unknown> = {}) {
  return send(ctx, da, 'POST', `/api/v1/assessments/${id}/bill`, { mdaId: mda.id, ...body });
}

type Pending = { paymentId: string; rrr: string | null; amountKobo: number; mdaId: string };

describe('a second bill on an assessment', () => {
  it('409 BILL_PENDING names the pending bill and its RRR; nothing new is raised', async () => {
    const assessment = await issued();
    const first = (await raise(assessment.id)).json<AssessmentBillView>().bill;
    expect(first.rrr).toMatch(/^\d{12}$/);

    const again = await raise(assessment.id);
    expect(outcomeOf(again)).toBe('409 BILL_PENDING');
    const { error } = again.json<ErrorBody>();
    expect(error.message).toContain(first.rrr as string);
    expect(error.details).toEqual({
      paymentId: first.id,
      rrr: first.rrr,
      amountKobo: first.amountKobo,
      mdaId: mda.id,
    } satisfies Pending);
    const detail = await read(assessment.id);
    expect(detail.history.filter((h) => h.action === 'assessment.billed')).toHaveLength(1);
  });

  it('two raised at once → one RRR; the other answer is a 409 naming it', async () => {
    const assessment = await issued();
    const answers = await Promise.all([raise(assessment.id), raise(assessment.id)]);
    const outcomes = answers.map(outcomeOf).sort();
    expect(outcomes).toEqual(['201', '409 BILL_PENDING']);
    const made = answers.find((a) => a.statusCode === 201)?.json<AssessmentBillView>().bill;
    const refused = answers.find((a) => a.statusCode === 409)?.json<ErrorBody>();
    expect(made?.rrr).toMatch(/^\d{12}$/);
    expect((refused?.error.details as Pending | undefined)?.rrr).toBe(made?.rrr);
    expect(refused?.error.message).toContain(made?.rrr as string);

    const bills = await send(ctx, da, 'GET', `/api/v1/invoices?btin=${assessment.btin}`);
    expect(bills.json<{ total: number }>().total).toBe(1);
  });

  it('replacePendingBill cancels that bill and raises a new one; both are in the history by name', async () => {
    const assessment = await issued();
    const first = (await raise(assessment.id)).json<AssessmentBillView>().bill;
    const replaced = await raise(assessment.id, { replacePendingBill: first.id });
    expect(replaced.statusCode).toBe(201);
    const second = replaced.json<AssessmentBillView>().bill;
    expect(second.rrr).not.toBe(first.rrr);

    const bills = await send(ctx, da, 'GET', `/api/v1/invoices?btin=${assessment.btin}`);
    const statuses = bills
      .json<{ items: { id: string; status: string }[] }>()
      .items.map((b) => [b.id, b.status]);
    expect(statuses).toEqual(
      expect.arrayContaining([
        [first.id, 'cancelled'],
        [second.id, 'pending'],
      ]),
    );

    const history = (await read(assessment.id)).history;
    const bills_ = history.filter((h) => h.action.includes('bill'));
    expect(bills_.map((h) => [h.action, h.rrr])).toEqual([
      ['assessment.billed', first.rrr],
      ['assessment.bill_cancelled', first.rrr],
      ['assessment.billed', second.rrr],
    ]);
    expect(bills_.every((h) => h.actorName && h.actorName !== h.actorUsername)).toBe(true);
  });

  it('a stale replacePendingBill (not the pending one) is still refused with the one that is', async () => {
    const assessment = await issued();
    const first = (await raise(assessment.id)).json<AssessmentBillView>().bill;
    const other = await issued();
    const otherBill = (await raise(other.id)).json<AssessmentBillView>().bill;
    const res = await raise(assessment.id, { replacePendingBill: otherBill.id });
    expect(outcomeOf(res)).toBe('409 BILL_PENDING');
    expect((res.json<ErrorBody>().error.details as Pending).paymentId).toBe(first.id);
  });

  it('a bill cancelled from the bills list is in the assessment history; a new one may then be raised', async () => {
    const assessment = await issued();
    const first = (await raise(assessment.id)).json<AssessmentBillView>().bill;
    const cancelled = await send(ctx, da, 'POST', `/api/v1/invoices/${first.id}/cancel`, {
      reason: 'The taxpayer asked for a new bill',
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await raise(assessment.id)).statusCode).toBe(201);
    const actions = (await read(assessment.id)).history.map((h) => h.action);
    expect(actions.filter((a) => a.startsWith('assessment.bil'))).toEqual([
      'assessment.billed',
      'assessment.bill_cancelled',
      'assessment.billed',
    ]);
  });
});
