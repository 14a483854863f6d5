import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import { objections } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { insertDirect, pdfText, squeeze } from './testing';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'ADMIN');
});

afterAll(async () => {
  await ctx.close();
});

const letter = (id: string, headers: Record<string, string> = admin.bearer) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/objections/${id}/letter.pdf`, headers });

describe('GET /api/v1/objections/{id}/letter.pdf', () => {
  it('partly upheld: the notice, taxpayer, grounds, disputed amount, decision, reasons, revised notice, signature line', async () => {
    const director = await signInAs(ctx, 'DIRECTOR_ASSESSMENT');
    const { assessment, taxpayer } = await insertDirect(ctx, { status: 'revised' });
    const { assessment: replacement } = await insertDirect(ctx, {
      btin: taxpayer.btin,
      revisionOf: assessment.id,
      taxKobo: 30_000_000,
    });
    const [objection] = await ctx.db
      .insert(objections)
      .values({
        assessmentId: assessment.id,
        status: 'partly_upheld',
        grounds: 'The rent income was counted twice; the flat was empty from June.',
        disputedKobo: 20_000_000,
        answerDueDate: todayInLagos(),
        decidedAt: new Date('2025-03-10T10:00:00Z'),
        decidedBy: director.officer.id,
        decisionReasons: 'Rent for June to December not received, as the tenancy records show.',
        revisedAssessmentId: replacement.id,
      })
      .returning();
    const res = await letter(objection?.id as string);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = squeeze(await pdfText(res.rawPayload));
    for (const expected of [
      'Decision on Objection to Assessment',
      'Date: 10 March 2025',
      assessment.noticeNumber as string,
      taxpayer.displayName,
      taxpayer.btin,
      'The rent income was counted twice; the flat was empty from June.',
      `Amount disputed ${formatKoboAsNaira(20_000_000)}`,
      'Decision Partly upheld',
      'Rent for June to December not received, as the tenancy records show.',
      replacement.noticeNumber as string,
      `Revised tax ${formatKoboAsNaira(30_000_000)}`,
      `${director.officer.firstName} ${director.officer.surname}`,
      'Director of Assessment',
    ]) {
      expect(text, expected).toContain(squeeze(expected));
    }
  });

  it('an open objection has no letter (409); unknown 404; bad id 422; 401; 403', async () => {
    const { assessment } = await insertDirect(ctx, { status: 'objected' });
    const [open] = await ctx.db
      .insert(objections)
      .values({
        assessmentId: assessment.id,
        grounds: 'Too high for my income.',
        disputedKobo: 10_000_000,
        answerDueDate: todayInLagos(),
      })
      .returning();
    const conflict = await letter(open?.id as string);
    expect(outcomeOf(conflict)).toBe('409 CONFLICT');
    expect(conflict.json().error.details).toEqual({ status: 'open' });
    expect((await letter(randomUUID())).statusCode).toBe(404);
    expect(outcomeOf(await letter('nope'))).toBe('422 VALIDATION_FAILED');
    expect((await letter(open?.id as string, {})).statusCode).toBe(401);
    const benjis = await signInAs(ctx, 'OFFICER_BENJIS');
    expect((await letter(open?.id as string, benjis.bearer)).statusCode).toBe(403);
    const presumptiveOfficer = await signInAs(ctx, 'OFFICER_PA');
    expect((await letter(open?.id as string, presumptiveOfficer.bearer)).statusCode).toBe(404);
  });
});
