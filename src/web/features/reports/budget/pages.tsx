import type { BudgetPerformanceItem } from '../../../../shared/reports/budget';
import { type BudgetReportKind, BudgetReportPage } from './BudgetReport';

/** The MDAs with the largest budgets, for a chart that stays readable. */
const largest = (items: BudgetPerformanceItem[]) => items.slice(0, 12);

const KINDS = {
  mda: {
    title: 'MDA Budget Report',
    description:
      "One MDA's budget for the period beside what it collected, by revenue head, with the months in the chart.",
    groupBy: 'revenue-head',
    groupHeading: 'Revenue head',
    oneMda: true,
    chartKind: 'bar',
  },
  byMda: {
    title: 'Budget Report by MDA',
    description:
      "Every MDA's budget for the period beside what it collected, largest budget first.",
    groupBy: 'mda',
    groupHeading: 'MDA',
    chartRows: largest,
    chartKind: 'bar-horizontal',
  },
  consolidated: {
    title: 'Consolidated MDA Budget Report',
    description:
      "The state's budget and collections for the period, by kind of MDA: ministries, departments, agencies and local governments.",
    groupBy: 'category',
    groupHeading: 'Category',
    chartRows: (items) => items.filter((i) => i.subtotal),
    chartKind: 'bar',
  },
  economicCode: {
    title: 'Budget Report by Economic Code',
    description:
      'Budget and collections for the period by economic code across MDAs, with subtotals at each level of the code.',
    groupBy: 'economic-code',
    groupHeading: 'Economic code',
    chartRows: (items) => items.filter((i) => i.level === 4),
    chartKind: 'bar-horizontal',
  },
} as const satisfies Record<string, BudgetReportKind>;

/** /birs/reporting/mda-budget-report: one MDA, by revenue head and month. */
export function MdaBudgetReportPage() {
  return <BudgetReportPage kind={KINDS.mda} />;
}

/** /birs/reporting/mda-budget-report-by-mda. */
export function BudgetReportByMdaPage() {
  return <BudgetReportPage kind={KINDS.byMda} />;
}

/** /birs/reporting/consolidated-mda-budget-report. */
export function ConsolidatedBudgetReportPage() {
  return <BudgetReportPage kind={KINDS.consolidated} />;
}

/** /birs/reporting/mda-budget-report-by-economic-code. */
export function BudgetReportByEconomicCodePage() {
  return <BudgetReportPage kind={KINDS.economicCode} />;
}
