import { randomUUID } from 'node:crypto';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import { computePersonalIncomeTax } from '../../../../shared/tax';
import { computePresumptiveTax } from '../../../../shared/tax/presumptive';
import { assessments, objections, tradeCategories } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { createPayment } from '../../payments/testing';
import { OBJECTION_SENTENCE } from './notice';

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;

const PUBLIC_URL = 'https://revdesk.birs.example';

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: PUBLIC_URL });
  admin = await signInAs(ctx, 'ADMIN');
});

afterAll(async () => {
  await ctx.close();
});

async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The PDF's text without whitespace: pdf-parse breaks and spaces lines as it sees fit. */
const squeeze = (text: string) => text.replace(/\s+/g, '');

let serial = 0;
const noticeNumber = (kind: 'DA' | 'PT', year: number) => {
  serial += 1;
  return `BIRS/${kind}/${year}/${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(3, '0')}${randomUUID().slice(0, 4).toUpperCase()}`;
};

type AssessmentValues = typeof assessments.$inferInsert;

/** PwC's 2024 example (domain/tax-rules.md): gross ₦4,000,000, pension ₦320,000 → tax ₦464,240. */
async function insertDirect(overrides: Partial<AssessmentValues> = {}) {
  const taxpayer = await createTaxpayer(ctx);
  const input = {
    taxYear: 2024,
    incomes: [
      { source: 'employment' as const, amountKobo: 350_000_000 },
      { source: 'rent' as const, amountKobo: 50_000_000 },
    ],
    deductions: { pensionKobo: 32_000_000 },
  };
  const computation = computePersonalIncomeTax(input);
  const [row] = await ctx.db
    .insert(assessments)
    .values({
      kind: 'direct',
      source: 'assessed',
      status: 'issued',
      noticeNumber: noticeNumber('DA', 2024),
      btin: taxpayer.btin,
      taxYear: 2024,
      input,
      computation,
      law: computation.law,
      grossIncomeKobo: computation.grossIncomeKobo,
      chargeableIncomeKobo: computation.chargeableIncomeKobo,
      taxKobo: computation.taxKobo,
      issuedAt: new Date(),
      dueDate: '2099-12-31',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no assessment inserted');
  return { assessment: row, taxpayer, computation };
}

async function insertPresumptive() {
  const taxpayer = await createTaxpayer(ctx);
  const [category] = await ctx.db
    .insert(tradeCategories)
    .values({
      name: `Boat operators ${randomUUID().slice(0, 8)}`,
      rule: 'fixed_by_size',
      smallKobo: 1_000_000,
      mediumKobo: 2_500_000,
      largeKobo: 5_000_000,
    })
    .returning();
  if (!category) throw new Error('no category');
  const computation = computePresumptiveTax(category, { size: 'medium' });
  const [row] = await ctx.db
    .insert(assessments)
    .values({
      kind: 'presumptive',
      source: 'assessed',
      status: 'issued',
      noticeNumber: noticeNumber('PT', 2026),
      btin: taxpayer.btin,
      taxYear: 2026,
      input: { tradeCategoryId: category.id, size: 'medium' },
      computation,
      law: `trade-category:${category.rule}`,
      grossIncomeKobo: 0,
      chargeableIncomeKobo: 0,
      taxKobo: computation.taxKobo,
      tradeCategoryId: category.id,
      traderSize: 'medium',
      issuedAt: new Date(),
      dueDate: '2099-12-31',
    })
    .returning();
  if (!row) throw new Error('no assessment inserted');
  return { assessment: row, taxpayer, category };
}

const notice = (id: string, headers: Record<string, string> = admin.bearer) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/assessments/${id}/notice.pdf`, headers });

describe('GET /api/v1/assessments/{id}/notice.pdf', () => {
  it('prints a direct notice: number, taxpayer, income, CRA, every band, amount due, RRR, objection, QR link', async () => {
    const { assessment, taxpayer, computation } = await insertDirect();
    const bill = await createPayment(ctx, {
      status: 'pending',
      btin: taxpayer.btin,
      type: 'direct-assessment',
      assessmentId: assessment.id,
    });
    const res = await notice(assessment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('notice-BIRS-DA-2024-');
    const text = squeeze(await pdfText(res.rawPayload));
    expect(computation.taxKobo).toBe(46_424_000);
    for (const expected of [
      'Notice of Assessment',
      assessment.noticeNumber as string,
      taxpayer.btin,
      taxpayer.displayName,
      computation.lawTitle,
      'ConsolidatedReliefAllowance',
      formatKoboAsNaira(computation.consolidatedRelief?.amountKobo ?? -1),
      'Pensioncontribution',
      formatKoboAsNaira(computation.chargeableIncomeKobo),
      ...computation.bands.flatMap((band) => [
        formatKoboAsNaira(band.taxableKobo),
        formatKoboAsNaira(band.taxKobo),
        `${band.rateBasisPoints / 100}%`,
      ]),
      `Amountdue${formatKoboAsNaira(46_424_000)}`,
      'Duedate2099-12-31',
      bill.rrr as string,
      OBJECTION_SENTENCE,
      `${PUBLIC_URL}/verify/assessment/${encodeURIComponent(assessment.noticeNumber as string)}`,
    ]) {
      expect(text, expected).toContain(squeeze(expected));
    }
  });

  it('late and part paid: the balance with a 10 % penalty and interest; no bill → how to ask for one', async () => {
    const { assessment } = await insertDirect({
      dueDate: '2024-03-01',
      paidKobo: 6_424_000,
      status: 'part_paid',
    });
    const res = await notice(assessment.id);
    expect(res.statusCode, res.body).toBe(200);
    const text = squeeze(await pdfText(res.rawPayload));
    // Outstanding ₦400,000.00: penalty 10 % = ₦40,000.00 (latePayment.penaltyBasisPoints).
    expect(text).toContain(squeeze(`Paid so far ${formatKoboAsNaira(6_424_000)}`));
    expect(text).toContain(squeeze(`Late payment penalty`));
    expect(text).toContain(squeeze(formatKoboAsNaira(4_000_000)));
    expect(text).toContain('Interestonlatepayment');
    expect(text).toContain(squeeze('Ask for a bill (RRR) at any BIRS office'));
  });

  it('prints a presumptive notice: the category, the size and the rule', async () => {
    const { assessment, category } = await insertPresumptive();
    const res = await notice(assessment.id);
    expect(res.statusCode, res.body).toBe(200);
    const text = squeeze(await pdfText(res.rawPayload));
    for (const expected of [
      assessment.noticeNumber as string,
      category.name,
      'Fixed annual amount by size of trade',
      'Sizeoftrade Medium',
      `Amount due ${formatKoboAsNaira(2_500_000)}`,
      OBJECTION_SENTENCE,
    ]) {
      expect(text, expected).toContain(squeeze(expected));
    }
  });

  it('a draft has no notice (409); unknown 404; bad id 422; 401; 403; another kind is 404 for its reader', async () => {
    const taxpayer = await createTaxpayer(ctx);
    const computation = computePersonalIncomeTax({
      taxYear: 2025,
      incomes: [{ source: 'trade', amountKobo: 100_000_000 }],
      deductions: {},
    });
    const [draft] = await ctx.db
      .insert(assessments)
      .values({
        kind: 'direct',
        source: 'assessed',
        status: 'draft',
        btin: taxpayer.btin,
        taxYear: 2025,
        input: {},
        computation,
        law: computation.law,
        grossIncomeKobo: computation.grossIncomeKobo,
        chargeableIncomeKobo: computation.chargeableIncomeKobo,
        taxKobo: computation.taxKobo,
      })
      .returning();
    const conflict = await notice(draft?.id as string);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.message).toContain('draft');
    expect((await notice(randomUUID())).statusCode).toBe(404);
    expect((await notice('nope')).statusCode).toBe(422);

    const { assessment } = await insertPresumptive();
    expect((await notice(assessment.id, {})).statusCode).toBe(401);
    const mda = await signInAs(ctx, 'OFFICER_MDA');
    expect((await notice(assessment.id, mda.bearer)).statusCode).toBe(403);
    const directOfficer = await signInAs(ctx, 'OFFICER_DA');
    expect((await notice(assessment.id, directOfficer.bearer)).statusCode).toBe(404);
    const presumptiveOfficer = await signInAs(ctx, 'OFFICER_PA');
    expect((await notice(assessment.id, presumptiveOfficer.bearer)).statusCode).toBe(200);
  });
});

const verify = (number: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/public/assessments/${encodeURIComponent(number)}`,
  });

describe('GET /api/v1/public/assessments/{noticeNumber}', () => {
  it('a genuine notice: status, masked name, year, kind, tax, issued date — nothing private', async () => {
    const issuedAt = new Date('2025-02-01T08:00:00Z');
    const { assessment, taxpayer } = await insertDirect({ issuedAt });
    const res = await verify(assessment.noticeNumber as string);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      noticeNumber: assessment.noticeNumber,
      isGenuine: true,
      status: 'issued',
      maskedName: 'Ebiere A************a',
      taxYear: 2024,
      kind: 'direct',
      amountKobo: 46_424_000,
      issuedAt: issuedAt.toISOString(),
    });
    for (const secret of [taxpayer.btin, 'Alamieyeseigha', assessment.id, '350000000']) {
      expect(res.body, secret).not.toContain(secret);
    }
    expect((await verify((assessment.noticeNumber as string).toLowerCase())).statusCode).toBe(200);
  });

  it('a revised notice is not genuine any more; unknown 404 in words; NUL or too long 422', async () => {
    const { assessment } = await insertDirect({ status: 'revised' });
    const revised = await verify(assessment.noticeNumber as string);
    expect(revised.statusCode).toBe(200);
    expect(revised.json()).toMatchObject({ isGenuine: false, status: 'revised' });

    const unknown = await verify('BIRS/DA/2024/9999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: 'NOT_FOUND',
      message:
        'No notice of assessment has this number. It may have been mistyped, or it is not genuine.',
    });
    expect((await verify('BIRS/DA/\u0000')).statusCode).toBe(422);
    expect((await verify('x'.repeat(65))).statusCode).toBe(422);
  });
});

const letter = (id: string, headers: Record<string, string> = admin.bearer) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/objections/${id}/letter.pdf`, headers });

describe('GET /api/v1/objections/{id}/letter.pdf', () => {
  it('partly upheld: the notice, taxpayer, grounds, disputed amount, decision, reasons, revised notice, signature line', async () => {
    const director = await signInAs(ctx, 'DIRECTOR_ASSESSMENT');
    const { assessment, taxpayer } = await insertDirect({ status: 'revised' });
    const { assessment: replacement } = await insertDirect({
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
      'Date: 2025-03-10',
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
    const { assessment } = await insertDirect({ status: 'objected' });
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
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.details).toEqual({ status: 'open' });
    expect((await letter(randomUUID())).statusCode).toBe(404);
    expect((await letter('nope')).statusCode).toBe(422);
    expect((await letter(open?.id as string, {})).statusCode).toBe(401);
    const benjis = await signInAs(ctx, 'OFFICER_BENJIS');
    expect((await letter(open?.id as string, benjis.bearer)).statusCode).toBe(403);
    const presumptiveOfficer = await signInAs(ctx, 'OFFICER_PA');
    expect((await letter(open?.id as string, presumptiveOfficer.bearer)).statusCode).toBe(404);
  });
});
