import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssessmentBillView,
  AssessmentDetail,
  AssessmentView,
} from '../../../../shared/assessments';
import { notificationOf } from '../../../integrations/remita/simulator';
import { createRemitaMda, type RemitaMda } from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createPayment, randomRrr } from '../../payments/testing';
import { createDirectAssessment, send } from '../testing';

/**
 * An assessment's bill and its settlement: payments linked to it move it to part_paid / paid in
 * the payment's own transaction, and a reversal moves it back. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let pa: SignedIn;
let admin: SignedIn;
let mda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  [da, pa, admin] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'OFFICER_PA'),
    signInAs(ctx, 'ADMIN'),
  ]);
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

describe('POST /api/v1/assessments/{id}/bill', () => {
  it('raises an RRR for what is owed, linked to the assessment; a Remita notification pays it', async () => {
    const assessment = await issued();
    const res = await send(ctx, da, 'POST', `/api/v1/assessments/${assessment.id}/bill`, {
      mdaId: mda.id,
    });
    expect(res.statusCode).toBe(201);
    const { bill } = res.json<AssessmentBillView>();
    expect(bill).toMatchObject({
      amountKobo: assessment.taxKobo,
      type: 'direct-assessment',
      assessmentId: assessment.id,
      status: 'pending',
      revenueHeadCode: mda.revenueHeadCode,
    });

    const paid = ctx.simulators.remita.pay(bill.rrr as string);
    const notified = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remita/notifications',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(notificationOf(paid)),
    });
    expect(notified.statusCode).toBe(200);

    const after = await read(assessment.id);
    expect(after).toMatchObject({
      status: 'paid',
      paidKobo: assessment.taxKobo,
      outstandingKobo: 0,
      creditKobo: 0,
    });
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]?.receiptNumber).toMatch(/^BIRS\//);
    expect(after.history.map((h) => h.action)).toContain('assessment.paid');
  });

  it('a part payment → part_paid; its reversal → issued again', async () => {
    const assessment = await issued();
    const rrr = randomRrr();
    const part = Math.floor(assessment.taxKobo / 2);
    const link = {
      type: 'direct-assessment' as const,
      subjectKind: 'assessment' as const,
      subjectId: assessment.id,
    };
    await createPayment(ctx, { status: 'pending', rrr, mdaId: mda.id, amountKobo: part, ...link });
    const payment = await createPayment(ctx, { rrr, mdaId: mda.id, amountKobo: part });
    expect(await read(assessment.id)).toMatchObject({
      status: 'part_paid',
      paidKobo: part,
      outstandingKobo: assessment.taxKobo - part,
    });

    const reversed = await send(ctx, admin, 'POST', `/api/v1/payments/${payment.id}/reverse`, {
      reason: 'The bank recalled this payment',
    });
    expect(reversed.statusCode).toBe(200);
    expect(await read(assessment.id)).toMatchObject({ status: 'issued', paidKobo: 0 });
  });

  it('overpayment shows as credit, never lost', async () => {
    const assessment = await issued();
    const rrr = randomRrr();
    const link = {
      type: 'direct-assessment' as const,
      subjectKind: 'assessment' as const,
      subjectId: assessment.id,
    };
    const amountKobo = assessment.taxKobo + 5_000;
    await createPayment(ctx, { status: 'pending', rrr, mdaId: mda.id, amountKobo, ...link });
    await createPayment(ctx, { rrr, mdaId: mda.id, amountKobo });
    expect(await read(assessment.id)).toMatchObject({ status: 'paid', creditKobo: 5_000 });
  });

  it('409 for a draft, 403 for OFFICER_PA (wrong kind), 401 signed out, 422 bad MDA id', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const draft = await createDirectAssessment(ctx, da, taxpayer.btin, { issue: false });
    expect(
      outcomeOf(
        await send(ctx, da, 'POST', `/api/v1/assessments/${draft.id}/bill`, { mdaId: mda.id }),
      ),
    ).toBe('409 CONFLICT');
    expect(
      (await send(ctx, pa, 'POST', `/api/v1/assessments/${draft.id}/bill`, { mdaId: mda.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send(ctx, null, 'POST', `/api/v1/assessments/${draft.id}/bill`, { mdaId: mda.id }))
        .statusCode,
    ).toBe(401);
    expect(
      outcomeOf(
        await send(ctx, da, 'POST', `/api/v1/assessments/${draft.id}/bill`, { mdaId: 'x' }),
      ),
    ).toBe('422 VALIDATION_FAILED');
  });

  it('the generic invoice route refuses an assessment-linked bill (422)', async () => {
    const assessment = await issued();
    const res = await send(ctx, da, 'POST', '/api/v1/invoices', {
      btin: assessment.btin,
      mdaId: mda.id,
      revenueHeadCode: mda.revenueHeadCode,
      amountKobo: 10_000,
      description: 'Direct assessment',
      type: 'direct-assessment',
      assessmentId: assessment.id,
    });
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(JSON.stringify(res.json())).toContain('assessmentId');
  });
});
