import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { MONTH_PATTERN } from '../../../shared/indicators/months';
import { matching, searchSchema } from '../../lib/lists/searchParams';
import { hasPermission } from '../../lib/routing/routing';
import { indicatorsQuery } from './queries';

// The page draws charts: its code, and the chart library's, load only when it opens.
const PerformancePage = lazyRouteComponent(() => import('./PerformancePage'), 'PerformancePage');

export const PerformanceSearch = searchSchema({ month: matching(MONTH_PATTERN) });

/** RevDesk's own Service Performance page (docs/indicators.md), in /birs and /governor alike. */
export function indicatorPages(shell: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: 'reporting/service-performance',
      validateSearch: (search: Record<string, unknown>) => PerformanceSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        if (hasPermission(context, 'indicator:read')) {
          void context.queryClient.prefetchQuery(indicatorsQuery(deps.month ?? ''));
        }
      },
      component: PerformancePage,
    }),
  ];
}
