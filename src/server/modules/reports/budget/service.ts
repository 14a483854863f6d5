import { asc, inArray } from 'drizzle-orm';
import { MONTH_NAMES, todayInLagos } from '../../../../shared/dates';
import { MDA_CATEGORIES, type MdaCategory } from '../../../../shared/mdas/enums';
import {
  type BudgetPerformanceItem,
  type BudgetPerformanceQuery,
  type BudgetPerformanceReport,
  percentOf,
} from '../../../../shared/reports/budget';
import { periodOf } from '../../../../shared/reports/period';
import type { Actor } from '../../../auth/actor';
import { isMdaInScope, mdaScopeOf } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { mdaRevenueHeads, mdas } from '../../../db/schema';
import { readLetterhead } from '../../../documents/letterhead';
import { AppError } from '../../../errors';
import { amount, type Column, text } from '../../../export/columns';
import { exportList } from '../../../export/exportList';
import { recordAudit } from '../../audit/service';
import { selectCollectionTotals, type TotalsDimension } from '../totals/queries';
import { renderBudgetReportPdf } from './document';
import { type BudgetDimension, selectBudgetTotals } from './queries';

const CATEGORY_PLURALS = {
  ministry: 'Ministries',
  department: 'Departments',
  agency: 'Agencies',
  lga: 'Local governments',
} as const satisfies Record<MdaCategory, string>;

/** "2026-03-01" → "March 2026". */
export const monthLabel = (month: string) =>
  `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;

/** The levels of an economic code shown as subtotals: its first 2, 4 and 6 digits. */
const CODE_LEVELS = [2, 4, 6] as const;

type Pair = { budgetKobo: number; actualKobo: number };

const item = (
  key: string,
  label: string,
  p: Pair,
  extra: Partial<BudgetPerformanceItem> = {},
): BudgetPerformanceItem => ({
  key,
  label,
  budgetKobo: p.budgetKobo,
  actualKobo: p.actualKobo,
  varianceKobo: p.actualKobo - p.budgetKobo,
  percent: percentOf(p.actualKobo, p.budgetKobo),
  level: 1,
  subtotal: false,
  ...extra,
});

const add = (into: Map<string, Pair>, key: string, budget: number, actual: number) => {
  const p = into.get(key) ?? { budgetKobo: 0, actualKobo: 0 };
  p.budgetKobo += budget;
  p.actualKobo += actual;
  into.set(key, p);
};

const BUDGET_DIMS: Record<BudgetPerformanceQuery['groupBy'], BudgetDimension> = {
  mda: 'mda',
  category: 'mda',
  'economic-code': 'economicCode',
  'revenue-head': 'economicCode',
  month: 'month',
};
const TOTALS_DIMS: Record<BudgetPerformanceQuery['groupBy'], TotalsDimension> = {
  mda: 'mda',
  category: 'mda',
  'economic-code': 'revenueHead',
  'revenue-head': 'revenueHead',
  month: 'month',
};

/**
 * Budget performance (docs/reports.md): the period's budget (selectBudgetTotals) beside the
 * money collected (selectCollectionTotals), grouped as the report asks, with variance and
 * percentage; MDA staff see their MDAs only, and another MDA's id is not found.
 */
export function createBudgetReports({ db }: { db: Db }) {
  async function mdaRows(ids: readonly string[]) {
    if (ids.length === 0) return new Map<string, { name: string; category: MdaCategory }>();
    const rows = await db
      .select({ id: mdas.id, name: mdas.name, category: mdas.category })
      .from(mdas)
      .where(inArray(mdas.id, [...ids]));
    return new Map(rows.map((r) => [r.id, { name: r.name, category: r.category }]));
  }

  /** The revenue heads' names by code: the MDA's own when one is reported on. */
  async function headNames(codes: readonly string[], mdaId?: string) {
    if (codes.length === 0) return new Map<string, string>();
    const rows = await db
      .select({
        code: mdaRevenueHeads.code,
        name: mdaRevenueHeads.name,
        mdaId: mdaRevenueHeads.mdaId,
      })
      .from(mdaRevenueHeads)
      .where(inArray(mdaRevenueHeads.code, [...codes]))
      .orderBy(asc(mdaRevenueHeads.name));
    const names = new Map<string, string>();
    for (const r of rows) if (r.mdaId === mdaId) names.set(r.code, r.name);
    for (const r of rows) if (!names.has(r.code)) names.set(r.code, r.name);
    return names;
  }

  async function budgetPerformance(
    actor: Actor,
    query: BudgetPerformanceQuery,
  ): Promise<BudgetPerformanceReport> {
    const today = todayInLagos();
    const period =
      query.year !== undefined && !query.from && !query.to
        ? {
            from: `${query.year}-01-01`,
            to: today.startsWith(String(query.year)) ? today : `${query.year}-12-31`,
          }
        : periodOf(query, today);
    const { from, to } = period;
    const year = query.year ?? Number(to.slice(0, 4));
    const scope = mdaScopeOf(actor);

    let mda: BudgetPerformanceReport['mda'] = null;
    if (query.mdaId) {
      const found = (await mdaRows([query.mdaId])).get(query.mdaId);
      // Another MDA's id reads as no MDA at all: its existence is not the officer's to know.
      if (!found || !isMdaInScope(scope, query.mdaId)) {
        throw new AppError('NOT_FOUND', 'No MDA with this id among those you may see.');
      }
      mda = { id: query.mdaId, name: found.name };
    }
    const mdaIds = query.mdaId ? [query.mdaId] : undefined;

    const [budget, actual] = await Promise.all([
      selectBudgetTotals(db, { year, version: query.version, from, to, scope, mdaIds }, [
        BUDGET_DIMS[query.groupBy],
      ]),
      selectCollectionTotals(db, { from, to, scope, mdaIds }, [TOTALS_DIMS[query.groupBy]]),
    ]);
    if (query.version !== undefined && !budget.version) {
      throw new AppError('NOT_FOUND', `The ${year} budget has no version ${query.version}.`);
    }

    const byKey = new Map<string, Pair>();
    for (const r of budget.rows) {
      add(byKey, r.mdaId ?? r.economicCode ?? (r.month ?? '').slice(0, 7), r.budgetKobo, 0);
    }
    for (const r of actual) {
      add(byKey, r.mdaId ?? r.revenueHeadCode ?? (r.month ?? '').slice(0, 7), 0, r.amountKobo);
    }

    const items = await arrange(query.groupBy, byKey, query.mdaId);
    const totals = { budgetKobo: 0, actualKobo: 0 };
    for (const i of items) {
      if (i.subtotal) continue;
      totals.budgetKobo += i.budgetKobo;
      totals.actualKobo += i.actualKobo;
    }
    const v = budget.version;
    return {
      from,
      to,
      year,
      groupBy: query.groupBy,
      mda,
      budgetVersion: v ? { ...v, createdAt: v.createdAt.toISOString() } : null,
      items,
      totals: {
        ...totals,
        varianceKobo: totals.actualKobo - totals.budgetKobo,
        percent: percentOf(totals.actualKobo, totals.budgetKobo),
      },
    };
  }

  async function arrange(
    groupBy: BudgetPerformanceQuery['groupBy'],
    byKey: Map<string, Pair>,
    mdaId?: string,
  ): Promise<BudgetPerformanceItem[]> {
    const keys = [...byKey.keys()];
    const pair = (k: string) => byKey.get(k) as Pair;
    switch (groupBy) {
      case 'month':
        return keys.sort().map((k) => item(k, monthLabel(`${k}-01`), pair(k)));
      case 'mda': {
        const names = await mdaRows(keys);
        return keys
          .map((k) =>
            item(k, names.get(k)?.name ?? k, pair(k), { category: names.get(k)?.category }),
          )
          .sort((a, b) => b.budgetKobo - a.budgetKobo || a.label.localeCompare(b.label));
      }
      case 'category': {
        const names = await mdaRows(keys);
        const out: BudgetPerformanceItem[] = [];
        for (const category of MDA_CATEGORIES) {
          const members = keys
            .filter((k) => names.get(k)?.category === category)
            .map((k) => item(k, names.get(k)?.name ?? k, pair(k), { level: 2, category }))
            .sort((a, b) => b.budgetKobo - a.budgetKobo || a.label.localeCompare(b.label));
          if (members.length === 0) continue;
          const sum = { budgetKobo: 0, actualKobo: 0 };
          for (const m of members) {
            sum.budgetKobo += m.budgetKobo;
            sum.actualKobo += m.actualKobo;
          }
          out.push(
            item(category, CATEGORY_PLURALS[category], sum, {
              level: 1,
              subtotal: true,
              category,
            }),
            ...members,
          );
        }
        return out;
      }
      case 'revenue-head': {
        const names = await headNames(keys, mdaId);
        return keys
          .sort()
          .map((k) =>
            item(k, k === '' ? 'No revenue head' : (names.get(k) ?? `Economic code ${k}`), pair(k)),
          );
      }
      case 'economic-code': {
        const names = await headNames(keys, mdaId);
        // Each code's own row (level 8) under a subtotal for each of its first 2, 4, 6 digits.
        const subtotals = new Map<string, Pair>();
        for (const k of keys) {
          for (const n of CODE_LEVELS) {
            if (k.length > n) {
              const p = pair(k);
              add(subtotals, k.slice(0, n), p.budgetKobo, p.actualKobo);
            }
          }
        }
        const rows = [
          ...[...subtotals.entries()].map(([k, p]) =>
            item(k, `Subtotal ${k}`, p, { level: k.length, subtotal: true }),
          ),
          ...keys.map((k) =>
            item(
              k,
              k === '' ? 'No revenue head' : (names.get(k) ?? `Economic code ${k}`),
              pair(k),
              {
                level: Math.max(k.length, 8),
              },
            ),
          ),
        ];
        // Depth first: a subtotal before the codes it adds up; the codes without one last.
        return rows.sort((a, b) =>
          a.key === '' ? 1 : b.key === '' ? -1 : a.key.localeCompare(b.key) || a.level - b.level,
        );
      }
    }
  }

  /** The name a file takes: the report's kind and its period. */
  const fileNameOf = (report: BudgetPerformanceReport) =>
    `budget-performance-by-${report.groupBy}-${report.from}-to-${report.to}`;

  const versionText = (report: BudgetPerformanceReport) =>
    report.budgetVersion
      ? `${report.budgetVersion.year} version ${report.budgetVersion.version} (${report.budgetVersion.note})`
      : `No budget for ${report.year} yet`;

  return {
    budgetPerformance,

    async exportBudgetPerformance(
      actor: Actor,
      query: BudgetPerformanceQuery & { format: 'csv' | 'xlsx' },
    ) {
      const report = await budgetPerformance(actor, query);
      type Row = BudgetPerformanceItem;
      const columns: Column<Row>[] = [
        ...(query.groupBy === 'economic-code' || query.groupBy === 'revenue-head'
          ? [text<Row>('Economic code', (i) => i.key, 14)]
          : []),
        text<Row>(
          query.groupBy === 'month' ? 'Month' : query.groupBy === 'mda' ? 'MDA' : 'Group',
          (i) => (i.subtotal || i.level === 1 ? i.label : `  ${i.label}`),
          40,
        ),
        amount<Row>('Budget', (i) => i.budgetKobo, 18),
        amount<Row>('Collected', (i) => i.actualKobo, 18),
        amount<Row>('Variance', (i) => i.varianceKobo, 18),
        text<Row>(
          '% of budget',
          (i) => (i.percent === null ? '—' : `${i.percent.toFixed(1)} %`),
          12,
        ),
      ];
      const totalsRow = item('', 'Total', report.totals, { subtotal: true });
      const rows = [...report.items, { ...totalsRow, key: 'Total' }];
      return exportList(db, actor, {
        format: query.format,
        fileName: fileNameOf(report),
        sheet: 'Budget performance',
        columns,
        count: async () => rows.length,
        page: async ({ limit, offset }) => rows.slice(offset, offset + limit),
        audit: {
          action: 'budget_performance.exported',
          entityType: 'report',
          filter: {
            from: report.from,
            to: report.to,
            groupBy: report.groupBy,
            mdaId: query.mdaId ?? null,
            budgetVersion: report.budgetVersion?.id ?? null,
          },
        },
      });
    },

    async budgetPerformancePdf(actor: Actor, query: BudgetPerformanceQuery) {
      const report = await budgetPerformance(actor, query);
      const letterhead = await readLetterhead(db);
      const body = await renderBudgetReportPdf(report, letterhead, versionText(report));
      await recordAudit(db, actor, {
        action: 'budget_performance.exported',
        entityType: 'report',
        after: {
          filter: {
            from: report.from,
            to: report.to,
            groupBy: report.groupBy,
            mdaId: query.mdaId ?? null,
            budgetVersion: report.budgetVersion?.id ?? null,
          },
          format: 'pdf',
          rows: report.items.length,
        },
      });
      return { body, fileName: `${fileNameOf(report)}-${todayInLagos()}.pdf` };
    },
  };
}
