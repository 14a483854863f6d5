import { and, count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSC_REVENUE_HEAD_CODE } from '../../../shared/ssc/enums';
import type {
  SscScheduleDetail,
  SscSchedulePage,
  SscScheduleView,
} from '../../../shared/ssc/views';
import { systemActor } from '../../auth/actor';
import { auditEvents, mdas, sscSchedules } from '../../db/schema';
import { notificationOf } from '../../integrations/remita/simulator';
import { createRemitaMda, type RemitaMda } from '../../integrations/remita/testing';
import { secretBoxFromConfig } from '../../secrets';
import { createTestContext, type TestContext } from '../../testing/context';
import { createMda, type SignedIn, signInAs } from '../../testing/factories';
import { outcomeOf } from '../../testing/outcomes';
import { createMdaService } from '../mdas/service';
import { scheduleCsv, uploadSchedule } from './testing';

/**
 * SSC schedules through the API: upload and typed entry, the row rules (422 naming each row and
 * field, nothing stored), one schedule a month per MDA and category (replaced while unbilled,
 * 409 once billed), the lists with totals and export, the bill and its settlement. Runs on
 * PostgreSQL too.
 */

let ctx: TestContext & { close(): Promise<void> };
let admin: SignedIn;
let executive: SignedIn;
let dgBudget: SignedIn;
let officerDa: SignedIn;
let collector: RemitaMda;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true });
  [admin, executive, dgBudget, officerDa] = await Promise.all([
    signInAs(ctx, 'ADMIN'),
    signInAs(ctx, 'EXECUTIVE'),
    signInAs(ctx, 'DG_BUDGET'),
    signInAs(ctx, 'OFFICER_DA'),
  ]);
  collector = await createRemitaMda(ctx, { revenueHeadCode: SSC_REVENUE_HEAD_CODE });
});

afterAll(async () => {
  await ctx?.close();
});

const GOOD = scheduleCsv([
  // GL 8 at 1.5 %: ₦1,234.57 → 1,851.855 kobo → 1,852.
  ['MOF/1', 'Ada Obi', 'GL 08', '1234.57'],
  // GL 3 at 1 %: ₦150,000.00 → ₦1,500.00.
  ['MOF/2', 'Bola Ade', '3', '"150,000.00"'],
  // GL 14 at 2 %: ₦400,000.50 → 800,001 kobo.
  ['MOF/3', 'Chi Eze', '14', '400000.50'],
]);

async function schedulesOf(mdaId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(sscSchedules)
    .where(eq(sscSchedules.mdaId, mdaId));
  return row?.n ?? 0;
}

describe('POST /api/v1/ssc/schedules', () => {
  it('stores a CSV schedule with each row’s levy to the kobo, its file and an audit row', async () => {
    const mda = await createMda(ctx);
    const res = await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: mda.id, category: 'civil-servants', month: '2026-03' },
      { text: GOOD },
    );
    expect(outcomeOf(res), res.body).toBe('201');
    const view = res.json<SscScheduleView>();
    expect(view).toMatchObject({
      mda: { id: mda.id },
      category: 'civil-servants',
      month: '2026-03',
      status: 'unbilled',
      source: 'upload',
      fileName: 'schedule.csv',
      staffCount: 3,
      grossKobo: 123_457 + 15_000_000 + 40_000_050,
      levyKobo: 1_852 + 150_000 + 800_001,
      hasDemoRates: true,
      replacedTimes: 0,
    });
    const detail = await ctx.app.inject({
      url: `/api/v1/ssc/schedules/${view.id}`,
      headers: executive.bearer,
    });
    expect(outcomeOf(detail)).toBe('200');
    expect(
      detail
        .json<SscScheduleDetail>()
        .rows.map((r) => [r.staffId, r.gradeLevel, r.rateBps, r.levyKobo]),
    ).toEqual([
      ['MOF/1', 8, 150, 1_852],
      ['MOF/2', 3, 100, 150_000],
      ['MOF/3', 14, 200, 800_001],
    ]);
    const audits = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, view.id), eq(auditEvents.action, 'ssc_schedule.created')),
      );
    expect(audits).toHaveLength(1);
  });

  it('reads an XLSX schedule', async () => {
    const mda = await createMda(ctx);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Schedule');
    sheet.addRow(['Staff ID', 'Name', 'Grade Level', 'Gross Monthly Pay']);
    sheet.addRow(['H1', 'Hon. Dayo', 'GL 15', 1_000_000]);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: mda.id, category: 'office-holders', month: '2026-03' },
      { bytes, fileName: 'holders.xlsx' },
    );
    expect(outcomeOf(res), res.body).toBe('201');
    expect(res.json<SscScheduleView>()).toMatchObject({ staffCount: 1, levyKobo: 5_000_000 });
  });

  it('refuses a wrong header, naming line 1, and stores nothing', async () => {
    const mda = await createMda(ctx);
    const res = await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: mda.id, category: 'civil-servants', month: '2026-03' },
      { text: scheduleCsv([['A', 'B', '1', '1']], 'staff_id,name,grade,pay') },
    );
    expect(outcomeOf(res)).toBe('422 INVALID_FILE');
    expect(res.json().error.details.rows[0]).toMatchObject({ line: 1, field: 'header' });
    expect(res.json().error.message).toContain('missing grade_level, gross_monthly_pay');
    expect(await schedulesOf(mda.id)).toBe(0);
  });

  it('names each bad row and field: duplicate staff id, non-numeric pay, unknown grade level', async () => {
    const mda = await createMda(ctx);
    const res = await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: mda.id, category: 'civil-servants', month: '2026-03' },
      {
        text: scheduleCsv([
          ['S1', 'Ada', '7', '1000'],
          ['S1', 'Bola', '7', '1000'],
          ['S3', 'Chi', '7', 'ten thousand'],
          ['S4', 'Dayo', '17', '1000'],
        ]),
      },
    );
    expect(outcomeOf(res)).toBe('422 INVALID_FILE');
    expect(
      res.json().error.details.rows.map((r: { line: number; field: string }) => [r.line, r.field]),
    ).toEqual([
      [3, 'staff_id'],
      [4, 'gross_monthly_pay'],
      [5, 'grade_level'],
    ]);
    expect(res.json().error.message).toContain('line 5, grade_level');
    expect(await schedulesOf(mda.id)).toBe(0);
  });

  it('refuses a missing or wrong category, month or MDA', async () => {
    const mda = await createMda(ctx);
    const noCategory = await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: mda.id, month: '2026-03' },
      { text: GOOD },
    );
    expect(outcomeOf(noCategory)).toBe('422 VALIDATION_FAILED');
    expect(noCategory.json().error.details.issues[0].path).toBe('category');
    const badMonth = await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: mda.id, category: 'civil-servants', month: '2026-13' },
      { text: GOOD },
    );
    expect(badMonth.json().error.details.issues[0].path).toBe('month');
    const badMda = await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: 'nope', category: 'civil-servants', month: '2026-03' },
      { text: GOOD },
    );
    expect(badMda.json().error.details.issues[0].path).toBe('mdaId');
    const noFile = await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: mda.id, category: 'civil-servants', month: '2026-03' },
      null,
    );
    expect(outcomeOf(noFile)).toBe('422 INVALID_FILE');
  });

  it('is 401 without a session and 403 for a reader', async () => {
    const mda = await createMda(ctx);
    const fields = { mdaId: mda.id, category: 'civil-servants', month: '2026-03' };
    expect(outcomeOf(await uploadSchedule(ctx, {}, fields, { text: GOOD }))).toBe(
      '401 UNAUTHENTICATED',
    );
    expect(outcomeOf(await uploadSchedule(ctx, executive.bearer, fields, { text: GOOD }))).toBe(
      '403 FORBIDDEN',
    );
    expect(await schedulesOf(mda.id)).toBe(0);
  });
});

describe('one schedule a month per MDA and category', () => {
  it('replaces an unbilled one, then refuses with 409 once billed', async () => {
    const mda = await createMda(ctx);
    const fields = { mdaId: mda.id, category: 'federal-civil-servants', month: '2026-04' };
    const first = await uploadSchedule(ctx, admin.bearer, fields, { text: GOOD });
    expect(outcomeOf(first)).toBe('201');
    const corrected = await uploadSchedule(ctx, admin.bearer, fields, {
      text: scheduleCsv([['F1', 'Efe', '2', '50000']]),
    });
    expect(outcomeOf(corrected), corrected.body).toBe('200');
    const view = corrected.json<SscScheduleView>();
    expect(view).toMatchObject({
      id: first.json().id,
      staffCount: 1,
      levyKobo: 50_000,
      replacedTimes: 1,
    });
    expect(await schedulesOf(mda.id)).toBe(1);

    const billed = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/ssc/schedules/${view.id}/bill`,
      headers: admin.bearer,
      payload: { mdaId: collector.id },
    });
    expect(outcomeOf(billed), billed.body).toBe('200');
    const refused = await uploadSchedule(ctx, admin.bearer, fields, { text: GOOD });
    expect(outcomeOf(refused)).toBe('409 CONFLICT');
    expect(refused.json().error.message).toContain('can no longer be replaced');
    const typed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ssc/schedule-entries',
      headers: admin.bearer,
      payload: { ...fields, rows: [{ staffId: 'X', name: 'Y', gradeLevel: 1, grossKobo: 100 }] },
    });
    expect(outcomeOf(typed)).toBe('409 CONFLICT');
  });
});

describe('POST /api/v1/ssc/schedule-entries', () => {
  it('stores a schedule typed by hand', async () => {
    const mda = await createMda(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ssc/schedule-entries',
      headers: admin.bearer,
      payload: {
        mdaId: mda.id,
        category: 'office-holders',
        month: '2026-02',
        rows: [{ staffId: 'H1', name: 'Hon. Ada', gradeLevel: 17, grossKobo: 123_45 }],
      },
    });
    expect(outcomeOf(res), res.body).toBe('201');
    // 12,345 kobo at 5 % = 617.25 → 617.
    expect(res.json<SscScheduleView>()).toMatchObject({ source: 'manual', levyKobo: 617 });
  });

  it('names each bad row by its JSON path; 401; 403', async () => {
    const mda = await createMda(ctx);
    const payload = {
      mdaId: mda.id,
      category: 'civil-servants',
      month: '2026-02',
      rows: [
        { staffId: 'A', name: 'Ada', gradeLevel: 3, grossKobo: 100 },
        { staffId: 'a', name: 'Bola', gradeLevel: 17, grossKobo: 100 },
      ],
    };
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ssc/schedule-entries',
      headers: admin.bearer,
      payload,
    });
    expect(outcomeOf(res)).toBe('422 VALIDATION_FAILED');
    expect(res.json().error.details.issues.map((i: { path: string }) => i.path)).toEqual([
      'rows.1.staffId',
      'rows.1.gradeLevel',
    ]);
    expect(await schedulesOf(mda.id)).toBe(0);
    const post = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/ssc/schedule-entries', headers, payload });
    expect(outcomeOf(await post({}))).toBe('401 UNAUTHENTICATED');
    expect(outcomeOf(await post(dgBudget.bearer))).toBe('403 FORBIDDEN');
  });
});

describe('GET /api/v1/ssc/schedules', () => {
  it('lists by category, month, MDA and status with the totals, for ADMIN, EXECUTIVE and DG_BUDGET', async () => {
    const mda = await createMda(ctx);
    for (const month of ['2025-01', '2025-02']) {
      const res = await uploadSchedule(
        ctx,
        admin.bearer,
        { mdaId: mda.id, category: 'civil-servants', month },
        { text: GOOD },
      );
      expect(outcomeOf(res)).toBe('201');
    }
    for (const who of [admin, executive, dgBudget]) {
      const res = await ctx.app.inject({
        url: `/api/v1/ssc/schedules?category=civil-servants&mdaId=${mda.id}&status=unbilled`,
        headers: who.bearer,
      });
      expect(outcomeOf(res)).toBe('200');
      const page = res.json<SscSchedulePage>();
      expect(page.total).toBe(2);
      expect(page.items.map((s) => s.month)).toEqual(['2025-02', '2025-01']);
      expect(page.totals).toEqual({
        schedules: 2,
        staff: 6,
        grossKobo: 2 * (123_457 + 15_000_000 + 40_000_050),
        levyKobo: 2 * (1_852 + 150_000 + 800_001),
      });
    }
    const oneMonth = await ctx.app.inject({
      url: `/api/v1/ssc/schedules?month=2025-01&mdaId=${mda.id}`,
      headers: executive.bearer,
    });
    expect(oneMonth.json<SscSchedulePage>().total).toBe(1);
    const otherCategory = await ctx.app.inject({
      url: `/api/v1/ssc/schedules?category=office-holders&mdaId=${mda.id}`,
      headers: executive.bearer,
    });
    expect(otherCategory.json<SscSchedulePage>().total).toBe(0);
  });

  it('exports the filter as CSV, audited', async () => {
    const mda = await createMda(ctx);
    await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: mda.id, category: 'civil-servants', month: '2025-05' },
      { text: GOOD },
    );
    const res = await ctx.app.inject({
      url: `/api/v1/ssc/schedules?mdaId=${mda.id}&format=csv`,
      headers: dgBudget.bearer,
    });
    expect(outcomeOf(res)).toBe('200');
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('Levy (NGN)');
    expect(res.body).toContain('9518.53');
  });

  it('is 401, 403 and 422 for a bad month', async () => {
    expect(outcomeOf(await ctx.app.inject({ url: '/api/v1/ssc/schedules' }))).toBe(
      '401 UNAUTHENTICATED',
    );
    expect(
      outcomeOf(await ctx.app.inject({ url: '/api/v1/ssc/schedules', headers: officerDa.bearer })),
    ).toBe('403 FORBIDDEN');
    expect(
      outcomeOf(
        await ctx.app.inject({ url: '/api/v1/ssc/schedules?month=March', headers: admin.bearer }),
      ),
    ).toBe('422 VALIDATION_FAILED');
  });
});

describe('GET /api/v1/ssc/schedules/{id}', () => {
  it('is 404 for no schedule, 422 for no id, 401 and 403', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(
      outcomeOf(
        await ctx.app.inject({ url: `/api/v1/ssc/schedules/${missing}`, headers: admin.bearer }),
      ),
    ).toBe('404 NOT_FOUND');
    expect(
      outcomeOf(await ctx.app.inject({ url: '/api/v1/ssc/schedules/x', headers: admin.bearer })),
    ).toBe('422 VALIDATION_FAILED');
    expect(outcomeOf(await ctx.app.inject({ url: `/api/v1/ssc/schedules/${missing}` }))).toBe(
      '401 UNAUTHENTICATED',
    );
    expect(
      outcomeOf(
        await ctx.app.inject({
          url: `/api/v1/ssc/schedules/${missing}`,
          headers: officerDa.bearer,
        }),
      ),
    ).toBe('403 FORBIDDEN');
  });
});

describe('POST /api/v1/ssc/schedules/{id}/bill', () => {
  it('raises one RRR for the whole levy; paying it marks the schedule paid', async () => {
    const mda = await createMda(ctx);
    const up = await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: mda.id, category: 'civil-servants', month: '2026-01' },
      { text: GOOD },
    );
    const id = up.json<SscScheduleView>().id;
    const bill = (who: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/ssc/schedules/${id}/bill`,
        headers: who,
        payload: { mdaId: collector.id },
      });
    expect(outcomeOf(await bill({}))).toBe('401 UNAUTHENTICATED');
    expect(outcomeOf(await bill(executive.bearer))).toBe('403 FORBIDDEN');
    const res = await bill(admin.bearer);
    expect(outcomeOf(res), res.body).toBe('200');
    const detail = res.json<SscScheduleDetail>();
    expect(detail.status).toBe('billed');
    expect(detail.bill).toMatchObject({
      amountKobo: 951_853,
      type: 'ssc',
      status: 'pending',
      payerName: mda.name,
    });
    expect(detail.rrr).toBeTruthy();
    expect(outcomeOf(await bill(admin.bearer))).toBe('409 CONFLICT');

    const paid = ctx.simulators.remita.pay(detail.rrr as string);
    const notified = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/remita/notifications',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(notificationOf(paid)),
    });
    expect(notified.statusCode).toBe(200);
    const after = await ctx.app.inject({
      url: `/api/v1/ssc/schedules/${id}`,
      headers: admin.bearer,
    });
    expect(after.json<SscScheduleDetail>()).toMatchObject({
      status: 'paid',
      bill: { status: 'paid' },
    });
  });

  it('bills BIRS under the SSC levy head by default, else 422 naming what ADMIN must add', async () => {
    const mda = await createMda(ctx);
    const up = await uploadSchedule(
      ctx,
      admin.bearer,
      { mdaId: mda.id, category: 'office-holders', month: '2026-02' },
      { text: GOOD },
    );
    const id = up.json<SscScheduleView>().id;
    const bill = (payload: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/ssc/schedules/${id}/bill`,
        headers: admin.bearer,
        payload,
      });
    // No MDA has the code BIRS in this database: never "the first MDA".
    const noBirs = await bill({});
    expect(outcomeOf(noBirs)).toBe('422 RULE_VIOLATION');
    expect(noBirs.json().error.message).toContain('code BIRS');
    expect(noBirs.json().error.message).toContain(SSC_REVENUE_HEAD_CODE);

    // BIRS without the SSC head: 422 naming the head to add; a named MDA without it likewise.
    const birs = await createRemitaMda(ctx, { revenueHeadCode: '12010401' });
    await ctx.db.update(mdas).set({ code: 'BIRS' }).where(eq(mdas.id, birs.id));
    const noHead = await bill({});
    expect(outcomeOf(noHead)).toBe('422 RULE_VIOLATION');
    expect(noHead.json().error.message).toContain(
      `no active revenue head ${SSC_REVENUE_HEAD_CODE}`,
    );
    expect(noHead.json().error.details).toEqual({
      mdaCode: 'BIRS',
      revenueHeadCode: SSC_REVENUE_HEAD_CODE,
    });
    expect(outcomeOf(await bill({ mdaId: birs.id }))).toBe('422 RULE_VIOLATION');
    expect(await schedulesOf(mda.id)).toBe(1);

    await createMdaService({ db: ctx.db, secrets: secretBoxFromConfig(ctx.config) }).addRevenueHead(
      systemActor('system'),
      birs.id,
      { code: SSC_REVENUE_HEAD_CODE, name: 'SSC levy', defaultAmountKobo: null, isActive: true },
    );
    const res = await bill({});
    expect(outcomeOf(res), res.body).toBe('200');
    expect(res.json<SscScheduleDetail>().bill).toMatchObject({
      mda: { id: birs.id, code: 'BIRS' },
      revenueHeadCode: SSC_REVENUE_HEAD_CODE,
      payerName: mda.name,
      type: 'ssc',
    });
    // Another MDA to leave the BIRS code free for the next test files sharing the database.
    await ctx.db
      .update(mdas)
      .set({ code: `X-${birs.code.slice(3)}` })
      .where(eq(mdas.id, birs.id));
  });

  it('is 404 for no schedule', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/ssc/schedules/00000000-0000-4000-8000-000000000000/bill',
      headers: admin.bearer,
      payload: {},
    });
    expect(outcomeOf(res)).toBe('404 NOT_FOUND');
  });
});

describe('GET /api/v1/ssc/rates and the template', () => {
  it('lists the demo rates; the template has the header', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/ssc/rates', headers: dgBudget.bearer });
    expect(outcomeOf(res)).toBe('200');
    expect(res.json().items).toContainEqual(
      expect.objectContaining({ category: 'office-holders', rateBps: 500, isDemo: true }),
    );
    expect(outcomeOf(await ctx.app.inject({ url: '/api/v1/ssc/rates' }))).toBe(
      '401 UNAUTHENTICATED',
    );
    expect(
      outcomeOf(await ctx.app.inject({ url: '/api/v1/ssc/rates', headers: officerDa.bearer })),
    ).toBe('403 FORBIDDEN');
    const template = await ctx.app.inject({
      url: '/api/v1/ssc/schedules/template.csv',
      headers: admin.bearer,
    });
    expect(outcomeOf(template)).toBe('200');
    expect(template.body).toContain('staff_id,name,grade_level,gross_monthly_pay');
    expect(
      outcomeOf(
        await ctx.app.inject({
          url: '/api/v1/ssc/schedules/template.csv',
          headers: executive.bearer,
        }),
      ),
    ).toBe('403 FORBIDDEN');
  });
});
