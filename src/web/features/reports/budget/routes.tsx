import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { BudgetSearch } from './search';

type PageName =
  | 'MdaBudgetReportPage'
  | 'BudgetReportByMdaPage'
  | 'ConsolidatedBudgetReportPage'
  | 'BudgetReportByEconomicCodePage';

const page = (name: PageName) => lazyRouteComponent(() => import('./pages'), name);

/**
 * The budget reports (docs/reports.md): one MDA's, every MDA's, the consolidated one by MDA
 * category and the one by economic code. router.tsx adds these to /birs and /governor alike;
 * the pages draw charts, so they are lazy and nothing else imports them.
 */
export function budgetReportPages(shell: AnyRoute) {
  const route = (path: string, component: PageName) =>
    createRoute({
      getParentRoute: () => shell,
      path,
      validateSearch: (search: Record<string, unknown>) => BudgetSearch.parse(search),
      component: page(component),
    });
  return [
    route('reporting/mda-budget-report', 'MdaBudgetReportPage'),
    route('reporting/mda-budget-report-by-mda', 'BudgetReportByMdaPage'),
    route('reporting/consolidated-mda-budget-report', 'ConsolidatedBudgetReportPage'),
    route('reporting/mda-budget-report-by-economic-code', 'BudgetReportByEconomicCodePage'),
  ];
}
