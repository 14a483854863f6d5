import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TccStatus } from '../../../../shared/tcc/enums';
import type { TccView, TccYear } from '../../../../shared/tcc/views';
import { auditEvents, taxpayers, tccs } from '../../../db/schema';
import { createRemitaMda } from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createDirectAssessment } from '../../assessments/testing';
import { createPayment, randomRrr } from '../../payments/testing';
import { findTcc, transitionTcc } from '../queries';
import { insertTestTcc, send } from '../testing';
import { coveredYears, createCompany, generateTestTcc, tccBody } from './testing';

/**
 * A rejected certificate amended by its officer and sent back to the Director of Assessment
 * (docs/architecture.md §5): the years read again, the flagged ones justified again, a compare-and-set on
 * the status, history and audit. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let pa: SignedIn;
let payee: SignedIn;
let director: SignedIn;
let mdaId: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  [da, pa, payee, director] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'OFFICER_PA'),
    signInAs(ctx, 'OFFICER_PAYEE'),
    signInAs(ctx, 'DIRECTOR_ASSESSMENT'),
  ]);
  mdaId = (await createRemitaMda(ctx)).id;
});

afterAll(async () => {
  await ctx?.close();
});

const [first, second, third] = coveredYears() as [number, number, number];

async function reject(id: string, status: TccStatus = 'rejected_director_collection') {
  const moved = await transitionTcc(
    ctx.db,
    id,
    'pending_director_assessment',
    { status },
    new Date(),
  );
  if (!moved) throw new Error('could not reject the test certificate');
}

describe('POST /api/v1/tcc/{id}/resubmit', () => {
  it('reads the ledger again, keeps the justifications still needed, and starts the chain again', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const created = await generateTestTcc(ctx, da, tccBody('direct-assessment', taxpayer.btin));
    await reject(created.id);

    // Meanwhile the first year was assessed and paid.
    const assessment = await createDirectAssessment(ctx, da, taxpayer.btin, {
      overrides: { taxYear: first },
    });
    const rrr = randomRrr();
    const link = {
      type: 'direct-assessment' as const,
      subjectKind: 'assessment' as const,
      subjectId: assessment.id,
    };
    await createPayment(ctx, {
      status: 'pending',
      rrr,
      mdaId,
      amountKobo: assessment.taxKobo,
      ...link,
    });
    await createPayment(ctx, { rrr, mdaId, amountKobo: assessment.taxKobo });

    // The address was corrected on the taxpayer's record.
    await ctx.db
      .update(taxpayers)
      .set({ address: '7 Azikoro Road, Ekeki, Yenagoa' })
      .where(eq(taxpayers.btin, taxpayer.btin));

    const res = await send(ctx, da, 'POST', `/api/v1/tcc/${created.id}/resubmit`, {
      purpose: 'loan',
      note: 'Added the assessment of the first year, now paid.',
    });
    expect(res.statusCode).toBe(200);
    const view = res.json<TccView>();
    expect(view).toMatchObject({
      status: 'pending_director_assessment',
      purpose: 'loan',
      holder: { name: taxpayer.displayName, address: '7 Azikoro Road, Ekeki, Yenagoa' },
    });
    expect(view.years.map((y: TccYear) => [y.year, y.flag, y.justification !== null])).toEqual([
      [first, null, false],
      [second, 'no_assessment', true],
      [third, 'no_assessment', true],
    ]);
    expect(view.years[0]).toMatchObject({
      taxKobo: assessment.taxKobo,
      paidKobo: assessment.taxKobo,
      assessmentIds: [assessment.id],
    });
    const last = view.history[view.history.length - 1];
    expect(last).toMatchObject({
      action: 'resubmitted',
      fromStatus: 'rejected_director_collection',
      toStatus: 'pending_director_assessment',
      comment: 'Added the assessment of the first year, now paid.',
      actor: { id: da.officer.id },
    });
    const audit = await ctx.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'tcc'), eq(auditEvents.entityId, created.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['tcc.generated', 'tcc.resubmitted']);

    // No longer rejected: a second resubmission is a conflict.
    const again = await send(ctx, da, 'POST', `/api/v1/tcc/${created.id}/resubmit`, {
      note: 'Trying again.',
    });
    expect(outcomeOf(again)).toBe('409 CONFLICT');
  });

  it('422 when new justifications leave a flagged year out; 403/404 for officers of other kinds', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const created = await generateTestTcc(ctx, da, tccBody('direct-assessment', taxpayer.btin));
    await reject(created.id, 'rejected_chairman');
    const body = {
      justifications: [{ year: first, text: 'Income was below the threshold that year.' }],
      note: 'Shortened the justifications.',
    };
    const res = await send(ctx, da, 'POST', `/api/v1/tcc/${created.id}/resubmit`, body);
    expect(outcomeOf(res)).toBe('422 RULE_VIOLATION');
    expect(res.json().error.message).toContain(`${second}, ${third}`);
    // The presumptive officer does not read direct-assessment certificates; the director reads
    // them but does not amend them.
    expect(
      (await send(ctx, pa, 'POST', `/api/v1/tcc/${created.id}/resubmit`, body)).statusCode,
    ).toBe(404);
    expect(
      (await send(ctx, director, 'POST', `/api/v1/tcc/${created.id}/resubmit`, body)).statusCode,
    ).toBe(403);
    expect((await findTcc(ctx.db, created.id))?.status).toBe('rejected_chairman');
  });

  it('two resubmissions at once: one moves it, the other is a 409', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const created = await generateTestTcc(ctx, da, tccBody('direct-assessment', taxpayer.btin));
    await reject(created.id, 'rejected_director_assessment');
    const body = { note: 'Explained the missing years better.' };
    const answers = await Promise.all([
      send(ctx, da, 'POST', `/api/v1/tcc/${created.id}/resubmit`, body),
      send(ctx, da, 'POST', `/api/v1/tcc/${created.id}/resubmit`, body),
    ]);
    expect(answers.map(outcomeOf).sort()).toEqual(['200', '409 CONFLICT']);
    const view = answers.find((a) => a.statusCode === 200)?.json<TccView>();
    expect(view?.history.filter((h) => h.action === 'resubmitted')).toHaveLength(1);
  });

  it('PAYE: amended years replace the entered ones; a purpose another open certificate holds is 409', async () => {
    const employee = await createTaxpayer(ctx);
    const company = await createCompany(ctx);
    const created = await generateTestTcc(
      ctx,
      payee,
      tccBody('paye', employee.btin, { employerBtin: company.btin }),
    );
    const other = await generateTestTcc(
      ctx,
      payee,
      tccBody('paye', employee.btin, { employerBtin: company.btin, purpose: 'visa' }),
    );
    await reject(created.id, 'rejected_director_assessment');

    const taken = await send(ctx, payee, 'POST', `/api/v1/tcc/${created.id}/resubmit`, {
      purpose: 'visa',
      note: 'Changed the purpose.',
    });
    expect(outcomeOf(taken)).toBe('409 CONFLICT');
    expect(taken.json().error.message).toContain(other.number);

    const years = coveredYears().map((year) => ({
      year,
      incomeKobo: 400_000_000,
      taxKobo: 30_000_000,
      paidKobo: year === third ? 20_000_000 : 30_000_000,
      receipts: [],
    }));
    const unjustified = await send(ctx, payee, 'POST', `/api/v1/tcc/${created.id}/resubmit`, {
      years,
      justifications: [],
      note: 'Corrected the pay figures.',
    });
    expect(outcomeOf(unjustified)).toBe('422 RULE_VIOLATION');
    const res = await send(ctx, payee, 'POST', `/api/v1/tcc/${created.id}/resubmit`, {
      years,
      justifications: [{ year: third, text: 'Employer pays the balance in arrears by March.' }],
      note: 'Corrected the pay figures.',
    });
    expect(res.statusCode).toBe(200);
    const view = res.json<TccView>();
    expect(view.flagged).toBe(true);
    expect(view.years.map((y: TccYear) => [y.taxKobo, y.outstandingKobo, y.flag])).toEqual([
      [30_000_000, 0, null],
      [30_000_000, 0, null],
      [30_000_000, 10_000_000, 'arrears'],
    ]);
  });

  it('the duplicate rule of generation again: 409 naming the held certificate, then on with a written reason', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const created = await generateTestTcc(ctx, da, tccBody('direct-assessment', taxpayer.btin));
    await reject(created.id, 'rejected_director_assessment');
    // While it was rejected, another for the same purpose was approved.
    const held = await insertTestTcc(ctx, da, {
      btin: taxpayer.btin,
      status: 'approved',
      purpose: 'contract',
    });
    const expiresOn = `${third + 2}-12-31`;
    await ctx.db.update(tccs).set({ expiresOn }).where(eq(tccs.id, held.id));

    const note = { note: 'Corrected the source of income.' };
    const refused = await send(ctx, da, 'POST', `/api/v1/tcc/${created.id}/resubmit`, note);
    expect(outcomeOf(refused)).toBe('409 DUPLICATE_CERTIFICATE');
    // The shape generation answers: the field to fill and the certificate held.
    expect(refused.json().error).toMatchObject({
      message: expect.stringContaining(held.number),
      details: { field: 'duplicateReason', number: held.number, id: held.id, expiresOn },
    });
    expect((await findTcc(ctx.db, created.id))?.status).toBe('rejected_director_assessment');

    const reason = 'The contract needs the certificate in the holder’s corrected name.';
    const res = await send(ctx, da, 'POST', `/api/v1/tcc/${created.id}/resubmit`, {
      ...note,
      duplicateReason: reason,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TccView>().duplicate).toEqual({
      of: { id: held.id, number: held.number, expiresOn },
      reason,
    });
    const [audit] = await ctx.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, 'tcc.resubmitted')));
    expect(audit?.after).toMatchObject({
      duplicateOf: held.id,
      duplicateReason: reason,
      duplicateOfNumber: held.number,
    });

    // Rejected again: the reason written about this held certificate stands.
    await reject(created.id, 'rejected_director_assessment');
    const again = await send(ctx, da, 'POST', `/api/v1/tcc/${created.id}/resubmit`, note);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TccView>().duplicate?.reason).toBe(reason);

    // Another purpose holds nothing: no refusal, and the certificate no longer says duplicate.
    await reject(created.id, 'rejected_director_assessment');
    const loan = await send(ctx, da, 'POST', `/api/v1/tcc/${created.id}/resubmit`, {
      ...note,
      purpose: 'loan',
    });
    expect(loan.statusCode, loan.body).toBe(200);
    expect(loan.json<TccView>().duplicate).toBeNull();
  });
});
