import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { TCC_SCREENS, type TccScreen } from '../../../shared/tcc/lists';
import { hasPermission, withParams } from '../../lib/routing/routing';
import { tccListQuery, tccQuery } from './common/queries';
import { TccListSearch } from './common/tccSearch';
import { TccListPending, TccPending } from './list/pending';

/**
 * The TCC screens: every docs/product.md §2 TCC route, built from TCC_SCREENS (src/shared/tcc/lists.ts)
 * — a generate page per kind, and the lists, each a view by kind and status — plus one
 * certificate's page. Code loads on demand; loaders start the query and never wait for it.
 */

const lazy = <T extends string>(load: () => Promise<Record<T, unknown>>, name: T) =>
  lazyRouteComponent(load as () => Promise<Record<T, never>>, name);

const TccListPage = lazy(() => import('./list/TccListPage'), 'TccListPage');
const TccGeneratePage = lazy(() => import('./generate/TccGeneratePage'), 'TccGeneratePage');
const TccPage = lazyRouteComponent(() => import('./detail/TccPage'), 'TccPage');

function screenRoute(shell: AnyRoute, screen: TccScreen) {
  return createRoute({
    getParentRoute: () => shell,
    path: screen.path,
    validateSearch: (search: Record<string, unknown>) => TccListSearch.parse(search),
    loaderDeps: ({ search }) => search,
    loader: ({ context, deps }) => {
      if (hasPermission(context, 'tcc:read') && screen.view !== 'generate') {
        void context.queryClient.prefetchQuery(tccListQuery(screen, deps));
      }
    },
    component: screen.view === 'generate' ? TccGeneratePage : TccListPage,
    ...(screen.view === 'generate' ? {} : { pendingComponent: TccListPending }),
  });
}

/** The routes of one officer shell; router.tsx adds them to /birs and /governor alike. */
export function tccPages(shell: AnyRoute) {
  return [
    ...TCC_SCREENS.map((screen) => screenRoute(shell, screen)),
    createRoute({
      getParentRoute: () => shell,
      path: 'taxs/tcc/$id',
      loader: ({ context, params }) => {
        if (hasPermission(context, 'tcc:read')) {
          void context.queryClient.prefetchQuery(tccQuery(params.id));
        }
      },
      component: withParams(shell, 'taxs/tcc/$id', TccPage, ({ id }) => ({ id })),
      pendingComponent: TccPending,
    }),
  ];
}
