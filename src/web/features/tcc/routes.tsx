import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { TCC_SCREENS, type TccScreen } from '../../../shared/tcc/lists';
import { meQuery } from '../../lib/queries';
import type { RouterContext } from '../../router';
import { tccListQuery, tccQuery } from './common/queries';
import { TccListSearch } from './common/tccSearch';
import { TccListPending, TccPending } from './list/pending';

/**
 * The TCC screens: every SPEC.md §2 TCC route, built from TCC_SCREENS (src/shared/tcc/lists.ts)
 * — a generate page per kind, and the lists, each a view by kind and status — plus one
 * certificate's page. Code loads on demand; loaders start the query and never wait for it.
 */

const lazy = <T extends string>(load: () => Promise<Record<T, unknown>>, name: T) =>
  lazyRouteComponent(load as () => Promise<Record<T, never>>, name);

const TccListPage = lazy(() => import('./list/TccListPage'), 'TccListPage');
const TccGeneratePage = lazy(() => import('./generate/TccGeneratePage'), 'TccGeneratePage');
const TccPage = lazy(() => import('./detail/TccPage'), 'TccPage');

function mayRead(context: RouterContext): boolean {
  return (
    context.queryClient.getQueryData(meQuery().queryKey)?.permissions.includes('tcc:read') ?? false
  );
}

function screenRoute(shell: AnyRoute, screen: TccScreen) {
  return createRoute({
    getParentRoute: () => shell,
    path: screen.path,
    validateSearch: (search: Record<string, unknown>) => TccListSearch.parse(search),
    loaderDeps: ({ search }) => search,
    loader: ({ context, deps }) => {
      if (mayRead(context) && screen.view !== 'generate') {
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
        if (mayRead(context)) {
          void context.queryClient.prefetchQuery(tccQuery((params as { id: string }).id));
        }
      },
      component: TccPage,
      pendingComponent: TccPending,
    }),
  ];
}
