import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ReportSearch } from './search';

const CollectionByMdaPage = lazyRouteComponent(
  () => import('./CollectionByMdaPage'),
  'CollectionByMdaPage',
);
const MdaRevenueReportPage = lazyRouteComponent(
  () => import('./MdaRevenueReportPage'),
  'MdaRevenueReportPage',
);
const MdaSummaryReportPage = lazyRouteComponent(
  () => import('./MdaSummaryReportPage'),
  'MdaSummaryReportPage',
);
const PosReportDashboardPage = lazyRouteComponent(
  () => import('../pos/PosTakingsPage'),
  'PosReportDashboardPage',
);
const MdaPosTransactionReportPage = lazyRouteComponent(
  () => import('../pos/PosTakingsPage'),
  'MdaPosTransactionReportPage',
);
const MdaReportDashboardPage = lazyRouteComponent(
  () => import('../pos/MdaReportDashboardPage'),
  'MdaReportDashboardPage',
);

/**
 * The collection and POS report pages (docs/reports.md), each in a chunk of its own with the
 * charts it draws. Their period and MDA live in the URL. router.tsx adds them to both shells.
 */
export function collectionReportPages(shell: AnyRoute) {
  const page = (path: string, component: typeof CollectionByMdaPage) =>
    createRoute({
      getParentRoute: () => shell,
      path,
      validateSearch: (search: Record<string, unknown>) => ReportSearch.parse(search),
      component,
    });
  return [
    page('reporting/collection-by-mda', CollectionByMdaPage),
    page('reporting/mda-revenue-report', MdaRevenueReportPage),
    page('reporting/mda-summary-report', MdaSummaryReportPage),
    page('reporting/mda-transaction-report-pos', MdaPosTransactionReportPage),
    page('dashboard/pos-report-dashboard', PosReportDashboardPage),
    page('dashboard/mda-report-dashboard', MdaReportDashboardPage),
  ];
}
