import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentDetail, AssessmentPage, AssessmentView } from '../../../shared/assessments';
import { makeBtin } from '../../../shared/btin';
import { addDays, todayInLagos } from '../../../shared/dates';
import type { TaxpayerView } from '../../../shared/taxpayers';
import { auditEvents } from '../../db/schema';
import { csvRowsOf, xlsxSheetOf } from '../../export/testing';
import { createTestContext, type TestContext } from '../../testing/context';
import { createTaxpayer, type SignedIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';
import { createDirectAssessment, directBody, send } from './testing';

let ctx: TestContext & { close(): Promise<void> };
let da: SignedIn;
let pa: SignedIn;
let executive: SignedIn;
let taxpayer: TaxpayerView;

beforeAll(async () => {
  ctx = await createTestContext();
  [da, pa, executive] = await Promise.all([
    signInAs(ctx, 'OFFICER_DA'),
    signInAs(ctx, 'OFFICER_PA'),
    signInAs(ctx, 'EXECUTIVE'),
  ]);
  taxpayer = await createTaxpayer(ctx);
});

afterAll(async () => {
  await ctx?.close();
});

/** A BTIN of ten digits whose check digit is wrong. */
function wrongCheckDigit(btin: string): string {
  return `${btin.slice(0, 9)}${(Number(btin[9]) + 1) % 10}`;
}

describe('POST /api/v1/assessments/direct/compute', () => {
  it('answers the engine’s computation and stores nothing (PwC 2024 example)', async () => {
    const res = await send(ctx, da, 'POST', '/api/v1/assessments/direct/compute', {
      taxYear: 2024,
      incomes: [{ source: 'employment', amountKobo: 400_000_000 }],
      deductions: { pensionKobo: 32_000_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      law: 'PITA',
      chargeableIncomeKobo: 274_400_000,
      taxKobo: 46_424_000,
    });
  });

  it('caps rent relief and says so', async () => {
    const res = await send(ctx, da, 'POST', '/api/v1/assessments/direct/compute', {
      taxYear: 2026,
      incomes: [{ source: 'employment', amountKobo: 1_000_000_000 }],
      deductions: { annualRentKobo: 500_000_000 },
    });
    expect(res.statusCode).toBe(200);
    const rent = res
      .json<{ deductions: { kind: string; capped: boolean; allowedKobo: number }[] }>()
      .deductions.find((d) => d.kind === 'rentRelief');
    expect(rent).toMatchObject({ capped: true, allowedKobo: 50_000_000 });
  });

  it.each([
    ['taxYear', { taxYear: 2010 }],
    ['taxYear', { taxYear: Number(todayInLagos().slice(0, 4)) + 2 }],
    ['incomes.0.amountKobo', { incomes: [{ source: 'employment', amountKobo: -1 }] }],
    ['incomes.0.amountKobo', { incomes: [{ source: 'employment', amountKobo: 1.5 }] }],
    ['incomes.0.source', { incomes: [{ source: 'lottery', amountKobo: 100 }] }],
    // A 500 until fuzzing found it: the engine's sums left the safe integers.
    ['deductions.lifeAssuranceKobo', { deductions: { lifeAssuranceKobo: 2 ** 53 - 1 } }],
  ])('422 naming %s', async (field, overrides) => {
    const res = await send(ctx, da, 'POST', '/api/v1/assessments/direct/compute', {
      taxYear: 2024,
      incomes: [{ source: 'employment', amountKobo: 100 }],
      ...overrides,
    });
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(JSON.stringify(res.json())).toContain(field);
  });

  it('401 without a session, 403 for a role without the permission and for OFFICER_PA (wrong kind)', async () => {
    const body = { taxYear: 2024, incomes: [{ source: 'employment', amountKobo: 100 }] };
    expect(
      (await send(ctx, null, 'POST', '/api/v1/assessments/direct/compute', body)).statusCode,
    ).toBe(401);
    expect(
      (await send(ctx, executive, 'POST', '/api/v1/assessments/direct/compute', body)).statusCode,
    ).toBe(403);
    expect(
      (await send(ctx, pa, 'POST', '/api/v1/assessments/direct/compute', body)).statusCode,
    ).toBe(403);
  });
});

describe('direct assessment drafts', () => {
  it('creates a draft with the computation stored, audited', async () => {
    const res = await send(
      ctx,
      da,
      'POST',
      '/api/v1/assessments/direct',
      directBody(taxpayer.btin, { taxYear: 2021 }),
    );
    expect(res.statusCode).toBe(201);
    const draft = res.json<AssessmentView>();
    expect(draft).toMatchObject({
      status: 'draft',
      kind: 'direct',
      source: 'assessed',
      noticeNumber: null,
      btin: taxpayer.btin,
      taxpayerName: taxpayer.displayName,
      law: 'PITA',
      paidKobo: 0,
      // Not owed until its notice is issued.
      outstandingKobo: 0,
      createdBy: { id: da.officer.id },
    });
    const audit = await ctx.db.select().from(auditEvents).where(eq(auditEvents.entityId, draft.id));
    expect(audit.map((a) => a.action)).toContain('assessment.created');
  });

  it('422 for a BTIN with a wrong check digit, 404 for an unknown one, 422 for a company', async () => {
    const wrong = await send(
      ctx,
      da,
      'POST',
      '/api/v1/assessments/direct',
      directBody(wrongCheckDigit(taxpayer.btin)),
    );
    expect(outcomeOf(wrong)).toBe('422 VALIDATION_FAILED');
    expect(JSON.stringify(wrong.json())).toContain('btin');
    const unknown = await send(
      ctx,
      da,
      'POST',
      '/api/v1/assessments/direct',
      directBody(makeBtin(999_999_998)),
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('edits a draft at its version; a stale version is a 409', async () => {
    const draft = await createDirectAssessment(ctx, da, taxpayer.btin, {
      issue: false,
      overrides: { taxYear: 2022 },
    });
    const update = {
      taxYear: 2022,
      incomes: [{ source: 'trade', amountKobo: 600_000_000 }],
      version: draft.version,
    };
    const ok = await send(ctx, da, 'PUT', `/api/v1/assessments/${draft.id}`, update);
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AssessmentView>().grossIncomeKobo).toBe(600_000_000);
    const stale = await send(ctx, da, 'PUT', `/api/v1/assessments/${draft.id}`, update);
    expect(outcomeOf(stale)).toBe('409 CONFLICT');
  });

  it('refuses text with a NUL byte or a lone surrogate (422)', async () => {
    for (const note of ['bad\u0000note', 'bad \ud800 note']) {
      const res = await send(
        ctx,
        da,
        'POST',
        '/api/v1/assessments/direct',
        directBody(taxpayer.btin, { evidenceNote: note }),
      );
      expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
      expect(JSON.stringify(res.json())).toContain('evidenceNote');
    }
  });
});

describe('issue and cancel', () => {
  it('issues with a notice number, the issue date and the due date 30 days on', async () => {
    const other = await createTaxpayer(ctx);
    const issued = await createDirectAssessment(ctx, da, other.btin);
    const today = todayInLagos();
    expect(issued.status).toBe('issued');
    expect(issued.noticeNumber).toMatch(new RegExp(`^BIRS/DA/${today.slice(0, 4)}/\\d{6}$`));
    expect(issued.dueDate).toBe(addDays(today, 30));
    expect(issued.issuedBy?.id).toBe(da.officer.id);

    const again = await send(ctx, da, 'POST', `/api/v1/assessments/${issued.id}/issue`);
    expect(outcomeOf(again)).toBe('409 CONFLICT');
    expect(again.json().error.message).toContain(issued.noticeNumber);
  });

  it('a second standing assessment for the taxpayer, year and kind is a 409 naming the first', async () => {
    const other = await createTaxpayer(ctx);
    const first = await createDirectAssessment(ctx, da, other.btin);
    const second = await createDirectAssessment(ctx, da, other.btin, { issue: false });
    const res = await send(ctx, da, 'POST', `/api/v1/assessments/${second.id}/issue`);
    expect(outcomeOf(res)).toBe('409 CONFLICT');
    expect(res.json().error.message).toContain(first.noticeNumber);
  });

  it('two issues of one draft at once: one notice, one 409', async () => {
    const other = await createTaxpayer(ctx);
    const draft = await createDirectAssessment(ctx, da, other.btin, { issue: false });
    const [a, b] = await Promise.all([
      send(ctx, da, 'POST', `/api/v1/assessments/${draft.id}/issue`),
      send(ctx, da, 'POST', `/api/v1/assessments/${draft.id}/issue`),
    ]);
    expect([a, b].map(outcomeOf).sort()).toEqual(['200', '409 CONFLICT']);
  });

  it('OFFICER_PA may not issue or read a direct one (403 wrong kind); 401 signed out', async () => {
    const draft = await createDirectAssessment(ctx, da, taxpayer.btin, {
      issue: false,
      overrides: { taxYear: 2019 },
    });
    expect((await send(ctx, pa, 'POST', `/api/v1/assessments/${draft.id}/issue`)).statusCode).toBe(
      403,
    );
    expect((await send(ctx, pa, 'GET', `/api/v1/assessments/${draft.id}`)).statusCode).toBe(403);
    expect(
      (await send(ctx, null, 'POST', `/api/v1/assessments/${draft.id}/issue`)).statusCode,
    ).toBe(401);
    expect(
      (await send(ctx, executive, 'POST', `/api/v1/assessments/${draft.id}/issue`)).statusCode,
    ).toBe(403);
  });

  it('cancels an issued one with a reason; 422 without; 409 twice', async () => {
    const other = await createTaxpayer(ctx);
    const issued = await createDirectAssessment(ctx, da, other.btin);
    const bad = await send(ctx, da, 'POST', `/api/v1/assessments/${issued.id}/cancel`, {
      reason: 'no',
    });
    expect(outcomeOf(bad)).toBe('422 VALIDATION_FAILED');
    const ok = await send(ctx, da, 'POST', `/api/v1/assessments/${issued.id}/cancel`, {
      reason: 'Issued to the wrong taxpayer by mistake',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<AssessmentView>()).toMatchObject({ status: 'cancelled' });
    const twice = await send(ctx, da, 'POST', `/api/v1/assessments/${issued.id}/cancel`, {
      reason: 'Issued to the wrong taxpayer by mistake',
    });
    expect(outcomeOf(twice)).toBe('409 CONFLICT');
  });
});

describe('GET /api/v1/assessments', () => {
  it('lists by BTIN with totals; OFFICER_PA sees no direct ones; exports CSV', async () => {
    const other = await createTaxpayer(ctx);
    const issued = await createDirectAssessment(ctx, da, other.btin);
    const res = await send(ctx, da, 'GET', `/api/v1/assessments?btin=${other.btin}`);
    expect(res.statusCode).toBe(200);
    const page = res.json<AssessmentPage>();
    expect(page.items.map((a) => a.id)).toEqual([issued.id]);
    expect(page.totals).toMatchObject({
      count: 1,
      taxKobo: issued.taxKobo,
      outstandingKobo: issued.taxKobo,
    });

    const byName = await send(
      ctx,
      da,
      'GET',
      `/api/v1/assessments?search=${encodeURIComponent(issued.noticeNumber ?? '')}`,
    );
    expect(byName.json<AssessmentPage>().items.map((a) => a.id)).toEqual([issued.id]);

    const mine = await send(
      ctx,
      da,
      'GET',
      '/api/v1/assessments?mine=true&status=issued&pageSize=200',
    );
    expect(mine.json<AssessmentPage>().items.every((a) => a.createdBy?.id === da.officer.id)).toBe(
      true,
    );

    const forPa = await send(ctx, pa, 'GET', `/api/v1/assessments?btin=${other.btin}`);
    expect(forPa.json<AssessmentPage>().total).toBe(0);

    const csv = await send(ctx, da, 'GET', `/api/v1/assessments?btin=${other.btin}&format=csv`);
    expect(csv.statusCode).toBe(200);
    const [row] = csvRowsOf(csv);
    expect(row).toMatchObject({
      'Notice number': issued.noticeNumber,
      'Tax (NGN)': (issued.taxKobo / 100).toFixed(2),
      Issued: todayInLagos(),
    });
    expect(row?.['Due date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const xlsx = await send(ctx, da, 'GET', `/api/v1/assessments?btin=${other.btin}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const { headers, rows } = await xlsxSheetOf(xlsx, 'Assessments');
    expect(headers.slice(7, 10)).toEqual(['Tax (NGN)', 'Paid (NGN)', 'Outstanding (NGN)']);
    // Numbers Excel can sum, shown with the naira sign; days as date cells.
    expect(rows[0]?.['Tax (NGN)']?.value).toBe(issued.taxKobo / 100);
    expect(rows[0]?.['Tax (NGN)']?.numFmt).toBe('"₦"#,##0.00');
    expect(rows[0]?.Issued?.value).toEqual(new Date(`${todayInLagos()}T00:00:00Z`));
    expect(rows[0]?.['Due date']?.value).toBeInstanceOf(Date);
    expect(rows[0]?.Year?.value).toBe(String(issued.taxYear));
  });

  it('totals count what stands: a draft and a cancelled assessment owe and assess nothing', async () => {
    const other = await createTaxpayer(ctx);
    const issued = await createDirectAssessment(ctx, da, other.btin);
    const cancelled = await send(ctx, da, 'POST', `/api/v1/assessments/${issued.id}/cancel`, {
      reason: 'Issued to the wrong taxpayer by mistake',
    });
    expect(cancelled.json<AssessmentView>()).toMatchObject({
      outstandingKobo: 0,
      amountDueKobo: 0,
    });
    const draft = await createDirectAssessment(ctx, da, other.btin, { issue: false });
    expect(draft).toMatchObject({ status: 'draft', outstandingKobo: 0 });
    const standing = await createDirectAssessment(ctx, da, other.btin);

    const page = (
      await send(ctx, da, 'GET', `/api/v1/assessments?btin=${other.btin}`)
    ).json<AssessmentPage>();
    expect(page.items).toHaveLength(3);
    expect(page.totals).toMatchObject({
      count: 3,
      taxKobo: standing.taxKobo,
      paidKobo: 0,
      outstandingKobo: standing.taxKobo,
    });
  });

  it('names the officers who have assessed, by kind, and filters by one of them', async () => {
    const other = await createTaxpayer(ctx);
    const issued = await createDirectAssessment(ctx, da, other.btin);
    const res = await send(ctx, da, 'GET', '/api/v1/assessments/officers?kind=direct');
    expect(res.statusCode).toBe(200);
    const { items } = res.json<{ items: { id: string; name: string }[] }>();
    expect(items.map((o) => o.id)).toContain(da.officer.id);
    // OFFICER_PA reads presumptive only: the direct assessor is no choice of theirs.
    const forPa = await send(ctx, pa, 'GET', '/api/v1/assessments/officers');
    expect(forPa.json<{ items: { id: string }[] }>().items.map((o) => o.id)).not.toContain(
      da.officer.id,
    );
    const byOfficer = await send(
      ctx,
      da,
      'GET',
      `/api/v1/assessments?btin=${other.btin}&createdBy=${da.officer.id}`,
    );
    expect(byOfficer.json<AssessmentPage>().items.map((a) => a.id)).toEqual([issued.id]);
    expect((await send(ctx, null, 'GET', '/api/v1/assessments/officers')).statusCode).toBe(401);
    expect((await send(ctx, executive, 'GET', '/api/v1/assessments/officers')).statusCode).toBe(
      403,
    );
    const bad = await send(ctx, da, 'GET', '/api/v1/assessments/officers?kind=stamp-duty');
    expect(outcomeOf(bad)).toBe('422 VALIDATION_FAILED');
  });

  it('401, 403, 422 on a bad filter', async () => {
    expect((await send(ctx, null, 'GET', '/api/v1/assessments')).statusCode).toBe(401);
    expect((await send(ctx, executive, 'GET', '/api/v1/assessments')).statusCode).toBe(403);
    expect(outcomeOf(await send(ctx, da, 'GET', '/api/v1/assessments?pageSize=500'))).toBe(
      '422 VALIDATION_FAILED',
    );
    // Past the integer column of LGA ids: a database error, a 500, until fuzzing found it.
    const lga = await send(ctx, da, 'GET', '/api/v1/assessments?lgaId=2147483648');
    expect(outcomeOf(lga), lga.body).toBe('422 VALIDATION_FAILED');
  });

  it('one assessment in full', async () => {
    const other = await createTaxpayer(ctx);
    const issued = await createDirectAssessment(ctx, da, other.btin);
    const res = await send(ctx, da, 'GET', `/api/v1/assessments/${issued.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<AssessmentDetail>();
    expect(detail.computation).toMatchObject({ law: 'PITA', taxKobo: issued.taxKobo });
    expect(detail.history.map((h) => h.action)).toEqual([
      'assessment.created',
      'assessment.issued',
    ]);
    // A history names the officer, not the username (the username stays for compatibility).
    expect(detail.history.map((h) => [h.actorName, h.actorUsername])).toEqual([
      [`${da.officer.firstName} ${da.officer.surname}`, da.officer.username],
      [`${da.officer.firstName} ${da.officer.surname}`, da.officer.username],
    ]);
    expect(
      (await send(ctx, da, 'GET', '/api/v1/assessments/00000000-0000-4000-8000-000000000000'))
        .statusCode,
    ).toBe(404);
  });
});
