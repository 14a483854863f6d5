import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { SscCategory } from '../../../shared/ssc/enums';
import { hasPermission, withParams } from '../../lib/routing/routing';
import { SscListSearch, sscParams } from './list/sscSearch';
import { SSC_LIST_PATHS, sscScheduleListQuery, sscScheduleQuery } from './queries';

/**
 * SSC levies (RevDesk's own pages; docs/product.md §7 names the three lists' calls): the three
 * lists, the upload and one schedule. Each page's code loads on demand; loaders start the
 * page's query and never wait for it.
 */

const lazy = <T extends string>(load: () => Promise<Record<T, unknown>>, name: T) =>
  lazyRouteComponent(load as () => Promise<Record<T, never>>, name);

const LIST_PAGES = {
  'office-holders': lazy(() => import('./list/SscListPage'), 'OfficeHoldersPage'),
  'civil-servants': lazy(() => import('./list/SscListPage'), 'CivilServantsPage'),
  'federal-civil-servants': lazy(() => import('./list/SscListPage'), 'FederalCivilServantsPage'),
} as const satisfies Record<SscCategory, unknown>;
const SscUploadPage = lazy(() => import('./capture/SscUploadPage'), 'SscUploadPage');
const SscEntryPage = lazy(() => import('./capture/SscEntryPage'), 'SscEntryPage');
const SscSchedulePage = lazyRouteComponent(
  () => import('./schedule/SscSchedulePage'),
  'SscSchedulePage',
);

/** The routes of one officer shell; router.tsx adds them to /birs and /governor alike. */
export function sscPages(shell: AnyRoute) {
  const lists = (Object.keys(LIST_PAGES) as SscCategory[]).map((category) =>
    createRoute({
      getParentRoute: () => shell,
      path: SSC_LIST_PATHS[category],
      validateSearch: (search: Record<string, unknown>) => SscListSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        if (hasPermission(context, 'ssc:read')) {
          void context.queryClient.prefetchQuery(sscScheduleListQuery(sscParams(category, deps)));
        }
      },
      component: LIST_PAGES[category],
    }),
  );
  return [
    ...lists,
    createRoute({ getParentRoute: () => shell, path: 'ssc/upload', component: SscUploadPage }),
    createRoute({ getParentRoute: () => shell, path: 'ssc/entry', component: SscEntryPage }),
    createRoute({
      getParentRoute: () => shell,
      path: 'ssc/schedules/$id',
      loader: ({ context, params }) => {
        if (hasPermission(context, 'ssc:read')) {
          void context.queryClient.prefetchQuery(sscScheduleQuery(params.id));
        }
      },
      component: withParams(shell, 'ssc/schedules/$id', SscSchedulePage, ({ id }) => ({ id })),
    }),
  ];
}
