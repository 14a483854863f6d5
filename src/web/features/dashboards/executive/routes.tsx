import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { DASHBOARD_PERIODS } from '../../../../shared/dashboards/labels';
import { meQuery } from '../../../lib/api/queries';
import { oneOf, searchSchema, text } from '../../../lib/lists/searchParams';
import { hasPermission } from '../../../lib/routing/routing';
import { executiveDashboardQuery, mdaDashboardQuery, mdaRankingQuery } from './queries';

/**
 * The executive dashboards (docs/dashboards.md). Each page's code, charts included, loads on
 * demand; loaders start the page's one request and never wait for it. router.tsx adds them to
 * /birs and /governor alike; the governor shell's landing is the executive dashboard
 * (features/dashboard/routes.tsx).
 */

export const ExecutiveDashboardPage = lazyRouteComponent(
  () => import('./ExecutiveDashboardPage'),
  'ExecutiveDashboardPage',
);
const MdaRankingPage = lazyRouteComponent(() => import('./MdaRankingPage'), 'MdaRankingPage');
const MdaDashboardPage = lazyRouteComponent(() => import('./MdaDashboardPage'), 'MdaDashboardPage');

const RankingSearch = searchSchema({ period: oneOf(DASHBOARD_PERIODS) });
const MdaSearch = searchSchema({ mda: text(36, { pattern: /^[0-9a-f-]{36}$/i }) });

/** Starts the executive dashboard's request; for the governor's landing too. */
export function prefetchExecutiveDashboard(context: Parameters<typeof hasPermission>[0]) {
  if (hasPermission(context, 'report:executive')) {
    void context.queryClient.prefetchQuery(executiveDashboardQuery());
  }
}

export function executiveDashboardPages(shell: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: 'dashboard/execute-dashboard',
      loader: ({ context }) => prefetchExecutiveDashboard(context),
      component: ExecutiveDashboardPage,
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'dashboard/mda-executive-dashboard',
      validateSearch: (search: Record<string, unknown>) => RankingSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        if (hasPermission(context, 'report:executive')) {
          void context.queryClient.prefetchQuery(mdaRankingQuery(deps.period ?? 'year'));
        }
      },
      component: MdaRankingPage,
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'dashboard/mda-dashboard',
      validateSearch: (search: Record<string, unknown>) => MdaSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        // The MDA asked for, else the officer's first own one (as the page picks it).
        const own = context.queryClient.getQueryData(meQuery().queryKey)?.user.mdaPrivileges;
        const mdaId = deps.mda ?? own?.[0];
        if (mdaId && hasPermission(context, 'report:read')) {
          void context.queryClient.prefetchQuery(mdaDashboardQuery(mdaId));
        }
      },
      component: MdaDashboardPage,
    }),
  ];
}
