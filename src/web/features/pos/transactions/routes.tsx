import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { oneOf, searchSchema, text } from '../../../lib/lists/searchParams';
import { hasPermission } from '../../../lib/routing/routing';
import { PosListSearch, posParams } from './posSearch';
import { posDashboardQuery, posTransactionListQuery } from './queries';

/**
 * The Benjis pages officers read (docs/product.md §2): the transactions, the keyword report,
 * the dashboard and the settlement file. Each page's code loads on demand; loaders start the
 * page's query and never wait for it. router.tsx adds them to /birs and /governor alike.
 */

const PosTransactionsPage = lazyRouteComponent(
  () => import('./PosTransactionsPage'),
  'PosTransactionsPage',
);
const PosReportPage = lazyRouteComponent(() => import('../report/PosReportPage'), 'PosReportPage');
const PosDashboardPage = lazyRouteComponent(
  () => import('../dashboard/PosDashboardPage'),
  'PosDashboardPage',
);
const PosSettlementPage = lazyRouteComponent(
  () => import('../settlement/PosSettlementPage'),
  'PosSettlementPage',
);

const DashboardSearch = searchSchema({ period: oneOf(['week', 'month'] as const) });
const SettlementSearch = searchSchema({ job: text(36, { pattern: /^[0-9a-f-]{36}$/i }) });

export function posReadPages(shell: AnyRoute) {
  const list = (path: string, component: typeof PosTransactionsPage) =>
    createRoute({
      getParentRoute: () => shell,
      path,
      validateSearch: (search: Record<string, unknown>) => PosListSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        if (hasPermission(context, 'pos:read')) {
          void context.queryClient.prefetchQuery(posTransactionListQuery(posParams(deps)));
        }
      },
      component,
    });
  return [
    list('transactions/benjis', PosTransactionsPage),
    list('transactions/benjis-report', PosReportPage),
    createRoute({
      getParentRoute: () => shell,
      path: 'transactions/benjis-dashboard',
      validateSearch: (search: Record<string, unknown>) => DashboardSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        if (hasPermission(context, 'pos:read')) {
          void context.queryClient.prefetchQuery(posDashboardQuery(deps.period ?? 'today'));
        }
      },
      component: PosDashboardPage,
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'transactions/benjis-multiple',
      validateSearch: (search: Record<string, unknown>) => SettlementSearch.parse(search),
      component: PosSettlementPage,
    }),
  ];
}
