import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { JrbSearch } from './period';

const JrbReturnPage = lazyRouteComponent(() => import('./JrbReturnPage'), 'JrbReturnPage');

/** /birs/reporting/joint-tax-board-report: the Joint Revenue Board return (docs/jrb-return.md). */
export function jrbReturnPages(shell: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: 'reporting/joint-tax-board-report',
      validateSearch: (search: Record<string, unknown>) => JrbSearch.parse(search),
      component: JrbReturnPage,
    }),
  ];
}
