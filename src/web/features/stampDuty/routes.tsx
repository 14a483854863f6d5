import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { hasPermission, withParams } from '../../lib/routing/routing';
import { stampInstrumentQuery, stampListQuery } from './queries';
import { StampListSearch } from './search';

/**
 * The stamp duty screens (docs/product.md §2: ADMIN taxs/stamp-duty, OFFICER_STAMP_DUTY
 * stamp-duty/all; RevDesk's own: one instrument, a new one, the rules). Each page's code loads
 * on demand; loaders start the page's query and never wait for it.
 */
const StampListPage = lazyRouteComponent(() => import('./StampListPage'), 'StampListPage');
const NewInstrumentPage = lazyRouteComponent(
  () => import('./instrument/NewInstrumentPage'),
  'NewInstrumentPage',
);
const InstrumentPage = lazyRouteComponent(
  () => import('./instrument/InstrumentPage'),
  'InstrumentPage',
);
const StampRulesPage = lazyRouteComponent(() => import('./rules/RulesPage'), 'StampRulesPage');

export function stampDutyPages(shell: AnyRoute) {
  const listRoute = (path: string) =>
    createRoute({
      getParentRoute: () => shell,
      path,
      validateSearch: (search: Record<string, unknown>) => StampListSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        if (hasPermission(context, 'stamp-duty:read')) {
          void context.queryClient.prefetchQuery(stampListQuery(deps));
        }
      },
      component: StampListPage,
    });
  return [
    listRoute('taxs/stamp-duty'),
    listRoute('stamp-duty/all'),
    createRoute({
      getParentRoute: () => shell,
      path: 'stamp-duty/new',
      component: NewInstrumentPage,
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'admin/stamp-duty-rules',
      component: StampRulesPage,
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'stamp-duty/instrument/$id',
      loader: ({ context, params }) => {
        if (hasPermission(context, 'stamp-duty:read')) {
          void context.queryClient.prefetchQuery(stampInstrumentQuery(params.id));
        }
      },
      component: withParams(shell, 'stamp-duty/instrument/$id', InstrumentPage, ({ id }) => ({
        id,
      })),
    }),
  ];
}
