import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBtin } from '../../../../shared/btin';
import type { TccCreated, TccPreview } from '../../../../shared/tcc/views';
import { auditEvents } from '../../../db/schema';
import { createRemitaMda } from '../../../integrations/remita/testing';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createMda, createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createDirectAssessment } from '../../assessments/testing';
import { createPayment, randomRrr } from '../../payments/testing';
import { findTcc, selectTccHistory } from '../queries';
import { send } from '../testing';
import { coveredYears, createCompany, generateTestTcc, tccBody } from './testing';

/**
 * Generating certificates of the five kinds (docs/product.md §7 TCC, docs/architecture.md §5): the holder, the
 * three-year table from the ledger or as entered, flagged years and their justification, one
 * open certificate per purpose, the kind's permission, history and audit. Runs on PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let pa: SignedIn;
let payee: SignedIn;
let officer: SignedIn;
let mdaId: string;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  [da, pa, payee, officer] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'OFFICER_PA'),
    signInAs(ctx, 'OFFICER_PAYEE'),
    signInAs(ctx, 'ASSESSMENT_OFFICER'),
  ]);
  mdaId = (await createRemitaMda(ctx)).id;
});

afterAll(async () => {
  await ctx?.close();
});

const [first, second, third] = coveredYears() as [number, number, number];

async function auditActions(tccId: string) {
  const rows = await ctx.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(and(eq(auditEvents.entityType, 'tcc'), eq(auditEvents.entityId, tccId)));
  return rows.map((r) => r.action);
}

/** An individual with a paid direct assessment for the first year, an unpaid one for the second. */
async function taxpayerWithHistory() {
  const taxpayer = await createTaxpayer(ctx);
  const paid = await createDirectAssessment(ctx, da, taxpayer.btin, {
    overrides: { taxYear: first },
  });
  const rrr = randomRrr();
  const link = {
    type: 'direct-assessment' as const,
    subjectKind: 'assessment' as const,
    subjectId: paid.id,
  };
  await createPayment(ctx, { status: 'pending', rrr, mdaId, amountKobo: paid.taxKobo, ...link });
  await createPayment(ctx, { rrr, mdaId, amountKobo: paid.taxKobo });
  const owed = await createDirectAssessment(ctx, da, taxpayer.btin, {
    overrides: { taxYear: second },
  });
  return { taxpayer, paid, owed };
}

describe('GET /api/v1/tcc/preview and POST /api/v1/tcc (direct assessment)', () => {
  it('builds the three years from assessments and the ledger, flags arrears and missing years', async () => {
    const { taxpayer, paid, owed } = await taxpayerWithHistory();
    const res = await send(
      ctx,
      da,
      'GET',
      `/api/v1/tcc/preview?kind=direct-assessment&btin=${taxpayer.btin}`,
    );
    expect(res.statusCode).toBe(200);
    const preview = res.json<TccPreview>();
    expect(preview.holder.name).toBe(taxpayer.displayName);
    expect(preview.feeKobo).toBe(0);
    expect(preview.open).toEqual([]);
    expect(preview.years.map((y) => [y.year, y.flag])).toEqual([
      [first, null],
      [second, 'arrears'],
      [third, 'no_assessment'],
    ]);
    expect(preview.years[0]).toMatchObject({
      taxKobo: paid.taxKobo,
      paidKobo: paid.taxKobo,
      outstandingKobo: 0,
      assessmentIds: [paid.id],
    });
    expect(preview.years[0]?.receipts).toHaveLength(1);
    expect(preview.years[0]?.receipts[0]?.number).toMatch(/^BIRS\//);
    expect(preview.years[1]).toMatchObject({
      taxKobo: owed.taxKobo,
      paidKobo: 0,
      outstandingKobo: owed.taxKobo,
      receipts: [],
    });
  });

  it('422 naming the flagged years without a justification; 201 with them, history and audit', async () => {
    const { taxpayer } = await taxpayerWithHistory();
    const unjustified = await send(
      ctx,
      da,
      'POST',
      '/api/v1/tcc',
      tccBody('direct-assessment', taxpayer.btin, {
        justifications: [{ year: second, text: 'Instalment plan agreed with the service.' }],
      }),
    );
    expect(outcomeOf(unjustified)).toBe('422 RULE_VIOLATION');
    expect(unjustified.json().error.message).toContain(String(third));
    expect(unjustified.json().error.message).not.toContain(String(second));

    const created = await generateTestTcc(
      ctx,
      da,
      tccBody('direct-assessment', taxpayer.btin, {
        justifications: [
          { year: first, text: 'Not flagged: this one is not kept on the table.' },
          { year: second, text: 'Instalment plan agreed with the service.' },
          { year: third, text: 'Assessment for this year is being prepared.' },
        ],
      }),
    );
    expect(created.status).toBe('pending_director_assessment');
    expect(created.number).toMatch(/^BIRS\/TCC\/\d{4}\/\d{6}$/);
    const row = await findTcc(ctx.db, created.id);
    expect(row).toMatchObject({ kind: 'direct-assessment', btin: taxpayer.btin, flagged: true });
    expect(row?.holder).toMatchObject({ name: taxpayer.displayName, hasPhoto: false });
    const years = row?.years as { justification: string | null }[];
    expect(years.map((y) => y.justification)).toEqual([
      null,
      'Instalment plan agreed with the service.',
      'Assessment for this year is being prepared.',
    ]);
    const history = await selectTccHistory(ctx.db, created.id);
    expect(history.map((h) => [h.action, h.toStatus, h.actorId])).toEqual([
      ['generated', 'pending_director_assessment', da.officer.id],
    ]);
    expect(await auditActions(created.id)).toEqual(['tcc.generated']);
  });

  it('409 for a second open certificate of the kind and purpose, naming it; another purpose is fine', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const created = await generateTestTcc(ctx, da, tccBody('direct-assessment', taxpayer.btin));
    const again = await send(
      ctx,
      da,
      'POST',
      '/api/v1/tcc',
      tccBody('direct-assessment', taxpayer.btin),
    );
    expect(outcomeOf(again)).toBe('409 CONFLICT');
    expect(again.json().error.message).toContain(created.number);
    const preview = await send(
      ctx,
      da,
      'GET',
      `/api/v1/tcc/preview?kind=direct-assessment&btin=${taxpayer.btin}`,
    );
    expect(preview.json<TccPreview>().open).toEqual([
      {
        id: created.id,
        number: created.number,
        purpose: 'contract',
        status: 'pending_director_assessment',
      },
    ]);
    const loan = await generateTestTcc(
      ctx,
      da,
      tccBody('direct-assessment', taxpayer.btin, { purpose: 'loan' }),
    );
    expect(loan.number).not.toBe(created.number);
  });

  it('two officers generating for one purpose at once: one certificate, one 409', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const body = tccBody('direct-assessment', taxpayer.btin);
    const answers = await Promise.all([
      send(ctx, da, 'POST', '/api/v1/tcc', body),
      send(ctx, officer, 'POST', '/api/v1/tcc', body),
    ]);
    expect(answers.map(outcomeOf).sort()).toEqual(['201', '409 CONFLICT']);
    const preview = await send(
      ctx,
      da,
      'GET',
      `/api/v1/tcc/preview?kind=direct-assessment&btin=${taxpayer.btin}`,
    );
    expect(preview.json<TccPreview>().open).toHaveLength(1);
  });

  it('403 for another kind’s officer, 404 unknown BTIN, 422 for a company, 401 signed out', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const body = tccBody('direct-assessment', taxpayer.btin);
    expect((await send(ctx, pa, 'POST', '/api/v1/tcc', body)).statusCode).toBe(403);
    expect((await send(ctx, payee, 'POST', '/api/v1/tcc', body)).statusCode).toBe(403);
    expect(
      (
        await send(
          ctx,
          payee,
          'GET',
          `/api/v1/tcc/preview?kind=direct-assessment&btin=${taxpayer.btin}`,
        )
      ).statusCode,
    ).toBe(403);
    expect((await send(ctx, null, 'POST', '/api/v1/tcc', body)).statusCode).toBe(401);
    expect(
      (
        await send(
          ctx,
          da,
          'POST',
          '/api/v1/tcc',
          tccBody('direct-assessment', makeBtin(999_999_998)),
        )
      ).statusCode,
    ).toBe(404);
    const company = await createCompany(ctx);
    const corporate = await send(
      ctx,
      da,
      'POST',
      '/api/v1/tcc',
      tccBody('direct-assessment', company.btin),
    );
    expect(outcomeOf(corporate)).toBe('422 RULE_VIOLATION');
    expect(corporate.json().error.message).toContain('company');
  });
});

describe('POST /api/v1/tcc (exemption, PAYE, MDA employee, presumptive)', () => {
  it('exemption: zero years, no flags, reason and evidence kept', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const created = await generateTestTcc(
      ctx,
      officer,
      tccBody('exemption', taxpayer.btin, { justifications: [] }),
    );
    const row = await findTcc(ctx.db, created.id);
    expect(row).toMatchObject({ kind: 'exemption', flagged: false, exemptionReason: 'student' });
    expect(row?.years).toEqual(
      [first, second, third].map((year) =>
        expect.objectContaining({ year, taxKobo: 0, flag: null }),
      ),
    );
    // OFFICER_DA does not generate exemptions.
    expect(
      (await send(ctx, da, 'POST', '/api/v1/tcc', tccBody('exemption', taxpayer.btin))).statusCode,
    ).toBe(403);
  });

  it('PAYE: the employer is a registered company; a year short of tax needs a justification', async () => {
    const employee = await createTaxpayer(ctx);
    const company = await createCompany(ctx);
    const other = await createTaxpayer(ctx);
    const notAnEmployer = await send(
      ctx,
      payee,
      'POST',
      '/api/v1/tcc',
      tccBody('paye', employee.btin, { employerBtin: other.btin }),
    );
    expect(outcomeOf(notAnEmployer)).toBe('422 VALIDATION_FAILED');
    expect(
      outcomeOf(
        await send(
          ctx,
          payee,
          'POST',
          '/api/v1/tcc',
          tccBody('paye', employee.btin, { employerBtin: makeBtin(999_999_998) }),
        ),
      ),
    ).toBe('422 VALIDATION_FAILED');

    const short = tccBody('paye', employee.btin, {
      employerBtin: company.btin,
      justifications: [],
    });
    const years = (short as { years: { paidKobo: number }[] }).years;
    (years[1] as { paidKobo: number }).paidKobo = 10_000_000;
    const refused = await send(ctx, payee, 'POST', '/api/v1/tcc', short);
    expect(outcomeOf(refused)).toBe('422 RULE_VIOLATION');
    expect(refused.json().error.message).toContain(String(second));

    const created = await generateTestTcc(ctx, payee, {
      ...short,
      justifications: [{ year: second, text: 'Employer remitted the balance late in January.' }],
    });
    const row = await findTcc(ctx.db, created.id);
    expect(row).toMatchObject({ kind: 'paye', employerBtin: company.btin, flagged: true });
    const table = (row?.years ?? []) as { flag: string | null; outstandingKobo: number }[];
    expect(table[1]).toMatchObject({
      flag: 'arrears',
      outstandingKobo: 14_000_000,
    });
  });

  it('MDA employee: 404 for an unknown MDA; staff number kept', async () => {
    const employee = await createTaxpayer(ctx);
    const unknown = await send(
      ctx,
      payee,
      'POST',
      '/api/v1/tcc',
      tccBody('mda-employee', employee.btin, { mdaId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.statusCode).toBe(404);
    const mda = await createMda(ctx);
    const created = await generateTestTcc(
      ctx,
      payee,
      tccBody('mda-employee', employee.btin, { mdaId: mda.id, staffNumber: 'BY/12345' }),
    );
    expect(await findTcc(ctx.db, created.id)).toMatchObject({
      mdaId: mda.id,
      staffNumber: 'BY/12345',
      // Its years' tax paid has no remittance in the ledger: flagged for the approvers.
      flagged: true,
    });
  });

  it('preview: empty rows to fill for the entered kinds, 422 for a company, 404 unknown BTIN', async () => {
    const employee = await createTaxpayer(ctx);
    const res = await send(
      ctx,
      payee,
      'GET',
      `/api/v1/tcc/preview?kind=paye&btin=${employee.btin}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<TccPreview>().years).toEqual(
      [first, second, third].map((year) =>
        expect.objectContaining({ year, taxKobo: 0, receipts: [], flag: null }),
      ),
    );
    const company = await createCompany(ctx);
    expect(
      outcomeOf(
        await send(ctx, payee, 'GET', `/api/v1/tcc/preview?kind=paye&btin=${company.btin}`),
      ),
    ).toBe('422 RULE_VIOLATION');
    expect(
      (await send(ctx, payee, 'GET', `/api/v1/tcc/preview?kind=paye&btin=${makeBtin(999_999_998)}`))
        .statusCode,
    ).toBe(404);
  });

  it('entered years must be the years covered', async () => {
    const employee = await createTaxpayer(ctx);
    const mda = await createMda(ctx);
    const body = tccBody('mda-employee', employee.btin, { mdaId: mda.id });
    const years = (body as { years: { year: number }[] }).years;
    (years[0] as { year: number }).year = first - 1;
    expect(outcomeOf(await send(ctx, payee, 'POST', '/api/v1/tcc', body))).toBe(
      '422 VALIDATION_FAILED',
    );
  });

  it('presumptive reads presumptive assessments only: a direct assessment does not count', async () => {
    const { taxpayer } = await taxpayerWithHistory();
    const res = await send(
      ctx,
      pa,
      'GET',
      `/api/v1/tcc/preview?kind=presumptive&btin=${taxpayer.btin}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<TccPreview>().years.map((y) => y.flag)).toEqual([
      'no_assessment',
      'no_assessment',
      'no_assessment',
    ]);
    const created: TccCreated = await generateTestTcc(
      ctx,
      pa,
      tccBody('presumptive', taxpayer.btin),
    );
    expect(created.status).toBe('pending_director_assessment');
  });
});
