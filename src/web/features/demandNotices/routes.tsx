import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { hasPermission, withParams } from '../../lib/routing/routing';
import { demandNoticeQuery, mdaTransactionQuery } from './queries';
import { MdaTransactionSearch } from './search';

const GenerateAssessmentPage = lazyRouteComponent(
  () => import('./GenerateAssessmentPage'),
  'GenerateAssessmentPage',
);
const MdaTransactionReportPage = lazyRouteComponent(
  () => import('./MdaTransactionReportPage'),
  'MdaTransactionReportPage',
);
const DemandNoticePage = lazyRouteComponent(() => import('./DemandNoticePage'), 'DemandNoticePage');

/**
 * MDA demand notices (docs/product.md §2): OFFICER_MDA's mda/generate-assessment, the MDA
 * transaction report of MDA staff, the budget and the chairman, and one notice's page.
 * router.tsx adds these to /birs and /governor alike.
 */
export function demandNoticePages(shell: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: 'mda/generate-assessment',
      component: GenerateAssessmentPage,
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'reporting/mda-transaction-report',
      validateSearch: (search: Record<string, unknown>) => MdaTransactionSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        if (hasPermission(context, 'demand-notice:read')) {
          void context.queryClient.prefetchQuery(mdaTransactionQuery(deps));
        }
      },
      component: MdaTransactionReportPage,
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'mda/demand-notices/$id',
      loader: ({ context, params }) => {
        if (hasPermission(context, 'demand-notice:read')) {
          void context.queryClient.prefetchQuery(demandNoticeQuery(params.id));
        }
      },
      component: withParams(shell, 'mda/demand-notices/$id', DemandNoticePage, ({ id }) => ({
        id,
      })),
    }),
  ];
}
