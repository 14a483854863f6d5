import { z } from 'zod';
import { PG_INTEGER_MAX } from '../ids';
import { reportPeriodFields, withPeriodChecks } from './period';

/**
 * Budget performance (docs/reports.md): the period's budget beside the money collected, per
 * MDA, MDA category, economic code, revenue head or month. The budget comes from the newest
 * version of the year (or the one asked for), the money from the collection totals (ADR 0034).
 */

export const BUDGET_GROUPINGS = [
  'mda',
  'economic-code',
  'month',
  'category',
  'revenue-head',
] as const;
export type BudgetGrouping = (typeof BUDGET_GROUPINGS)[number];

export const BUDGET_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;

export const BudgetPerformanceQuery = withPeriodChecks(
  z.object({
    ...reportPeriodFields,
    /** The budget year whose version is read; absent: the year of the period's last day. */
    year: z.coerce
      .number({ error: 'Give the budget year as a number, e.g. 2026.' })
      .int({ error: 'Give the budget year as a whole number, e.g. 2026.' })
      .min(2000, { error: 'The budget year is between 2000 and 2100.' })
      .max(2100, { error: 'The budget year is between 2000 and 2100.' })
      .optional(),
    /** That year's version number; absent: its newest. */
    version: z.coerce
      .number({ error: 'Give the budget version as a number.' })
      .int({ error: 'Give the budget version as a whole number.' })
      .min(1, { error: 'Budget versions are numbered from 1.' })
      .max(PG_INTEGER_MAX, { error: 'No budget has a version that high.' })
      .optional(),
    mdaId: z.uuid({ error: 'Choose an MDA from the list.' }).optional(),
    /** Absent: by MDA. */
    groupBy: z
      .enum(BUDGET_GROUPINGS, {
        error: 'Group the report by mda, economic-code, month, category or revenue-head.',
      })
      .default('mda'),
    format: z.enum(BUDGET_EXPORT_FORMATS, { error: 'Export as csv, xlsx or pdf.' }).optional(),
  }),
);
export type BudgetPerformanceQuery = z.infer<typeof BudgetPerformanceQuery>;

export const BudgetVersionView = z.object({
  id: z.uuid(),
  year: z.number().int(),
  version: z.number().int(),
  note: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type BudgetVersionView = z.infer<typeof BudgetVersionView>;

export const BudgetPerformanceItem = z.object({
  /** The group: an MDA's id, a category, an economic code (or its first digits), YYYY-MM. */
  key: z.string(),
  label: z.string(),
  budgetKobo: z.number().int(),
  actualKobo: z.number().int(),
  /** Collected − budget: below 0, short of the budget. */
  varianceKobo: z.number().int(),
  /** Collected as a percentage of the budget (100 = on budget); null when the budget is 0. */
  percent: z.number().nullable(),
  /**
   * Depth: economic codes 2, 4, 6, 8 (digits of the code); categories 1 and their MDAs 2;
   * every other grouping 1.
   */
  level: z.number().int(),
  /** A subtotal of the rows under it (an economic code's first digits, a category). */
  subtotal: z.boolean(),
  /** The MDA's category, on rows of MDAs. */
  category: z.string().optional(),
});
export type BudgetPerformanceItem = z.infer<typeof BudgetPerformanceItem>;

export const BudgetPerformanceTotals = z.object({
  budgetKobo: z.number().int(),
  actualKobo: z.number().int(),
  varianceKobo: z.number().int(),
  percent: z.number().nullable(),
});

export const BudgetPerformanceReport = z.object({
  from: z.string(),
  to: z.string(),
  year: z.number().int(),
  groupBy: z.enum(BUDGET_GROUPINGS),
  /** The MDA reported on, when one was asked for. */
  mda: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The version the budget figures come from; null when the year has no budget yet. */
  budgetVersion: BudgetVersionView.nullable(),
  items: z.array(BudgetPerformanceItem),
  /** The rows added up (subtotal rows left out), so the table always adds up. */
  totals: BudgetPerformanceTotals,
});
export type BudgetPerformanceReport = z.infer<typeof BudgetPerformanceReport>;

/** Collected as a percentage of the budget, one decimal; null when nothing was budgeted. */
export function percentOf(actualKobo: number, budgetKobo: number): number | null {
  if (budgetKobo === 0) return null;
  return Math.round((actualKobo / budgetKobo) * 1000) / 10;
}
