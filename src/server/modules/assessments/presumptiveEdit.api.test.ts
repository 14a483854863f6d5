import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentDetail, AssessmentView } from '../../../shared/assessments';
import { tradeCategories } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';
import { send } from './testing';

/** A presumptive draft is edited as a direct one is (PUT …/presumptive). Runs on PostgreSQL too. */

let ctx: TestContext & { close(): Promise<void> };
let pa: SignedIn;
let da: SignedIn;
let categoryId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [pa, da] = await Promise.all([signInAs(ctx, 'OFFICER_PA'), signInAs(ctx, 'OFFICER_DA')]);
  const [category] = await ctx.db
    .insert(tradeCategories)
    .values({
      name: `Barbing ${Date.now()}`,
      rule: 'fixed_by_size',
      smallKobo: 500_000,
      mediumKobo: 1_500_000,
      largeKobo: 5_000_000,
    })
    .returning();
  categoryId = category?.id ?? '';
});

afterAll(async () => {
  await ctx?.close();
});

async function draft(): Promise<AssessmentView> {
  const taxpayer = await createTaxpayer(ctx);
  const res = await send(ctx, pa, 'POST', '/api/v1/assessments/presumptive', {
    btin: taxpayer.btin,
    taxYear: 2025,
    tradeCategoryId: categoryId,
    size: 'small',
    tradeLocation: 'Swali market',
  });
  expect(res.statusCode).toBe(201);
  return res.json<AssessmentView>();
}

describe('PUT /api/v1/assessments/{id}/presumptive', () => {
  it('replaces the figures of a draft; the edit is in its history; a stale version is a 409', async () => {
    const before = await draft();
    const body = {
      taxYear: 2025,
      tradeCategoryId: categoryId,
      size: 'large',
      tradeLocation: 'Kpansia market, stall 12',
      version: before.version,
    };
    const res = await send(ctx, pa, 'PUT', `/api/v1/assessments/${before.id}/presumptive`, body);
    expect(res.statusCode).toBe(200);
    expect(res.json<AssessmentView>()).toMatchObject({
      id: before.id,
      btin: before.btin,
      taxKobo: 5_000_000,
      traderSize: 'large',
    });
    const detail = (
      await send(ctx, pa, 'GET', `/api/v1/assessments/${before.id}`)
    ).json<AssessmentDetail>();
    expect(detail.history.map((h) => h.action)).toEqual([
      'assessment.created',
      'assessment.updated',
    ]);
    expect(detail.history[1]?.actorName).toBeTruthy();

    const stale = await send(ctx, pa, 'PUT', `/api/v1/assessments/${before.id}/presumptive`, body);
    expect(outcomeOf(stale)).toBe('409 CONFLICT');
  });

  it('409 once issued; 403 for OFFICER_DA; 422 without a size', async () => {
    const issued = await draft();
    await send(ctx, pa, 'POST', `/api/v1/assessments/${issued.id}/issue`);
    const body = { taxYear: 2025, tradeCategoryId: categoryId, size: 'medium', version: 2 };
    expect(
      outcomeOf(await send(ctx, pa, 'PUT', `/api/v1/assessments/${issued.id}/presumptive`, body)),
    ).toBe('409 CONFLICT');

    const other = await draft();
    expect(
      (await send(ctx, da, 'PUT', `/api/v1/assessments/${other.id}/presumptive`, body)).statusCode,
    ).toBe(403);
    const noSize = await send(ctx, pa, 'PUT', `/api/v1/assessments/${other.id}/presumptive`, {
      ...body,
      size: undefined,
      version: other.version,
    });
    expect(outcomeOf(noSize)).toBe('422 VALIDATION_FAILED');
  });
});
