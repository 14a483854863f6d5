import {
  type Against,
  type ChannelShare,
  type DashboardPeriod,
  type ExecutiveDashboard,
  type MdaDashboard,
  type MdaPerformance,
  type MdaRanking,
  type MdaRankingQuery,
  performanceOf,
  RANKED_MDAS_SHOWN,
  type TaxType,
  type TaxTypeShare,
} from '../../../../shared/dashboards/executive';
import { todayInLagos } from '../../../../shared/dates';
import type { PaymentChannel } from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import { isMdaInScope, type MdaScope, mdaScopeOf } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { amount, type Column, text } from '../../../export/columns';
import { exportList } from '../../../export/exportList';
import { selectTakings } from '../../pos/dashboard/queries';
import { type BudgetVersionInfo, selectBudgetTotals } from '../../reports/budget/queries';
import { selectMdaNames } from '../../reports/collections/queries';
import { selectCollectionTotals } from '../../reports/totals/queries';
import { type DashboardDays, dashboardDays } from './periods';
import { taxTypeOf } from './taxTypes';

/**
 * The executive dashboards (docs/dashboards.md): collections from the collection totals
 * (ADR 0034) and budgets from the budget read, over the same Lagos days, so a dashboard's
 * figure is the report's figure for the same period.
 */

type Scope = { scope: MdaScope; mdaIds?: readonly string[] };

const versionRef = (v: BudgetVersionInfo | null) =>
  v ? { year: v.year, version: v.version, note: v.note } : null;

const sumKobo = (rows: { budgetKobo: number }[]) => rows.reduce((s, r) => s + r.budgetKobo, 0);
const sumAmount = (rows: { amountKobo: number }[]) => rows.reduce((s, r) => s + r.amountKobo, 0);

function shortfallOf(a: Against): number {
  return Math.max(0, a.budgetKobo - a.collectedKobo);
}

/** Best first: by performance (an MDA with no budget after those with one), then collected. */
function byPerformance(a: MdaPerformance, b: MdaPerformance): number {
  if (a.performance !== null && b.performance !== null && a.performance !== b.performance) {
    return b.performance - a.performance;
  }
  if ((a.performance === null) !== (b.performance === null)) return a.performance === null ? 1 : -1;
  return b.collectedKobo - a.collectedKobo || a.mdaName.localeCompare(b.mdaName);
}

export const MDA_RANKING_COLUMNS: readonly Column<MdaPerformance>[] = [
  text('MDA', (i) => i.mdaName, 36),
  amount('Collected', (i) => i.collectedKobo, 16),
  amount('Budget (demo)', (i) => i.budgetKobo, 16),
  text(
    '% of budget',
    (i) => (i.performance === null ? '' : `${(i.performance * 100).toFixed(1)} %`),
    12,
  ),
  amount('Short of budget', (i) => i.shortfallKobo, 16),
];

export function createExecutiveDashboards({ db }: { db: Db }) {
  /** Collected and budgeted over [from, to], one figure. */
  async function against(
    who: Scope,
    year: number,
    from: string,
    to: string,
  ): Promise<{ figure: Against; version: BudgetVersionInfo | null }> {
    const [collected, budget] = await Promise.all([
      selectCollectionTotals(db, { from, to, ...who }, []),
      selectBudgetTotals(db, { year, from, to, ...who }, []),
    ]);
    return {
      figure: { collectedKobo: sumAmount(collected), budgetKobo: sumKobo(budget.rows) },
      version: budget.version,
    };
  }

  /** The figures every dashboard holds, for the MDAs `who` covers. */
  async function periods(who: Scope, days: DashboardDays) {
    const year = Number(days.day.slice(0, 4));
    const [today, month, yearToDate, annual, trendCollected, trendBudget, mix] = await Promise.all([
      against(who, year, days.day, days.day),
      against(who, year, days.monthFrom, days.day),
      against(who, year, days.yearFrom, days.day),
      selectBudgetTotals(db, { year, from: days.yearFrom, to: days.yearTo, ...who }, []),
      selectCollectionTotals(db, { from: days.trendFrom, to: days.day, ...who }, ['month']),
      selectBudgetTotals(db, { year, from: days.trendFrom, to: days.trendTo, ...who }, ['month']),
      selectCollectionTotals(db, { from: days.yearFrom, to: days.day, ...who }, [
        'channel',
        'type',
        'subjectKind',
      ]),
    ]);
    const collectedIn = new Map(trendCollected.map((r) => [r.month, r.amountKobo]));
    const budgetIn = new Map(trendBudget.rows.map((r) => [r.month, r.budgetKobo]));
    const trend = days.trendMonths.map((m) => ({
      month: m,
      collectedKobo: collectedIn.get(m) ?? 0,
      budgetKobo: budgetIn.get(m) ?? 0,
    }));

    const channels = new Map<PaymentChannel, ChannelShare>();
    const taxTypes = new Map<TaxType, TaxTypeShare>();
    for (const row of mix) {
      const channel = row.channel as PaymentChannel;
      const c = channels.get(channel) ?? { channel, collectedKobo: 0, paymentCount: 0 };
      c.collectedKobo += row.amountKobo;
      c.paymentCount += row.paymentCount;
      channels.set(channel, c);
      const taxType = taxTypeOf(row.type, row.subjectKind);
      const t = taxTypes.get(taxType) ?? { taxType, collectedKobo: 0, paymentCount: 0 };
      t.collectedKobo += row.amountKobo;
      t.paymentCount += row.paymentCount;
      taxTypes.set(taxType, t);
    }
    const largestFirst = <T extends { collectedKobo: number }>(m: Map<unknown, T>) =>
      [...m.values()]
        .filter((v) => v.collectedKobo !== 0)
        .sort((a, b) => b.collectedKobo - a.collectedKobo);

    return {
      day: days.day,
      today: today.figure,
      month: month.figure,
      year: yearToDate.figure,
      annualBudgetKobo: sumKobo(annual.rows),
      trend,
      channelMix: largestFirst(channels),
      taxTypeMix: largestFirst(taxTypes),
      budgetVersion: versionRef(annual.version),
    };
  }

  /** Each MDA with a budget or a collection over [from, to], best first. */
  async function rankMdas(scope: MdaScope, year: number, from: string, to: string) {
    const [collected, budget] = await Promise.all([
      selectCollectionTotals(db, { from, to, scope }, ['mda']),
      selectBudgetTotals(db, { year, from, to, scope }, ['mda']),
    ]);
    const byMda = new Map<string, Against>();
    for (const r of collected) {
      byMda.set(r.mdaId as string, { collectedKobo: r.amountKobo, budgetKobo: 0 });
    }
    for (const r of budget.rows) {
      const mda = byMda.get(r.mdaId as string) ?? { collectedKobo: 0, budgetKobo: 0 };
      mda.budgetKobo += r.budgetKobo;
      byMda.set(r.mdaId as string, mda);
    }
    const names = await selectMdaNames(db, [...byMda.keys()]);
    const items = [...byMda.entries()]
      .map(([mdaId, a]) => ({
        mdaId,
        mdaName: names.get(mdaId) ?? mdaId,
        ...a,
        performance: performanceOf(a),
        shortfallKobo: shortfallOf(a),
      }))
      .sort(byPerformance);
    return { items, version: budget.version };
  }

  function periodFrom(period: DashboardPeriod, days: DashboardDays): string {
    if (period === 'today') return days.day;
    return period === 'month' ? days.monthFrom : days.yearFrom;
  }

  async function mdaRanking(actor: Actor, query: MdaRankingQuery): Promise<MdaRanking> {
    const days = dashboardDays(query.day ?? todayInLagos());
    const from = periodFrom(query.period, days);
    const { items, version } = await rankMdas(
      mdaScopeOf(actor),
      Number(days.day.slice(0, 4)),
      from,
      days.day,
    );
    const totals = items.reduce(
      (t, i) => ({
        collectedKobo: t.collectedKobo + i.collectedKobo,
        budgetKobo: t.budgetKobo + i.budgetKobo,
      }),
      { collectedKobo: 0, budgetKobo: 0 },
    );
    return {
      period: query.period,
      from,
      to: days.day,
      budgetVersion: versionRef(version),
      items,
      totals,
    };
  }

  return {
    async executive(
      actor: Actor,
      query: { day?: string | undefined },
    ): Promise<ExecutiveDashboard> {
      const days = dashboardDays(query.day ?? todayInLagos());
      const scope = mdaScopeOf(actor);
      const [figures, ranked] = await Promise.all([
        periods({ scope }, days),
        rankMdas(scope, Number(days.day.slice(0, 4)), days.yearFrom, days.day),
      ]);
      // Fewer than twice RANKED_MDAS_SHOWN MDAs are split between the lists, the better half on top.
      const n = ranked.items.length;
      const topCount = Math.min(RANKED_MDAS_SHOWN, Math.ceil(n / 2));
      const top = ranked.items.slice(0, topCount);
      const bottom = ranked.items.slice(Math.max(topCount, n - RANKED_MDAS_SHOWN)).reverse();
      const shortfalls = ranked.items
        .filter((i) => i.shortfallKobo > 0)
        .sort((a, b) => b.shortfallKobo - a.shortfallKobo)
        .slice(0, RANKED_MDAS_SHOWN);
      return { ...figures, topMdas: top, bottomMdas: bottom, shortfalls };
    },

    mdaRanking,

    async exportMdaRanking(actor: Actor, query: MdaRankingQuery & { format: 'csv' | 'xlsx' }) {
      const ranking = await mdaRanking(actor, query);
      return exportList(db, actor, {
        format: query.format,
        fileName: `mdas-against-budget-${ranking.from}-to-${ranking.to}`,
        sheet: 'MDAs against budget',
        columns: MDA_RANKING_COLUMNS,
        count: async () => ranking.items.length,
        page: async ({ limit, offset }) => ranking.items.slice(offset, offset + limit),
        audit: {
          action: 'mda_ranking.exported',
          entityType: 'report',
          filter: { from: ranking.from, to: ranking.to, period: ranking.period },
        },
      });
    },

    /** One MDA's dashboard; an MDA the officer may not see is not found (docs/dashboards.md). */
    async mda(
      actor: Actor,
      mdaId: string,
      query: { day?: string | undefined },
    ): Promise<MdaDashboard> {
      const scope = mdaScopeOf(actor);
      const names = await selectMdaNames(db, [mdaId]);
      const mdaName = names.get(mdaId);
      if (mdaName === undefined || !isMdaInScope(scope, mdaId)) {
        throw new AppError('NOT_FOUND', 'No MDA you may see has this id.');
      }
      const days = dashboardDays(query.day ?? todayInLagos());
      const own = { all: false, mdaIds: [mdaId] } as const;
      const takings = (from: string) => selectTakings(db, { from, to: days.day, scope: own });
      const [figures, posToday, posMonth, posYear] = await Promise.all([
        periods({ scope, mdaIds: [mdaId] }, days),
        takings(days.day),
        takings(days.monthFrom),
        takings(days.yearFrom),
      ]);
      return {
        mdaId,
        mdaName,
        ...figures,
        pos: { today: posToday, month: posMonth, year: posYear },
      };
    },
  };
}
