import { type AnyRoute, createRoute, lazyRouteComponent } from '@tanstack/react-router';
import type { AssessmentKind } from '../../../shared/assessments/enums';
import type { Permission } from '../../../shared/permissions';
import { meQuery } from '../../lib/queries';
import type { RouterContext } from '../../router';
import { AssessmentListSearch } from './common/assessmentSearch';
import { assessmentListQuery, assessmentQuery } from './common/queries';
import { AssessmentListPending, AssessmentPending } from './list/pending';

/**
 * The assessment screens (SPEC.md §2 OFFICER_DA and OFFICER_PA pages, plus RevDesk's own:
 * one assessment's page, objections, trade categories). Each page's code loads on demand;
 * loaders start the page's query and never wait for it (DESIGN.md §9 "never a blank page").
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
const AssessmentPage = lazy(() => import('./detail/AssessmentPage'), 'AssessmentPage');
const NewDirectAssessmentPage = lazy(
  () => import('./direct/DirectAssessmentFormPage'),
  'NewDirectAssessmentPage',
);
const EditDirectAssessmentPage = lazy(
  () => import('./direct/DirectAssessmentFormPage'),
  'EditDirectAssessmentPage',
);
const NewPresumptiveAssessmentPage = lazy(
  () => import('./presumptive/PresumptiveAssessmentFormPage'),
  'NewPresumptiveAssessmentPage',
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

function may(context: RouterContext, permission: Permission): boolean {
  return (
    context.queryClient.getQueryData(meQuery().queryKey)?.permissions.includes(permission) ?? false
  );
}

function listRoute(shell: AnyRoute, kind: AssessmentKind) {
  return createRoute({
    getParentRoute: () => shell,
    path: kind === 'direct' ? 'taxs/direct-assessment' : 'taxs/presumptive-tax',
    validateSearch: (search: Record<string, unknown>) => AssessmentListSearch.parse(search),
    loaderDeps: ({ search }) => search,
    loader: ({ context, deps }) => {
      if (may(context, 'assessment:read')) {
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
    page('taxs/direct-assessment/$id/edit', EditDirectAssessmentPage),
    page('taxs/presumptive-tax/new', NewPresumptiveAssessmentPage),
    page('taxs/capture-direct-assessment', CaptureDirectBacklogPage),
    page('taxs/capture-presumptive-tax', CapturePresumptiveBacklogPage),
    page('taxs/objections', ObjectionsPage),
    page('admin/trade-categories', TradeCategoriesPage),
    createRoute({
      getParentRoute: () => shell,
      path: 'taxs/assessment/$id',
      loader: ({ context, params }) => {
        if (may(context, 'assessment:read')) {
          void context.queryClient.prefetchQuery(assessmentQuery((params as { id: string }).id));
        }
      },
      component: AssessmentPage,
      pendingComponent: AssessmentPending,
    }),
  ];
}
