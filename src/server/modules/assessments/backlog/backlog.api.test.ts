import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentDetail, AssessmentView } from '../../../../shared/assessments';
import { assessments, tradeCategories } from '../../../db/schema';
import {
  addSimInvoice,
  createRemitaMda,
  type RemitaMda,
} from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createDirectAssessment, send } from '../testing';

/** Backlog capture, presumptive drafts and the penalty waiver. */

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let pa: SignedIn;
let director: SignedIn;
let mda: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  [da, pa, director] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'OFFICER_PA'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
  ]);
  mda = await createRemitaMda(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/v1/assessments/backlog', () => {
  it('records an RRR checked with Remita and a paper receipt, linked; paid from the receipts', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const paperMda = await createMda(ctx);
    const invoice = addSimInvoice(ctx, mda, { statusCode: '00', amountKobo: 3_000_000 });
    const body = {
      kind: 'direct',
      btin: taxpayer.btin,
      taxYear: 2022,
      grossIncomeKobo: 500_000_000,
      taxKobo: 5_000_000,
      receipts: [
        { mdaId: mda.id, rrr: invoice.rrr, amountKobo: 3_000_000, paidOn: '2023-03-01' },
        {
          mdaId: paperMda.id,
          receiptNumber: 'OLD/2023/771',
          amountKobo: 2_000_000,
          paidOn: '2023-04-02',
        },
      ],
    };
    const res = await send(ctx, da, 'POST', '/api/v1/assessments/backlog', body);
    expect(res.statusCode).toBe(201);
    const captured = res.json<AssessmentView>();
    expect(captured).toMatchObject({
      source: 'backlog',
      status: 'paid',
      paidKobo: 5_000_000,
      law: 'backlog',
    });
    const detail = (
      await send(ctx, da, 'GET', `/api/v1/assessments/${captured.id}`)
    ).json<AssessmentDetail>();
    expect(detail.payments.map((p) => p.channel).sort()).toEqual(['manual', 'remita']);

    // The same paper receipt again, for another taxpayer: 409 naming it.
    const other = await createTaxpayer(ctx);
    const again = await send(ctx, da, 'POST', '/api/v1/assessments/backlog', {
      ...body,
      btin: other.btin,
      receipts: [body.receipts[1]],
    });
    expect(outcomeOf(again)).toBe('409 CONFLICT');
    expect(again.json().error.message).toContain('OLD/2023/771');
    // Named by its field, so the form shows it beside that receipt.
    expect(again.json().error.details.field).toBe('receipts.0.receiptNumber');
  });

  it('part paid when the receipts fall short; 422 for an unpaid RRR; 403 wrong kind; 401', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const paperMda = await createMda(ctx);
    const body = {
      kind: 'direct',
      btin: taxpayer.btin,
      taxYear: 2021,
      grossIncomeKobo: 500_000_000,
      taxKobo: 5_000_000,
      receipts: [
        {
          mdaId: paperMda.id,
          receiptNumber: 'OLD/2022/9',
          amountKobo: 1_000_000,
          paidOn: '2022-03-01',
        },
      ],
    };
    const part = await send(ctx, da, 'POST', '/api/v1/assessments/backlog', body);
    expect(part.json<AssessmentView>()).toMatchObject({
      status: 'part_paid',
      outstandingKobo: 4_000_000,
    });

    const unpaid = addSimInvoice(ctx, mda, { amountKobo: 1_000_000 });
    const bad = await send(ctx, da, 'POST', '/api/v1/assessments/backlog', {
      ...body,
      taxYear: 2020,
      receipts: [{ mdaId: mda.id, rrr: unpaid.rrr, amountKobo: 1_000_000, paidOn: '2021-03-01' }],
    });
    expect(outcomeOf(bad)).toBe('422 VALIDATION_FAILED');
    expect(JSON.stringify(bad.json())).toContain('receipts.0.rrr');
    expect((await send(ctx, pa, 'POST', '/api/v1/assessments/backlog', body)).statusCode).toBe(403);
    expect((await send(ctx, null, 'POST', '/api/v1/assessments/backlog', body)).statusCode).toBe(
      401,
    );
  });
});

describe('presumptive assessments', () => {
  it('drafts from a trade category and issues with a /PT/ notice; 422 for an inactive category; 403 for OFFICER_DA', async () => {
    const [category] = await ctx.db
      .insert(tradeCategories)
      .values({
        name: `Tailoring ${Date.now()}`,
        rule: 'fixed_by_size',
        smallKobo: 500_000,
        mediumKobo: 1_500_000,
        largeKobo: 5_000_000,
      })
      .returning();
    const [inactive] = await ctx.db
      .insert(tradeCategories)
      .values({
        name: `Old trade ${Date.now()}`,
        rule: 'fixed_by_size',
        smallKobo: 1,
        mediumKobo: 2,
        largeKobo: 3,
        isActive: false,
      })
      .returning();
    const taxpayer = await createTaxpayer(ctx);
    const body = {
      btin: taxpayer.btin,
      taxYear: 2025,
      tradeCategoryId: category?.id,
      size: 'medium',
      tradeLocation: 'Swali market',
    };
    const res = await send(ctx, pa, 'POST', '/api/v1/assessments/presumptive', body);
    expect(res.statusCode).toBe(201);
    const draft = res.json<AssessmentView>();
    expect(draft).toMatchObject({
      kind: 'presumptive',
      taxKobo: 1_500_000,
      traderSize: 'medium',
      law: 'fixed_by_size',
    });
    const issued = await send(ctx, pa, 'POST', `/api/v1/assessments/${draft.id}/issue`);
    expect(issued.json<AssessmentView>().noticeNumber).toMatch(/^BIRS\/PT\/\d{4}\/\d{6}$/);

    const off = await send(ctx, pa, 'POST', '/api/v1/assessments/presumptive', {
      ...body,
      tradeCategoryId: inactive?.id,
    });
    expect(outcomeOf(off)).toBe('422 VALIDATION_FAILED');
    expect(JSON.stringify(off.json())).toContain('tradeCategoryId');
    const noSize = await send(ctx, pa, 'POST', '/api/v1/assessments/presumptive', {
      ...body,
      size: undefined,
    });
    expect(JSON.stringify(noSize.json())).toContain('size');
    expect((await send(ctx, da, 'POST', '/api/v1/assessments/presumptive', body)).statusCode).toBe(
      403,
    );
  });
});

describe('POST /api/v1/assessments/{id}/waive-penalty', () => {
  it('a late assessment shows penalty and interest; a director waives them; the officer may not', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const issued = await createDirectAssessment(ctx, da, taxpayer.btin);
    await ctx.db
      .update(assessments)
      .set({ dueDate: '2025-01-01' })
      .where(eq(assessments.id, issued.id));
    const late = (
      await send(ctx, da, 'GET', `/api/v1/assessments/${issued.id}`)
    ).json<AssessmentView>();
    expect(late.penaltyKobo).toBe(Math.round(issued.taxKobo / 10));
    expect(late.interestKobo).toBeGreaterThan(0);
    expect(late.amountDueKobo).toBe(late.outstandingKobo + late.penaltyKobo + late.interestKobo);

    const reason = { reason: 'Taxpayer was hospitalised; see the letter on file' };
    expect(
      (await send(ctx, da, 'POST', `/api/v1/assessments/${issued.id}/waive-penalty`, reason))
        .statusCode,
    ).toBe(403);
    expect(
      outcomeOf(
        await send(ctx, director, 'POST', `/api/v1/assessments/${issued.id}/waive-penalty`, {
          reason: 'x',
        }),
      ),
    ).toBe('422 VALIDATION_FAILED');
    const waived = await send(
      ctx,
      director,
      'POST',
      `/api/v1/assessments/${issued.id}/waive-penalty`,
      reason,
    );
    expect(waived.statusCode).toBe(200);
    expect(waived.json<AssessmentView>()).toMatchObject({
      isPenaltyWaived: true,
      penaltyKobo: 0,
      interestKobo: 0,
    });
    expect(
      outcomeOf(
        await send(ctx, director, 'POST', `/api/v1/assessments/${issued.id}/waive-penalty`, reason),
      ),
    ).toBe('409 CONFLICT');
  });
});
