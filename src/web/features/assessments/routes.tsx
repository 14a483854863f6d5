import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AssessmentKind } from '../../../shared/assessments/enums';
import { hasPermission, withParams } from '../../lib/routing/routing';
import { AssessmentListSearch } from './common/assessmentSearch';
import { assessmentListQuery, assessmentQuery } from './common/queries';
import { AssessmentListPending, AssessmentPending } from './list/pending';

/**
 * The assessment screens (docs/product.md §2 OFFICER_DA and OFFICER_PA pages, plus RevDesk's own:
 * one assessment's page, objections, trade categories). Each page's code loads on demand;
 * loaders start the page's query and never wait for it (docs/architecture.md §9 "never a blank page").
 */

const lazy = <T extends string>(load: () => Promise<Record<T, unknown>>, name: T) =>
  lazyRouteComponent(load as () => Promise<Record<T, never>>, name);

const DirectAssessmentsPage = lazy(
  () => import('./list/AssessmentListPage'),
  'DirectAssessmentsPage',
);
const PresumptiveAssessmentsPage = lazy(
  () => import('./list/AssessmentListPage'),
  'PresumptiveAssessmentsPage',
);
const AssessmentPage = lazyRouteComponent(
  () => import('./detail/AssessmentPage'),
  'AssessmentPage',
);
const NewDirectAssessmentPage = lazy(
  () => import('./direct/DirectAssessmentFormPage'),
  'NewDirectAssessmentPage',
);
const EditDirectAssessmentPage = lazyRouteComponent(
  () => import('./direct/DirectAssessmentFormPage'),
  'EditDirectAssessmentPage',
);
const NewPresumptiveAssessmentPage = lazy(
  () => import('./presumptive/PresumptiveAssessmentFormPage'),
  'NewPresumptiveAssessmentPage',
);
const EditPresumptiveAssessmentPage = lazyRouteComponent(
  () => import('./presumptive/PresumptiveAssessmentFormPage'),
  'EditPresumptiveAssessmentPage',
);
const CaptureDirectBacklogPage = lazy(
  () => import('./backlog/BacklogCapturePage'),
  'CaptureDirectBacklogPage',
);
const CapturePresumptiveBacklogPage = lazy(
  () => import('./backlog/BacklogCapturePage'),
  'CapturePresumptiveBacklogPage',
);
const ObjectionsPage = lazy(() => import('./objections/ObjectionsPage'), 'ObjectionsPage');
const TradeCategoriesPage = lazy(
  () => import('./categories/TradeCategoriesPage'),
  'TradeCategoriesPage',
);

function listRoute(shell: AnyRoute, kind: AssessmentKind) {
  return createRoute({
    getParentRoute: () => shell,
    path: kind === 'direct' ? 'taxs/direct-assessment' : 'taxs/presumptive-tax',
    validateSearch: (search: Record<string, unknown>) => AssessmentListSearch.parse(search),
    loaderDeps: ({ search }) => search,
    loader: ({ context, deps }) => {
      if (hasPermission(context, 'assessment:read')) {
        void context.queryClient.prefetchQuery(assessmentListQuery(kind, deps));
      }
    },
    component: kind === 'direct' ? DirectAssessmentsPage : PresumptiveAssessmentsPage,
    pendingComponent: AssessmentListPending,
  });
}

/** The routes of one officer shell; router.tsx adds them to /birs and /governor alike. */
export function assessmentPages(shell: AnyRoute) {
  const page = (path: string, component: ReturnType<typeof lazy>) =>
    createRoute({ getParentRoute: () => shell, path, component });
  return [
    listRoute(shell, 'direct'),
    listRoute(shell, 'presumptive'),
    page('taxs/direct-assessment/new', NewDirectAssessmentPage),
    createRoute({
      getParentRoute: () => shell,
      path: 'taxs/direct-assessment/$id/edit',
      component: withParams(
        shell,
        'taxs/direct-assessment/$id/edit',
        EditDirectAssessmentPage,
        ({ id }) => ({ id }),
      ),
    }),
    page('taxs/presumptive-tax/new', NewPresumptiveAssessmentPage),
    createRoute({
      getParentRoute: () => shell,
      path: 'taxs/presumptive-tax/$id/edit',
      component: withParams(
        shell,
        'taxs/presumptive-tax/$id/edit',
        EditPresumptiveAssessmentPage,
        ({ id }) => ({ id }),
      ),
    }),
    page('taxs/capture-direct-assessment', CaptureDirectBacklogPage),
    page('taxs/capture-presumptive-tax', CapturePresumptiveBacklogPage),
    page('taxs/objections', ObjectionsPage),
    page('admin/trade-categories', TradeCategoriesPage),
    createRoute({
      getParentRoute: () => shell,
      path: 'taxs/assessment/$id',
      loader: ({ context, params }) => {
        if (hasPermission(context, 'assessment:read')) {
          void context.queryClient.prefetchQuery(assessmentQuery(params.id));
        }
      },
      component: withParams(shell, 'taxs/assessment/$id', AssessmentPage, ({ id }) => ({ id })),
      pendingComponent: AssessmentPending,
    }),
  ];
}
