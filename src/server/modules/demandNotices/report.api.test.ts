import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInLagos } from '../../../shared/dates';
import {
  DEMAND_NOTICE_VIEW_STATUSES,
  type DemandNoticeStatus,
  type MdaTransactionReport,
} from '../../../shared/demandNotices';
import type { MdaScope } from '../../auth/mdaScope';
import { demandNoticeDailyTotals, demandNotices } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/context';
import { createMda, createTaxpayer, signInAs } from '../../testing/factories';
import {
  compactDemandNoticeTotals,
  rebuildDemandNoticeTotals,
  verifyDemandNoticeTotals,
} from '../reports/rollups';
import { type NoticeFilter, selectCountsByStatus, selectDemandNoticeTotals } from './queries';
import { selectTotalsAndCounts } from './report';

/**
 * The MDA transaction report's totals and counts per status from the demand notice totals
 * (migration 0036's triggers) against a direct count over the notices, for hand-made notices
 * across statuses, MDAs, issue and due dates, overpaid ones and cancellations, after inserts,
 * updates and deletes of one row and of many. Runs on PostgreSQL too (TEST_DATABASE_URL).
 */

let ctx: TestContext & { close(): Promise<void> };
let mdaIds: string[];
let btin: string;
const today = todayInLagos();
let serial = 0;

type Made = {
  mda: number;
  status: DemandNoticeStatus;
  issuedAgo: number;
  term: number;
  total: number;
  paid?: number;
};

function noticeRow(made: Made) {
  serial += 1;
  const issuedOn = addDays(today, -made.issuedAgo);
  return {
    number: `RPT/DN/${serial}-${randomUUID().slice(0, 8)}`,
    mdaId: mdaIds[made.mda] as string,
    btin,
    payerName: 'Report Payer',
    status: made.status,
    totalKobo: made.total,
    paidKobo: made.paid ?? 0,
    issuedOn,
    dueOn: addDays(issuedOn, made.term),
    revenueHeadCode: '12020401',
    cancelReason: made.status === 'cancelled' ? 'Raised in error' : null,
    cancelledAt: made.status === 'cancelled' ? new Date() : null,
  };
}

/** The filters compared: none, each status, periods whole months and not, one MDA, a scope. */
function filters(): NoticeFilter[] {
  const all: MdaScope = { all: true };
  const firstOfThisMonth = `${today.slice(0, 7)}-01`;
  const periods: { from?: string; to?: string }[] = [
    {},
    { from: addDays(today, -30) },
    { to: addDays(today, -45) },
    { from: addDays(today, -400), to: addDays(today, -20) },
    { from: addDays(today, -3), to: addDays(today, -1) },
    { from: firstOfThisMonth, to: today },
    { from: addDays(firstOfThisMonth, -1), to: addDays(firstOfThisMonth, -1) },
    { from: '2000-01-01', to: '2000-12-31' },
  ];
  const out: NoticeFilter[] = [];
  for (const period of periods) {
    const base = { ...period, payer: undefined, today };
    for (const status of [undefined, ...DEMAND_NOTICE_VIEW_STATUSES]) {
      out.push({ ...base, status, scope: all });
    }
    out.push({ ...base, mdaId: mdaIds[1], scope: all });
    out.push({ ...base, scope: { all: false, mdaIds: [mdaIds[0] as string] } });
    out.push({
      ...base,
      status: 'overdue',
      scope: { all: false, mdaIds: [mdaIds[0] as string, mdaIds[2] as string] },
    });
  }
  return out;
}

async function expectRollupAgrees() {
  for (const filter of filters()) {
    const [direct, counts, rollup] = await Promise.all([
      selectDemandNoticeTotals(ctx.db, filter),
      selectCountsByStatus(ctx.db, filter),
      selectTotalsAndCounts(ctx.db, filter),
    ]);
    const { count, ...totals } = direct;
    expect({
      filter,
      count: rollup.count,
      totals: rollup.totals,
      counts: rollup.countsByStatus,
    }).toEqual({ filter, count, totals, counts });
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  mdaIds = (await Promise.all([createMda(ctx), createMda(ctx), createMda(ctx)])).map((m) => m.id);
  btin = (await createTaxpayer(ctx)).btin;
});

afterAll(async () => {
  await ctx?.close();
});

describe('the MDA transaction report from the demand notice totals', () => {
  it('agrees with a count over the notices as they are issued, paid, cancelled and removed', async () => {
    const made: Made[] = [];
    const statuses: DemandNoticeStatus[] = ['issued', 'part_paid', 'paid', 'cancelled'];
    // Every MDA, status, a spread of issue days over 14 months (month ends among them), terms
    // that leave some due in the past, some today, some ahead.
    let i = 0;
    for (const mda of [0, 1, 2]) {
      for (const status of statuses) {
        for (const issuedAgo of [0, 1, 2, 15, 29, 31, 44, 60, 95, 200, 420]) {
          i += 1;
          const term = [0, 7, 30, 60][i % 4] as number;
          const total = 100_000 + i * 1_234;
          const paid =
            status === 'paid'
              ? total + (i % 3 === 0 ? 5_000 : 0) // an overpaid one owes nothing, not less
              : status === 'part_paid'
                ? Math.floor(total / 3)
                : status === 'cancelled' && i % 2 === 0
                  ? 10_000 // paid before it was cancelled: still counts as paid
                  : 0;
          made.push({ mda, status, issuedAgo, term, total, paid });
        }
      }
    }
    // One statement of many rows, then one row at a time.
    await ctx.db.insert(demandNotices).values(made.slice(0, 100).map(noticeRow));
    for (const m of made.slice(100)) await ctx.db.insert(demandNotices).values(noticeRow(m));
    await expectRollupAgrees();

    // Part payments settle; one notice paid over; some cancelled; a due date moved; many rows
    // updated in one statement.
    const issued = await ctx.db
      .select({ id: demandNotices.id })
      .from(demandNotices)
      .where(eq(demandNotices.status, 'issued'));
    const ids = issued.map((r) => r.id);
    await ctx.db
      .update(demandNotices)
      .set({ status: 'part_paid', paidKobo: sql`${demandNotices.totalKobo} / 2` })
      .where(inArray(demandNotices.id, ids.slice(0, 8)));
    await ctx.db
      .update(demandNotices)
      .set({ status: 'paid', paidKobo: sql`${demandNotices.totalKobo} + 1` })
      .where(inArray(demandNotices.id, ids.slice(8, 12)));
    await ctx.db
      .update(demandNotices)
      .set({ status: 'cancelled', cancelReason: 'Payer not liable', cancelledAt: new Date() })
      .where(inArray(demandNotices.id, ids.slice(12, 16)));
    await ctx.db
      .update(demandNotices)
      .set({ dueOn: addDays(today, 3) })
      .where(inArray(demandNotices.id, ids.slice(16, 20)));
    await ctx.db
      .update(demandNotices)
      .set({ mdaId: mdaIds[2], issuedOn: addDays(today, -33) })
      .where(inArray(demandNotices.id, ids.slice(20, 22)));
    await expectRollupAgrees();

    await ctx.db.delete(demandNotices).where(inArray(demandNotices.id, ids.slice(22, 25)));
    await expectRollupAgrees();

    // Folding the shards (the hourly compaction) changes no figure; from tomorrow's view every
    // issue day is closed, so each key is one row.
    await compactDemandNoticeTotals(ctx.db, addDays(today, 1));
    const shards = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(demandNoticeDailyTotals)
      .where(sql`${demandNoticeDailyTotals.shard} <> 0`);
    expect(shards[0]?.n).toBe(0);
    await expectRollupAgrees();

    expect(await verifyDemandNoticeTotals(ctx.db)).toEqual([]);

    // A figure changed by hand in SQL is found, and the rebuild mends it.
    await ctx.db
      .update(demandNoticeDailyTotals)
      .set({ noticeCount: sql`${demandNoticeDailyTotals.noticeCount} + 1` })
      .where(eq(demandNoticeDailyTotals.mdaId, mdaIds[1] as string));
    expect((await verifyDemandNoticeTotals(ctx.db)).length).toBeGreaterThan(0);
    await rebuildDemandNoticeTotals(ctx.db);
    expect(await verifyDemandNoticeTotals(ctx.db)).toEqual([]);
    await expectRollupAgrees();

    // A statement rolled back moves nothing.
    await ctx.db
      .transaction(async (tx) => {
        await tx.update(demandNotices).set({ paidKobo: 1 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await expectRollupAgrees();
    expect(await verifyDemandNoticeTotals(ctx.db)).toEqual([]);
  });

  it('answers the every-MDA report over HTTP with the counted figures', async () => {
    const budget = await signInAs(ctx, 'DG_BUDGET');
    const filter: NoticeFilter = { payer: undefined, scope: { all: true }, today };
    const [direct, counts] = await Promise.all([
      selectDemandNoticeTotals(ctx.db, filter),
      selectCountsByStatus(ctx.db, filter),
    ]);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/reports/mda-transactions?pageSize=10',
      headers: budget.bearer,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json<MdaTransactionReport>();
    const { count, ...totals } = direct;
    expect(report.total).toBe(count);
    expect(report.totals).toEqual(totals);
    expect(report.countsByStatus).toEqual(counts);
    expect(report.items).toHaveLength(10);
    // Newest issue first by default, as before the indexes.
    const issuedOn = report.items.map((i) => i.issuedOn);
    expect([...issuedOn].sort().reverse()).toEqual(issuedOn);
  });
});
