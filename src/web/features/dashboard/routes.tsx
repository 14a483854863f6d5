import { type AnyRoute, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { DashboardPending } from '../../lib/pending/pendingShapes';
import type { ShellBase } from '../../shell/shellPaths';

const DashboardPage = lazyRouteComponent(() => import('./DashboardPage'), 'DashboardPage');

/** A shell's own address opens its dashboard (docs/product.md §2). router.tsx adds these to each shell. */
export function dashboardPages(shell: AnyRoute, base: ShellBase) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: '/',
      beforeLoad: () => {
        throw redirect({ to: `${base}/dashboard`, replace: true });
      },
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'dashboard',
      pendingComponent: DashboardPending,
      component: DashboardPage,
    }),
  ];
}
