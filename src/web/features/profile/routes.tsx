import { type AnyRoute, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { ProfilePending } from '../../lib/pending/pendingShapes';

const ProfilePage = lazyRouteComponent(() => import('./ProfilePage'), 'ProfilePage');

/** The officer's own profile, under both paths the menus use. router.tsx adds these to each shell. */
export function profilePages(shell: AnyRoute) {
  return ['admin/profile', 'taxpayer/profile'].map((path) =>
    createRoute({
      getParentRoute: () => shell,
      path,
      pendingComponent: ProfilePending,
      component: ProfilePage,
    }),
  );
}

/** docs/product.md §2: the top bar's Profile link is /taxpayer/profile, outside the shells. */
export function profileShortcut(root: AnyRoute) {
  return createRoute({
    getParentRoute: () => root,
    path: 'taxpayer/profile',
    beforeLoad: () => {
      throw redirect({ to: '/birs/taxpayer/profile', replace: true });
    },
  });
}
