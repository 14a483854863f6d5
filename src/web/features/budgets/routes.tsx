import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { type SearchOf, searchSchema, whole } from '../../lib/lists/searchParams';
import { hasPermission } from '../../lib/routing/routing';
import { budgetQuery } from './queries';

/**
 * The revenue budget (RevDesk's own page, docs/budgets.md): the year and version in the URL,
 * so a version can be shared. The page loads on demand; the loader starts its query and never
 * waits for it.
 */

export const BudgetSearch = searchSchema({
  year: whole(2000, 2100),
  version: whole(1, Number.MAX_SAFE_INTEGER),
});
export type BudgetSearch = SearchOf<typeof BudgetSearch>;

export const currentYear = () => Number(new Date().toISOString().slice(0, 4));

const BudgetPage = lazyRouteComponent(() => import('./BudgetPage'), 'BudgetPage');

export function budgetPages(shell: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: 'budgets',
      validateSearch: (search: Record<string, unknown>) => BudgetSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        if (hasPermission(context, 'budget:read')) {
          void context.queryClient.prefetchQuery(
            budgetQuery(deps.year ?? currentYear(), deps.version),
          );
        }
      },
      component: BudgetPage,
    }),
  ];
}
