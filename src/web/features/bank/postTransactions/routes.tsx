import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { PostTransactionsSearch, WaitingCreditsSearch } from './search';

const PostTransactionsPage = lazyRouteComponent(
  () => import('./PostTransactionsPage'),
  'PostTransactionsPage',
);
const WaitingCreditsPage = lazyRouteComponent(
  () => import('./WaitingCreditsPage'),
  'WaitingCreditsPage',
);

/**
 * Post Transactions (SPEC's `transactions/post-transactions`): ADMIN posts, EXECUTIVE reads; the
 * page says "no access" to others. router.tsx adds it to /birs and /governor alike.
 */
export function postTransactionPages(shell: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: 'transactions/post-transactions',
      validateSearch: (search: Record<string, unknown>) => PostTransactionsSearch.parse(search),
      component: PostTransactionsPage,
    }),
    // The credits waiting across accounts, which the work queue opens (docs/work-queues.md).
    createRoute({
      getParentRoute: () => shell,
      path: 'transactions/post-transactions/waiting',
      validateSearch: (search: Record<string, unknown>) => WaitingCreditsSearch.parse(search),
      component: WaitingCreditsPage,
    }),
  ];
}
