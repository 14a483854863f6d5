import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssessmentDetail,
  ObjectionPage,
  ObjectionView,
} from '../../../../shared/assessments';
import { assessments, objections } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createPayment, randomRrr } from '../../payments/testing';
import { createDirectAssessment, send } from '../testing';

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let pa: SignedIn;
let director: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  [da, pa, director] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'OFFICER_PA'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const grounds = { grounds: 'Rent income was counted twice in the notice', disputedKobo: 1_000_000 };

async function issued() {
  return createDirectAssessment(ctx, da, (await createTaxpayer(ctx)).btin);
}

describe('objections', () => {
  it('files one objection; a second is 409; a draft is 409; OFFICER_PA 403; 401', async () => {
    const a = await issued();
    const res = await send(ctx, da, 'POST', `/api/v1/assessments/${a.id}/objections`, grounds);
    expect(res.statusCode).toBe(201);
    expect(res.json<ObjectionView>()).toMatchObject({
      status: 'open',
      daysLeft: 90,
      assessmentId: a.id,
    });
    expect(
      (await send(ctx, da, 'GET', `/api/v1/assessments/${a.id}`)).json<AssessmentDetail>().status,
    ).toBe('objected');
    expect(
      outcomeOf(await send(ctx, da, 'POST', `/api/v1/assessments/${a.id}/objections`, grounds)),
    ).toBe('409 CONFLICT');
    const draft = await createDirectAssessment(ctx, da, (await createTaxpayer(ctx)).btin, {
      issue: false,
    });
    expect(
      outcomeOf(await send(ctx, da, 'POST', `/api/v1/assessments/${draft.id}/objections`, grounds)),
    ).toBe('409 CONFLICT');
    expect(
      (await send(ctx, pa, 'POST', `/api/v1/assessments/${a.id}/objections`, grounds)).statusCode,
    ).toBe(403);
    expect(
      (await send(ctx, null, 'POST', `/api/v1/assessments/${a.id}/objections`, grounds)).statusCode,
    ).toBe(401);
    const open = await send(ctx, director, 'GET', '/api/v1/objections?status=open&pageSize=200');
    expect(open.json<ObjectionPage>().items.map((o) => o.assessmentId)).toContain(a.id);
  });

  it('after 30 days only with a late reason (422 naming lateReason)', async () => {
    const a = await issued();
    await ctx.db
      .update(assessments)
      .set({ issuedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(assessments.id, a.id));
    const late = await send(ctx, da, 'POST', `/api/v1/assessments/${a.id}/objections`, grounds);
    expect(outcomeOf(late)).toBe('422 VALIDATION_FAILED');
    expect(JSON.stringify(late.json())).toContain('lateReason');
    const ok = await send(ctx, da, 'POST', `/api/v1/assessments/${a.id}/objections`, {
      ...grounds,
      lateReason: 'Taxpayer was abroad; letter on file',
    });
    expect(ok.statusCode).toBe(201);
  });

  it('refused: the assessment stands again; deciding twice is 409; an officer may not decide (403)', async () => {
    const a = await issued();
    const o = (
      await send(ctx, da, 'POST', `/api/v1/assessments/${a.id}/objections`, grounds)
    ).json<ObjectionView>();
    const decision = { outcome: 'refused', reasons: 'The rent was declared on two properties' };
    expect(
      (await send(ctx, da, 'POST', `/api/v1/objections/${o.id}/decide`, decision)).statusCode,
    ).toBe(403);
    const res = await send(ctx, director, 'POST', `/api/v1/objections/${o.id}/decide`, decision);
    expect(res.statusCode).toBe(200);
    expect(res.json<ObjectionView>().status).toBe('refused');
    expect(
      (await send(ctx, da, 'GET', `/api/v1/assessments/${a.id}`)).json<AssessmentDetail>().status,
    ).toBe('issued');
    expect(
      outcomeOf(await send(ctx, director, 'POST', `/api/v1/objections/${o.id}/decide`, decision)),
    ).toBe('409 CONFLICT');
  });

  it('lists open objections before decided ones, whatever their answer dates', async () => {
    const decided = await issued();
    const o = (
      await send(ctx, da, 'POST', `/api/v1/assessments/${decided.id}/objections`, grounds)
    ).json<ObjectionView>();
    await send(ctx, director, 'POST', `/api/v1/objections/${o.id}/decide`, {
      outcome: 'refused',
      reasons: 'The rent was declared on two properties',
    });
    const open = await issued();
    await send(ctx, da, 'POST', `/api/v1/assessments/${open.id}/objections`, grounds);
    // The decided one's answer date is far earlier: by date alone it would come first.
    await ctx.db
      .update(objections)
      .set({ answerDueDate: '2020-01-01' })
      .where(eq(objections.id, o.id));
    const all = (
      await send(ctx, director, 'GET', '/api/v1/objections?pageSize=200')
    ).json<ObjectionPage>();
    const statuses = all.items.map((item) => item.status);
    expect(statuses.lastIndexOf('open')).toBeLessThan(statuses.findIndex((s) => s !== 'open'));
    expect(statuses.filter((s) => s === 'open').length).toBeGreaterThan(0);
  });

  it('upheld: a new issued assessment replaces it; the money paid on the old counts toward the new', async () => {
    const a = await issued();
    const rrr = randomRrr();
    const part = 1_000_000;
    await createPayment(ctx, {
      status: 'pending',
      rrr,
      amountKobo: part,
      type: 'direct-assessment',
      subjectKind: 'assessment',
      subjectId: a.id,
    });
    const payment = await createPayment(ctx, { rrr, amountKobo: part });
    expect(payment.status).toBe('paid');
    const o = (
      await send(ctx, da, 'POST', `/api/v1/assessments/${a.id}/objections`, grounds)
    ).json<ObjectionView>();
    const missing = await send(ctx, director, 'POST', `/api/v1/objections/${o.id}/decide`, {
      outcome: 'upheld',
      reasons: 'Rent was counted twice indeed',
    });
    expect(outcomeOf(missing)).toBe('422 VALIDATION_FAILED');
    const res = await send(ctx, director, 'POST', `/api/v1/objections/${o.id}/decide`, {
      outcome: 'partly_upheld',
      reasons: 'Rent was counted twice indeed',
      revised: { taxKobo: a.taxKobo - 500_000 },
    });
    expect(res.statusCode).toBe(200);
    const decided = res.json<ObjectionView>();
    expect(decided.revisedAssessmentId).toBeTruthy();
    const old = (
      await send(ctx, da, 'GET', `/api/v1/assessments/${a.id}`)
    ).json<AssessmentDetail>();
    expect(old.status).toBe('revised');
    const revised = (
      await send(ctx, da, 'GET', `/api/v1/assessments/${decided.revisedAssessmentId}`)
    ).json<AssessmentDetail>();
    expect(revised).toMatchObject({
      status: 'part_paid',
      revisionOf: a.id,
      taxKobo: a.taxKobo - 500_000,
      paidKobo: part,
    });
    expect(revised.noticeNumber).not.toBe(a.noticeNumber);
    expect(revised.payments.map((p) => p.id)).toContain(payment.id);
  });
});
