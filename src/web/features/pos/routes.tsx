import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';

/**
 * POS collections from the provider (docs/pos.md), RevDesk's own pages: agents and terminals
 * (ADMIN) and the transactions held for review (ADMIN, OFFICER_BENJIS). Each page's code loads
 * on demand.
 */
const PosTerminalsPage = lazyRouteComponent(
  () => import('./terminals/TerminalsPage'),
  'PosTerminalsPage',
);
const HeldPosPage = lazyRouteComponent(() => import('./held/HeldPage'), 'HeldPosPage');

export function posCollectionPages(shell: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: 'admin/pos-terminals',
      component: PosTerminalsPage,
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'transactions/benjis-held',
      component: HeldPosPage,
    }),
  ];
}
