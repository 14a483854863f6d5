import { type AnyRoute, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { meQuery } from '../../lib/api/queries';
import { withParams } from '../../lib/routing/routing';
import type { ShellBase } from '../../shell/shellPaths';

/**
 * Every other menu link of a shell (docs/product.md §2 "Routes per role"): a page not built yet, or
 * NoAccess; a path no menu holds goes to /error. Also the old portal's "taxes" spelling.
 * router.tsx adds these last to each shell, after every feature's own pages.
 */

const MenuPage = lazyRouteComponent(() => import('./MenuPage'), 'MenuPage');

export function menuPages(shell: AnyRoute, base: ShellBase) {
  return [
    // The old portal spelled the area both ways; its links use "taxs".
    createRoute({
      getParentRoute: () => shell,
      path: 'taxes/$',
      beforeLoad: ({ params, location }) => {
        const rest = params._splat ?? '';
        throw redirect({ href: `${base}/taxs/${rest}${location.searchStr}`, replace: true });
      },
    }),
    createRoute({
      getParentRoute: () => shell,
      path: '$',
      beforeLoad: async ({ context, params }) => {
        const { classifyShellPath } = await import('./pageAccess');
        const me = context.queryClient.getQueryData(meQuery().queryKey);
        if (classifyShellPath(base, params._splat ?? '', me?.menu ?? []).kind === 'unknown') {
          throw redirect({ to: '/error', replace: true });
        }
      },
      component: withParams(shell, '$', MenuPage, ({ _splat }) => ({ path: _splat ?? '' })),
    }),
  ];
}
