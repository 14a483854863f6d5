import { type AnyRoute, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { DashboardPending } from '../../lib/pending/pendingShapes';
import { SHELL_BASES, type ShellBase } from '../../shell/shellPaths';
import { ExecutiveDashboardPage, prefetchExecutiveDashboard } from '../dashboards/executive/routes';

const DashboardPage = lazyRouteComponent(() => import('./DashboardPage'), 'DashboardPage');

/**
 * A shell's own address opens its dashboard (docs/product.md §2). router.tsx adds these to each
 * shell. The governor shell's dashboard is the executive dashboard (docs/dashboards.md): the
 * chairman and the governor's office land on the state's collections against the budget.
 */
export function dashboardPages(shell: AnyRoute, base: ShellBase) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: '/',
      beforeLoad: () => {
        throw redirect({ to: `${base}/dashboard`, replace: true });
      },
    }),
    base === SHELL_BASES.governor
      ? createRoute({
          getParentRoute: () => shell,
          path: 'dashboard',
          loader: ({ context }) => prefetchExecutiveDashboard(context),
          component: ExecutiveDashboardPage,
        })
      : createRoute({
          getParentRoute: () => shell,
          path: 'dashboard',
          pendingComponent: DashboardPending,
          component: DashboardPage,
        }),
  ];
}
