import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectionView } from '../../../shared/assessments';
import { assessments, auditEvents, objections } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';
import { createDirectAssessment, send } from './testing';

/**
 * Two people doing the same thing at once. Two directors deciding one open objection: the
 * objection's row lock lets one decide, the other gets a 409 — one decision, one revised
 * assessment. Two officers issuing one draft: one notice number, one 409. On PGlite the two
 * requests run one after the other; on PostgreSQL (TEST_DATABASE_URL) they truly race.
 */

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let otherDa: SignedIn;
let first: SignedIn;
let second: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  [da, otherDa, first, second] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

async function openObjection() {
  const assessment = await createDirectAssessment(ctx, da, (await createTaxpayer(ctx)).btin);
  const res = await send(ctx, da, 'POST', `/api/v1/assessments/${assessment.id}/objections`, {
    grounds: 'Rent income was counted twice in the notice',
    disputedKobo: 1_000_000,
  });
  expect(res.statusCode).toBe(201);
  return { assessment, objection: res.json<ObjectionView>() };
}

describe('deciding one objection twice at once', () => {
  it('upheld by two directors at once: one decision and one revision, the other 409', async () => {
    const { assessment, objection } = await openObjection();
    const decision = (taxKobo: number) => ({
      outcome: 'partly_upheld',
      reasons: 'Rent was counted twice; the revised figure stands',
      revised: { taxKobo },
    });
    const [a, b] = await Promise.all([
      send(ctx, first, 'POST', `/api/v1/objections/${objection.id}/decide`, decision(900_000)),
      send(ctx, second, 'POST', `/api/v1/objections/${objection.id}/decide`, decision(800_000)),
    ]);
    expect([a, b].map(outcomeOf).sort()).toEqual(['200', '409 CONFLICT']);
    const winner = (a.statusCode === 200 ? a : b).json<ObjectionView>();
    const loser = (a.statusCode === 200 ? b : a).json<{ error: { message: string } }>();
    expect(loser.error.message).toMatch(/decided|open/i);

    const revisions = await ctx.db
      .select({ id: assessments.id, noticeNumber: assessments.noticeNumber })
      .from(assessments)
      .where(eq(assessments.revisionOf, assessment.id));
    expect(revisions).toHaveLength(1);
    expect(revisions[0]?.id).toBe(winner.revisedAssessmentId);
    expect(revisions[0]?.noticeNumber).toBeTruthy();

    const [row] = await ctx.db
      .select({ status: objections.status, decidedBy: objections.decidedBy })
      .from(objections)
      .where(eq(objections.id, objection.id));
    expect(row?.status).toBe('partly_upheld');
    expect([first.officer.id, second.officer.id]).toContain(row?.decidedBy);

    const [audited] = await ctx.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'objection'), eq(auditEvents.entityId, objection.id)));
    // Filed once, decided once.
    expect(audited?.n).toBe(2);
  });

  it('refused and upheld at once: whichever comes first stands, the other 409', async () => {
    const { assessment, objection } = await openObjection();
    const [a, b] = await Promise.all([
      send(ctx, first, 'POST', `/api/v1/objections/${objection.id}/decide`, {
        outcome: 'refused',
        reasons: 'The rent was declared on two properties',
      }),
      send(ctx, second, 'POST', `/api/v1/objections/${objection.id}/decide`, {
        outcome: 'upheld',
        reasons: 'Rent was counted twice indeed',
        revised: { taxKobo: 700_000 },
      }),
    ]);
    expect([a, b].map(outcomeOf).sort()).toEqual(['200', '409 CONFLICT']);
    const [old] = await ctx.db
      .select({ status: assessments.status })
      .from(assessments)
      .where(eq(assessments.id, assessment.id));
    const revisions = await ctx.db
      .select({ id: assessments.id })
      .from(assessments)
      .where(eq(assessments.revisionOf, assessment.id));
    if (a.statusCode === 200) {
      expect(old?.status).toBe('issued');
      expect(revisions).toHaveLength(0);
    } else {
      expect(old?.status).toBe('revised');
      expect(revisions).toHaveLength(1);
    }
  });
});

describe('issuing one draft twice at once', () => {
  it('two officers: one notice number, the other 409 naming it', async () => {
    const draft = await createDirectAssessment(ctx, da, (await createTaxpayer(ctx)).btin, {
      issue: false,
    });
    const [a, b] = await Promise.all([
      send(ctx, da, 'POST', `/api/v1/assessments/${draft.id}/issue`),
      send(ctx, otherDa, 'POST', `/api/v1/assessments/${draft.id}/issue`),
    ]);
    expect([a, b].map(outcomeOf).sort()).toEqual(['200', '409 CONFLICT']);
    const issued = (a.statusCode === 200 ? a : b).json<{ noticeNumber: string }>();
    const refused = (a.statusCode === 200 ? b : a).json<{ error: { message: string } }>();
    expect(refused.error.message).toContain(issued.noticeNumber);
    const [row] = await ctx.db
      .select({ noticeNumber: assessments.noticeNumber, version: assessments.version })
      .from(assessments)
      .where(eq(assessments.id, draft.id));
    expect(row?.noticeNumber).toBe(issued.noticeNumber);
    const [issues] = await ctx.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'assessment.issued'), eq(auditEvents.entityId, draft.id)));
    expect(issues?.n).toBe(1);
  });
});
