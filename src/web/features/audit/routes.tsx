import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { AuditTrailPending } from '../../lib/pending/pendingShapes';
import { hasPermission } from '../../lib/routing/routing';
import { AuditTrailSearch } from './auditSearch';
import { auditEventsQuery } from './queries';

const AuditTrailPage = lazyRouteComponent(() => import('./AuditTrailPage'), 'AuditTrailPage');

/**
 * The audit trail (ADR 0007); '/taxes/audit-trail' reaches it through the shell's "taxes"
 * redirect. router.tsx adds it to /birs and /governor alike.
 */
export function auditPages(shell: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: 'taxs/audit-trail',
      validateSearch: (search: Record<string, unknown>) => AuditTrailSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        if (hasPermission(context, 'audit:read')) {
          void context.queryClient.prefetchQuery(auditEventsQuery(deps));
        }
      },
      pendingComponent: AuditTrailPending,
      component: AuditTrailPage,
    }),
  ];
}
