import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { ProfilePending } from '../../lib/pending/pendingShapes';
import { hasPermission } from '../../lib/routing/routing';
import { letterheadQuery } from './queries';

const LetterheadPage = lazyRouteComponent(() => import('./LetterheadPage'), 'LetterheadPage');

/** admin/letterhead: the crest and name of the printed documents. router.tsx adds it to each shell. */
export function letterheadPages(shell: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: 'admin/letterhead',
      loader: ({ context }) => {
        if (hasPermission(context, 'letterhead:write')) {
          void context.queryClient.prefetchQuery(letterheadQuery());
        }
      },
      pendingComponent: ProfilePending,
      component: LetterheadPage,
    }),
  ];
}
