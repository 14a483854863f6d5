import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  type AsyncRouteComponent,
  type ResolveParams,
  type RouteComponent,
  useParams,
} from '@tanstack/react-router';
import type { Permission } from '../../../shared/permissions';
import { meQuery } from '../api/queries';

/**
 * What every feature's route file (`features/<domain>/routes.tsx`) builds its routes with;
 * router.tsx only assembles those files. A feature owns its paths, loaders and params.
 */

export type RouterContext = { queryClient: QueryClient };

/**
 * Whether the signed-in officer holds a permission, for a loader deciding whether to start a
 * page's query. The page itself shows NoAccess; the server checks again on every call
 * (docs/architecture.md §10).
 */
export function hasPermission(context: RouterContext, permission: Permission): boolean {
  return (
    context.queryClient.getQueryData(meQuery().queryKey)?.permissions.includes(permission) ?? false
  );
}

/** The id TanStack Router gives the route at `path` under `parent`. */
function routeIdOf(parent: AnyRoute, path: string): string {
  return parent.isRoot ? `/${path}` : `${parent.id}/${path}`;
}

/**
 * A route's component that hands the route's params to its page as typed props.
 *
 * Every officer page exists twice, under /birs and under /governor, so a page cannot import
 * "its" route object; and `useParams({ strict: false })` would read whatever route happens
 * to match. The route file names the parent and the path instead: the params are read from
 * that very route (`useParams({ from })`, strict: a page shown under another route throws
 * rather than reads undefined), typed by the path (`taxs/tcc/$id` → `{ id: string }`), and
 * turned into the page's props. The page's chunk still loads on its own, and early: the
 * router preloads it through `preload` (docs/architecture.md §9 "Web").
 */
export function withParams<TPath extends string, P extends object>(
  parent: AnyRoute,
  path: TPath,
  Page: AsyncRouteComponent<P>,
  toProps: (params: ResolveParams<TPath>) => P,
): RouteComponent {
  function RoutePage() {
    const params: ResolveParams<TPath> = useParams({ from: routeIdOf(parent, path) });
    return <Page {...toProps(params)} />;
  }
  const component: RouteComponent = RoutePage;
  if (Page.preload) component.preload = Page.preload;
  return component;
}
