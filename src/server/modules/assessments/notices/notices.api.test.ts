import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatRrr } from '../../../../shared/payments';
import { computePersonalIncomeTax } from '../../../../shared/tax';
import { assessments } from '../../../db/schema';
import { createTestContext, type TestContext } from '../../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../../testing/factories';
import { outcomeOf } from '../../../testing/outcomes';
import { createPayment } from '../../payments/testing';
import { OBJECTION_SENTENCE } from './notice';
import { insertDirect, insertPresumptive, pdfText, squeeze } from './testing';

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

const notice = (id: string, headers: Record<string, string> = admin.bearer) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/assessments/${id}/notice.pdf`, headers });

describe('GET /api/v1/assessments/{id}/notice.pdf', () => {
  it('prints a direct notice: number, taxpayer, income, CRA, every band, amount due, RRR, objection, QR link', async () => {
    const { assessment, taxpayer, computation } = await insertDirect(ctx);
    const bill = await createPayment(ctx, {
      status: 'pending',
      btin: taxpayer.btin,
      type: 'direct-assessment',
      subjectKind: 'assessment',
      subjectId: assessment.id,
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
      'Duedate31December2099',
      // The bill's RRR, grouped as payers write it, and what to do with it (docs/remita.md).
      `RRR (your bill) ${formatRrr(bill.rrr as string)}`,
      'at any bank, give the teller the RRR',
      OBJECTION_SENTENCE,
      // The code, not the number (ADR 0032).
      `${PUBLIC_URL}/verify/assessment/${assessment.publicCode}`,
    ]) {
      expect(text, expected).toContain(squeeze(expected));
    }
    // One A4 page, the QR code and its address included.
    expect(text).toContain('--1of1--');
  });

  it('late and part paid: the balance with a 10 % penalty and interest; no bill → how to ask for one', async () => {
    const { assessment } = await insertDirect(ctx, {
      dueDate: '2024-03-01',
      paidKobo: 6_424_000,
      status: 'part_paid',
    });
    const res = await notice(assessment.id);
    expect(res.statusCode, res.body).toBe(200);
    const text = squeeze(await pdfText(res.rawPayload));
    // Outstanding ₦400,000.00: penalty 10 % = ₦40,000.00 (latePayment.penaltyBasisPoints).
    expect(text).toContain(squeeze(`Paid so far ${formatKoboAsNaira(6_424_000)}`));
    expect(text).toContain(squeeze(`Penalty (`));
    expect(text).toContain(squeeze(formatKoboAsNaira(4_000_000)));
    expect(text).toContain('Interest(latepayment)');
    expect(text).toContain(
      squeeze('No bill has been raised for this notice yet. Ask at any BIRS office for a bill'),
    );
    expect(text).not.toContain('RRR(yourbill)');
    // A typical notice, QR code and address included, is one A4 page.
    expect(text).toContain('--1of1--');
  });

  it('prints a presumptive notice: the category, where the trade is, the size and the rule', async () => {
    const { assessment, category } = await insertPresumptive(ctx);
    const res = await notice(assessment.id);
    expect(res.statusCode, res.body).toBe(200);
    const text = squeeze(await pdfText(res.rawPayload));
    for (const expected of [
      assessment.noticeNumber as string,
      category.name,
      'Where the trade is Swali Market, stall 14, Yenagoa LGA',
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
    expect(outcomeOf(conflict)).toBe('409 CONFLICT');
    expect(conflict.json().error.message).toContain('draft');
    expect((await notice(randomUUID())).statusCode).toBe(404);
    expect(outcomeOf(await notice('nope'))).toBe('422 VALIDATION_FAILED');

    const { assessment } = await insertPresumptive(ctx);
    expect((await notice(assessment.id, {})).statusCode).toBe(401);
    const mda = await signInAs(ctx, 'OFFICER_MDA');
    expect((await notice(assessment.id, mda.bearer)).statusCode).toBe(403);
    const directOfficer = await signInAs(ctx, 'OFFICER_DA');
    expect((await notice(assessment.id, directOfficer.bearer)).statusCode).toBe(404);
    const presumptiveOfficer = await signInAs(ctx, 'OFFICER_PA');
    expect((await notice(assessment.id, presumptiveOfficer.bearer)).statusCode).toBe(200);
  });
});

const verify = (code: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1/public/assessments/${encodeURIComponent(code)}` });
const match = (number: string, amountKobo: number | string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1/public/assessments/match',
    query: { number, amountKobo: String(amountKobo) },
  });

describe('GET /api/v1/public/assessments/{code}', () => {
  it('a genuine notice: status, masked name, year, kind, tax, issued day — no BTIN, no time, no-store', async () => {
    const issuedAt = new Date('2025-02-01T08:00:00Z');
    const { assessment, taxpayer } = await insertDirect(ctx, { issuedAt });
    expect(assessment.publicCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{10}$/);
    const res = await verify(assessment.publicCode);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      noticeNumber: assessment.noticeNumber,
      isGenuine: true,
      status: 'issued',
      // The first name masked too (ADR 0032).
      maskedName: 'E***** A*************',
      taxYear: 2024,
      kind: 'direct',
      amountKobo: 46_424_000,
      issuedOn: '2025-02-01',
    });
    for (const secret of [
      taxpayer.btin,
      'Ebiere',
      'Alamieyeseigha',
      assessment.id,
      '350000000',
      '08:00',
      '09:00',
    ]) {
      expect(res.body, secret).not.toContain(secret);
    }
    expect((await verify(assessment.publicCode.toLowerCase())).statusCode).toBe(200);
  });

  it('a revised notice is not genuine any more; unknown 404 in words; a number, NUL or too long 422', async () => {
    const { assessment } = await insertDirect(ctx, { status: 'revised' });
    const revised = await verify(assessment.publicCode);
    expect(revised.statusCode).toBe(200);
    expect(revised.json()).toMatchObject({ isGenuine: false, status: 'revised' });

    const unknown = await verify('ZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    expect(unknown.json().error).toEqual({
      code: 'NOT_FOUND',
      message:
        'No notice of assessment has this verification code. It may have been mistyped, or the notice is not genuine.',
    });
    const byNumber = await verify(assessment.noticeNumber as string);
    expect(outcomeOf(byNumber)).toBe('422 VALIDATION_FAILED');
    expect(byNumber.headers['cache-control']).toBe('no-store');
    expect(outcomeOf(await verify('BIRS/DA/\u0000'))).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await verify('x'.repeat(65)))).toBe('422 VALIDATION_FAILED');
  });
});

describe('GET /api/v1/public/assessments/match', () => {
  it('the bare number answers match or no match against the tax assessed, nothing else', async () => {
    const { assessment } = await insertDirect(ctx);
    const number = assessment.noticeNumber as string;
    const yes = await match(number, 46_424_000);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.headers['cache-control']).toBe('no-store');
    expect(yes.json()).toEqual({ match: true });
    expect((await match(number, 46_424_001)).json()).toEqual({ match: false });
    expect((await match('BIRS/DA/2024/9999999', 46_424_000)).json()).toEqual({ match: false });
    expect(yes.body).not.toContain(assessment.publicCode);
    // A notice that no longer stands matches nothing.
    const { assessment: cancelled } = await insertDirect(ctx, { status: 'cancelled' });
    expect((await match(cancelled.noticeNumber as string, 46_424_000)).json()).toEqual({
      match: false,
    });
    expect(outcomeOf(await match(number, '-1'))).toBe('422 VALIDATION_FAILED');
  });
});
