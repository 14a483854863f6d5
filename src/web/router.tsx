import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type ParsedLocation,
  redirect,
} from '@tanstack/react-router';
import { assessmentPages } from './features/assessments/routes';
import { auditPages } from './features/audit/routes';
import { signInPages } from './features/auth/routes';
import { bankAccountPages } from './features/bank/accounts/routes';
import { postTransactionPages } from './features/bank/postTransactions/routes';
import { budgetPages } from './features/budgets/routes';
import { dashboardPages } from './features/dashboard/routes';
import { executiveDashboardPages } from './features/dashboards/executive/routes';
import { demandNoticePages } from './features/demandNotices/routes';
import { indicatorPages } from './features/indicators/routes';
import { letterheadPages } from './features/letterhead/routes';
import { mdaPages } from './features/mdas/routes';
import { officerPages } from './features/officers/routes';
import { menuPages } from './features/pages/routes';
import { paymentPages } from './features/payments/routes';
import { posCollectionPages } from './features/pos/routes';
import { posReadPages } from './features/pos/transactions/routes';
import { profilePages, profileShortcut } from './features/profile/routes';
import { budgetReportPages } from './features/reports/budget/routes';
import { collectionReportPages } from './features/reports/collections/routes';
import { jrbReturnPages } from './features/reports/jrb/routes';
import { sscPages } from './features/ssc/routes';
import { stampDutyPages } from './features/stampDuty/routes';
import { taxpayerPages } from './features/taxpayers/routes';
import { tccPages } from './features/tcc/routes';
import { isUnauthenticated } from './lib/api/api';
import { fetchSignedInOfficer, meQuery } from './lib/api/queries';
import { PageSkeleton } from './lib/pending/skeletons';
import type { RouterContext } from './lib/routing/routing';
import { withParams } from './lib/routing/routing';
import { ErrorPage } from './shell/errors/ErrorPage';
import { RouteErrorPage } from './shell/errors/RouteErrorPage';
import { RedirectToErrorPage, RootLayout } from './shell/RootLayout';
import { SHELL_BASES, type ShellBase } from './shell/shellPaths';

/**
 * The app's routes, assembled: each feature owns its pages in `features/<domain>/routes.tsx`
 * (paths, loaders, params, the lazy chunk of each page); this file puts them under the root
 * and the two officer shells, and holds what is no feature's: the session guard, the error
 * pages and the redirects of unknown paths.
 */

export type { RouterContext };

type GuardArgs = {
  context: RouterContext;
  location: ParsedLocation;
  matches: readonly { routeId: string }[];
};

/**
 * The officer shells' frame, in its own chunk: its AppShell (and the scroll lock that comes
 * with it) would otherwise weigh on the sign-in page's first load (docs/architecture.md §9 "Web"). The
 * guard below starts loading it with the session check; meanwhile the page skeleton shows.
 */
const ShellFrame = lazyRouteComponent(() => import('./shell/ShellFrame'), 'ShellFrame');

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: RedirectToErrorPage,
});

/** The empty path redirects to auth/login (docs/product.md §2). */
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/auth/login', replace: true });
  },
});

const errorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'error',
  component: ErrorPage,
});
const errorTypeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'error/$type',
  component: withParams(rootRoute, 'error/$type', ErrorPage, ({ type }) => ({ type })),
});

const unknownPathRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/error', replace: true });
  },
});

/**
 * The officer shells need a session. The check here is a convenience: the server checks the
 * session and the permission on every call (docs/architecture.md §10).
 */
async function requireSession({ context, location, matches }: GuardArgs) {
  // The shell's and the page's chunks download while the session is asked, not after it
  // answers (docs/architecture.md §9 "Web"). A chunk that fails here fails again, and is reported, when
  // the router loads it for real.
  for (const match of matches) {
    const route = (appRouter?.routesById as Record<string, AnyRoute> | undefined)?.[match.routeId];
    if (route) appRouter?.loadRouteChunk(route)?.catch(() => undefined);
  }
  // First visit (or after sign-in or sign-out): ask /auth/session, which answers a visitor who
  // is not signed in without a 401, and fills meQuery when they are.
  if (context.queryClient.getQueryData(meQuery().queryKey) === undefined) {
    if (await fetchSignedInOfficer(context.queryClient)) return;
    throw redirect({ to: '/auth/login', search: { returnUrl: location.href } });
  }
  try {
    await context.queryClient.ensureQueryData({ ...meQuery(), revalidateIfStale: true });
  } catch (error) {
    if (isUnauthenticated(error)) {
      throw redirect({ to: '/auth/login', search: { returnUrl: location.href } });
    }
    throw error;
  }
}

/**
 * The pages both shells hold (docs/product.md §2): dashboard, profile, every feature's pages, and
 * last the menu pages that catch every other path of the shell.
 */
function shellPages(shell: AnyRoute, base: ShellBase) {
  return [
    ...dashboardPages(shell, base),
    ...executiveDashboardPages(shell),
    ...profilePages(shell),
    ...taxpayerPages(shell),
    ...officerPages(shell),
    ...auditPages(shell),
    ...letterheadPages(shell),
    ...bankAccountPages(shell),
    ...mdaPages(shell),
    ...paymentPages(shell),
    ...assessmentPages(shell),
    ...tccPages(shell),
    ...sscPages(shell),
    ...budgetPages(shell),
    ...postTransactionPages(shell),
    ...demandNoticePages(shell),
    ...indicatorPages(shell),
    ...posReadPages(shell),
    ...stampDutyPages(shell),
    ...posCollectionPages(shell),
    ...budgetReportPages(shell),
    ...jrbReturnPages(shell),
    ...collectionReportPages(shell),
    ...menuPages(shell, base),
  ];
}

/**
 * While the session check runs and the shell's code loads, the shell's frame paints at once
 * (pendingMs 0) with the page's skeleton in it: a reload of a /birs page is never white.
 */
const shellPending = { pendingComponent: ShellFrame, pendingMs: 0 } as const;

const birsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'birs',
  beforeLoad: requireSession,
  ...shellPending,
  component: lazyRouteComponent(() => import('./shell/OfficerShell'), 'BirsShell'),
});

/** The governor shell needs a signed-in EXECUTIVE; the shell itself turns others away. */
const governorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'governor',
  beforeLoad: requireSession,
  ...shellPending,
  component: lazyRouteComponent(() => import('./shell/OfficerShell'), 'GovernorShell'),
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  ...signInPages(rootRoute),
  errorRoute,
  errorTypeRoute,
  profileShortcut(rootRoute),
  birsRoute.addChildren(shellPages(birsRoute, SHELL_BASES.birs)),
  governorRoute.addChildren(shellPages(governorRoute, SHELL_BASES.governor)),
  unknownPathRoute,
]);

/** The app's one router, for the guard that starts loading route chunks early. */
let appRouter: AppRouter | undefined;

export function createAppRouter(queryClient: QueryClient) {
  appRouter = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Preloaded data is the query cache's business, not the router's.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteErrorPage,
    // A page whose code takes longer than a blink shows its skeleton (docs/architecture.md §9), and keeps
    // it long enough not to flicker; a quick one replaces the old page directly.
    defaultPendingComponent: PageSkeleton,
    defaultPendingMs: 150,
    defaultPendingMinMs: 200,
    defaultNotFoundComponent: RedirectToErrorPage,
    scrollRestoration: false,
  });
  return appRouter;
}

export type AppRouter = ReturnType<typeof createRouter<typeof routeTree>>;
