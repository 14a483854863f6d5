import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { PaymentHistoryPending } from '../../lib/pending/pendingShapes';
import { hasPermission } from '../../lib/routing/routing';
import { AttentionSearch } from './attention/attentionQuery';
import { AutoRegSearch, PaymentHistorySearch } from './paymentSearch';
import { paymentListQuery } from './queries';

const PaymentHistoryPage = lazyRouteComponent(
  () => import('./history/PaymentHistoryPage'),
  'PaymentHistoryPage',
);
const AutoRegPage = lazyRouteComponent(() => import('./autoReg/AutoRegPage'), 'AutoRegPage');
const AttentionPage = lazyRouteComponent(
  () => import('./attention/AttentionPage'),
  'AttentionPage',
);

/**
 * Payments: open to every officer with payment:read, menu or not; a row's details drawer is
 * in the URL too. router.tsx adds these to /birs and /governor alike.
 */
export function paymentPages(shell: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: 'taxs/payment-history',
      validateSearch: (search: Record<string, unknown>) => PaymentHistorySearch.parse(search),
      // The open drawer is no part of the list: opening one does not refetch the page.
      loaderDeps: ({ search: { payment: _open, ...filters } }) => filters,
      loader: ({ context, deps }) => {
        if (hasPermission(context, 'payment:read')) {
          void context.queryClient.prefetchQuery(paymentListQuery(deps));
        }
      },
      pendingComponent: PaymentHistoryPending,
      component: PaymentHistoryPage,
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'transactions/auto-reg',
      validateSearch: (search: Record<string, unknown>) => AutoRegSearch.parse(search),
      component: AutoRegPage,
    }),
    // Payments needing attention (ADR 0031): ADMIN's; the page says "no access" to others.
    createRoute({
      getParentRoute: () => shell,
      path: 'transactions/needing-attention',
      validateSearch: (search: Record<string, unknown>) => AttentionSearch.parse(search),
      component: AttentionPage,
    }),
  ];
}
