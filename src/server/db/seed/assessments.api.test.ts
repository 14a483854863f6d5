import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentPage } from '../../../shared/assessments';
import { todayInLagos } from '../../../shared/dates';
import { selectRevisionChain, sumPaidPayments } from '../../modules/assessments/queries';
import { createTestContext, type TestContext } from '../../testing/context';
import { signInAs } from '../../testing/factories';
import { assessments, auditEvents, objections, payments } from '../schema';
import {
  DEMO_ARREARS,
  DEMO_ASSESSED_INDIVIDUALS,
  DEMO_ASSESSED_TRADERS,
  DEMO_CLEAN,
  seedDemoAssessments,
} from './assessments';
import { seedDemo, seedDemoTaxpayers } from './demo';
import { seedDemoPayments } from './payments';
import { seedDemoTradeCategories } from './tradeCategories';

/**
 * The demo assessments (seed/assessments.ts): the mix the assessment screens and the TCC work
 * need, made through the services, so every figure agrees with the ledger.
 */

let ctx: TestContext & { close(): Promise<void> };
let added: Awaited<ReturnType<typeof seedDemoAssessments>>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: 'demo' });
  await seedDemo(ctx.db, ctx.config);
  await seedDemoTaxpayers(ctx.db, ctx.config);
  await seedDemoTradeCategories(ctx.db, ctx.config);
  await seedDemoPayments(ctx.db, ctx.config, ctx.simulators);
  added = await seedDemoAssessments(ctx.db, ctx.config, ctx.simulators);
}, 180_000);
afterAll(() => ctx?.close());

async function countAssessments(where: ReturnType<typeof and>) {
  const [row] = await ctx.db.select({ n: count() }).from(assessments).where(where);
  return row?.n ?? 0;
}

/** BTINs whose assessments of `kind` for each of 2023–2025 are paid in full. */
async function btinsWithThreePaidYears(kind: 'direct' | 'presumptive') {
  const result = (await ctx.db.execute(sql`
    select btin from assessments
    where kind = ${kind} and status = 'paid' and tax_year in (2023, 2024, 2025)
    group by btin having count(distinct tax_year) = 3`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

describe('demo assessments seed', () => {
  it('seeds once, in one audited run', async () => {
    expect(added.assessments).toBeGreaterThan(200);
    expect(added.payments).toBeGreaterThan(100);
    expect(await seedDemoAssessments(ctx.db, ctx.config, ctx.simulators)).toEqual({
      assessments: 0,
      payments: 0,
      objections: 0,
    });
    const [audited] = await ctx.db
      .select({ n: count() })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'assessment.demo_seeded'));
    expect(audited?.n).toBe(1);
    await expect(
      seedDemoAssessments(ctx.db, { ...ctx.config, env: 'production' }, ctx.simulators),
    ).rejects.toThrow(/production/);
  });

  it('has the mix: both kinds and laws, paid, part-paid, overdue, backlog, drafts, cancelled', async () => {
    const today = todayInLagos();
    const has = (where: ReturnType<typeof and>) => countAssessments(where);
    expect(await has(eq(assessments.kind, 'direct'))).toBeGreaterThan(DEMO_ASSESSED_INDIVIDUALS);
    expect(await has(eq(assessments.kind, 'presumptive'))).toBeGreaterThan(DEMO_ASSESSED_TRADERS);
    expect(await has(eq(assessments.law, 'PITA'))).toBeGreaterThan(0);
    expect(await has(eq(assessments.law, 'NTA2025'))).toBeGreaterThan(0);
    expect(await has(eq(assessments.law, 'fixed_by_size'))).toBeGreaterThan(0);
    for (const year of [2023, 2024, 2025, 2026]) {
      expect(await has(eq(assessments.taxYear, year))).toBeGreaterThan(0);
    }
    for (const status of [
      'draft',
      'issued',
      'part_paid',
      'paid',
      'objected',
      'revised',
      'cancelled',
    ] as const) {
      expect(await has(eq(assessments.status, status)), status).toBeGreaterThan(0);
    }
    expect(await has(eq(assessments.source, 'backlog'))).toBeGreaterThan(0);
    // Overdue: due date passed with tax outstanding (penalty and interest run on it).
    const overdue = and(
      sql`${assessments.status} in ('issued', 'part_paid')`,
      sql`${assessments.dueDate} < ${today}`,
    );
    expect(await has(overdue)).toBeGreaterThan(DEMO_ARREARS.direct);
    // Some still within their 30 days.
    expect(
      await has(and(eq(assessments.status, 'issued'), sql`${assessments.dueDate} >= ${today}`)),
    ).toBeGreaterThan(0);

    // The TCC work: three clean years for some, arrears for others.
    expect(await btinsWithThreePaidYears('direct')).toBeGreaterThanOrEqual(DEMO_CLEAN.direct);
    expect(await btinsWithThreePaidYears('presumptive')).toBeGreaterThanOrEqual(
      DEMO_CLEAN.presumptive,
    );
    const arrears = (await ctx.db.execute(sql`
      select distinct btin from assessments
      where status in ('issued', 'part_paid') and due_date < ${today}`)) as unknown as {
      rows: unknown[];
    };
    expect(arrears.rows.length).toBeGreaterThanOrEqual(DEMO_ARREARS.direct);
  });

  it('has objections: open ones, one refused, and upheld ones with their revision', async () => {
    const rows = await ctx.db
      .select({
        status: objections.status,
        revisedAssessmentId: objections.revisedAssessmentId,
        assessmentId: objections.assessmentId,
      })
      .from(objections);
    expect(rows.filter((o) => o.status === 'open').length).toBeGreaterThan(2);
    expect(rows.some((o) => o.status === 'refused')).toBe(true);
    const upheld = rows.filter((o) => o.status === 'upheld' || o.status === 'partly_upheld');
    expect(upheld.length).toBeGreaterThan(0);
    for (const o of upheld) {
      const [revision] = await ctx.db
        .select({ revisionOf: assessments.revisionOf, status: assessments.status })
        .from(assessments)
        .where(eq(assessments.id, o.revisedAssessmentId as string));
      expect(revision?.revisionOf).toBe(o.assessmentId);
      expect(revision?.status).toBe('issued');
    }
  });

  it('paid and outstanding agree with the ledger, assessment by assessment', async () => {
    const rows = await ctx.db
      .select({
        id: assessments.id,
        status: assessments.status,
        taxKobo: assessments.taxKobo,
        paidKobo: assessments.paidKobo,
        noticeNumber: assessments.noticeNumber,
        issuedAt: assessments.issuedAt,
      })
      .from(assessments);
    for (const row of rows) {
      if (row.status === 'revised') continue; // its money counts on its revision
      const paid = await sumPaidPayments(ctx.db, await selectRevisionChain(ctx.db, row.id));
      expect(row.paidKobo, row.id).toBe(paid);
      if (row.status === 'paid') expect(paid).toBeGreaterThanOrEqual(row.taxKobo);
      if (row.status === 'part_paid') expect(paid).toBeLessThan(row.taxKobo);
      if (row.status === 'issued') expect(paid).toBe(0);
      // A notice is numbered in the year it was issued.
      if (row.issuedAt && row.noticeNumber) {
        expect(row.noticeNumber).toContain(`/${todayInLagos(row.issuedAt).slice(0, 4)}/`);
      }
    }
    // Every payment of an assessment came by the ledger's paid path: a receipt of its year.
    const linked = await ctx.db
      .select({
        status: payments.status,
        receiptNumber: payments.receiptNumber,
        paidAt: payments.paidAt,
      })
      .from(payments)
      .where(sql`${payments.type} in ('direct-assessment', 'presumptive-tax')`);
    expect(linked.some((p) => p.status === 'pending')).toBe(true);
    for (const p of linked.filter((l) => l.status === 'paid')) {
      expect(p.receiptNumber).toBeTruthy();
      if (!p.receiptNumber?.startsWith('OLD/')) {
        expect(p.receiptNumber).toContain(`/${todayInLagos(p.paidAt as Date).slice(0, 4)}/`);
      }
    }
  });

  it('the list API agrees: a director sees them, with totals that add up', async () => {
    const director = await signInAs(ctx, 'DIRECTOR_ASSESSMENT');
    const res = await ctx.app.inject({
      url: '/api/v1/assessments?kind=direct&status=paid&pageSize=10',
      headers: director.bearer,
    });
    expect(res.statusCode).toBe(200);
    const page = res.json<AssessmentPage>();
    expect(page.total).toBe(
      await countAssessments(and(eq(assessments.kind, 'direct'), eq(assessments.status, 'paid'))),
    );
    const one = page.items[0];
    expect(one).toBeDefined();
    const detail = await ctx.app.inject({
      url: `/api/v1/assessments/${one?.id}`,
      headers: director.bearer,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().payments.length).toBeGreaterThan(0);
    expect(detail.json().outstandingKobo).toBe(0);
  });
});
