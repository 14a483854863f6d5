import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { hasPermission } from '../../../lib/routing/routing';
import { collectionAccountsQuery } from './queries';

const CollectionAccountsPage = lazyRouteComponent(
  () => import('./CollectionAccountsPage'),
  'CollectionAccountsPage',
);

/** admin/collection-accounts: the bank accounts revenue is paid into. router.tsx adds it to each shell. */
export function bankAccountPages(shell: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: 'admin/collection-accounts',
      loader: ({ context }) => {
        if (hasPermission(context, 'bank:accounts')) {
          void context.queryClient.prefetchQuery(collectionAccountsQuery());
        }
      },
      component: CollectionAccountsPage,
    }),
  ];
}
