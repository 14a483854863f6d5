import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { MdaListPending } from '../../lib/pending/pendingShapes';
import { hasPermission } from '../../lib/routing/routing';
import { MdaListSearch } from './listSearch';
import { mdaDetailsQuery } from './queries';

/** MDAs: the administrators' page and the officers' read-only list, one table. */

const ManageMdasPage = lazyRouteComponent(() => import('./MdasPage'), 'ManageMdasPage');
const MdaListPage = lazyRouteComponent(() => import('./MdasPage'), 'MdaListPage');

/** The routes of one officer shell; router.tsx adds them to /birs and /governor alike. */
export function mdaPages(shell: AnyRoute) {
  return (
    [
      ['mda/manage-mda', ManageMdasPage],
      ['mda/mda-list', MdaListPage],
    ] as const
  ).map(([path, component]) =>
    createRoute({
      getParentRoute: () => shell,
      path,
      validateSearch: (search: Record<string, unknown>) => MdaListSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        if (hasPermission(context, 'mda:read')) {
          void context.queryClient.prefetchQuery(mdaDetailsQuery(deps));
        }
      },
      pendingComponent: MdaListPending,
      component,
    }),
  );
}
