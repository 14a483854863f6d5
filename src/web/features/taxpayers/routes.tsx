import { type AnyRoute, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { BTIN_PATTERN } from '../../../shared/btin';
import type { TaxpayerKind } from '../../../shared/taxpayers/enums';
import { TaxpayerListPending, TaxpayerPending } from '../../lib/pending/pendingShapes';
import { hasPermission, withParams } from '../../lib/routing/routing';
import { TaxpayerListSearch } from './listSearch';
import { taxpayerListQuery, taxpayerQuery } from './queries';

/**
 * The registry: the two lists and one taxpayer's page, open to every officer with
 * taxpayer:read, menu or not. Loaders start the page's query and never wait for it
 * (docs/architecture.md §9 "never a blank page"): the page paints at once with a skeleton of its table,
 * a change of filter keeps the old rows meanwhile, and a failure shows in the page with a
 * "Try again".
 */

const IndividualTaxpayersPage = lazyRouteComponent(
  () => import('./list/TaxpayerListPage'),
  'IndividualTaxpayersPage',
);
const CorporateTaxpayersPage = lazyRouteComponent(
  () => import('./list/TaxpayerListPage'),
  'CorporateTaxpayersPage',
);
const TaxpayerPage = lazyRouteComponent(() => import('./detail/TaxpayerPage'), 'TaxpayerPage');

function listRoute(shell: AnyRoute, kind: TaxpayerKind) {
  return createRoute({
    getParentRoute: () => shell,
    path: kind === 'individual' ? 'taxpayer/individual-taxpayer' : 'taxpayer/corporate-taxpayer',
    validateSearch: (search: Record<string, unknown>) => TaxpayerListSearch.parse(search),
    loaderDeps: ({ search }) => search,
    loader: ({ context, deps }) => {
      if (hasPermission(context, 'taxpayer:read')) {
        void context.queryClient.prefetchQuery(taxpayerListQuery(kind, deps));
      }
    },
    pendingComponent: TaxpayerListPending,
    component: kind === 'individual' ? IndividualTaxpayersPage : CorporateTaxpayersPage,
  });
}

/**
 * The routes of one officer shell; router.tsx adds them to /birs and /governor alike. The
 * static paths (the lists here, the profile) win over `taxpayer/$btin`.
 */
export function taxpayerPages(shell: AnyRoute) {
  return [
    listRoute(shell, 'individual'),
    listRoute(shell, 'corporate'),
    createRoute({
      getParentRoute: () => shell,
      path: 'taxpayer/$btin',
      beforeLoad: ({ params }) => {
        if (!BTIN_PATTERN.test(params.btin)) throw redirect({ to: '/error', replace: true });
      },
      loader: ({ context, params }) => {
        if (hasPermission(context, 'taxpayer:read')) {
          void context.queryClient.prefetchQuery(taxpayerQuery(params.btin));
        }
      },
      pendingComponent: TaxpayerPending,
      component: withParams(shell, 'taxpayer/$btin', TaxpayerPage, ({ btin }) => ({ btin })),
    }),
  ];
}
