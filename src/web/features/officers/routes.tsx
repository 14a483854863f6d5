import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { OfficerListPending } from '../../lib/pending/pendingShapes';
import { OfficerListSearch } from './listSearch';

/** Officers administration: both lists keep their filters and open panels in the URL. */

const AdminListPage = lazyRouteComponent(() => import('./list/OfficerListPage'), 'AdminListPage');
const TaxOfficerListPage = lazyRouteComponent(
  () => import('./list/OfficerListPage'),
  'TaxOfficerListPage',
);

/** The routes of one officer shell; router.tsx adds them to /birs and /governor alike. */
export function officerPages(shell: AnyRoute) {
  return (
    [
      ['admin/admin-list', AdminListPage],
      ['admin/tax-officer-list', TaxOfficerListPage],
    ] as const
  ).map(([path, component]) =>
    createRoute({
      getParentRoute: () => shell,
      path,
      validateSearch: (search: Record<string, unknown>) => OfficerListSearch.parse(search),
      pendingComponent: OfficerListPending,
      component,
    }),
  );
}
