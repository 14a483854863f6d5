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
import type { MeResponse } from '../shared/auth';
import { BTIN_PATTERN } from '../shared/btin';
import type { TaxpayerKind } from '../shared/taxpayers/enums';
import { assessmentPages } from './features/assessments/routes';
import { AuditTrailSearch } from './features/audit/auditSearch';
import { auditEventsQuery } from './features/audit/queries';
import { MdaListSearch } from './features/mdas/listSearch';
import { mdaDetailsQuery } from './features/mdas/queries';
import { OfficerListSearch } from './features/officers/listSearch';
import { AttentionSearch } from './features/payments/attention/attentionQuery';
import { AutoRegSearch, PaymentHistorySearch } from './features/payments/paymentSearch';
import { paymentListQuery } from './features/payments/queries';
import { TaxpayerListSearch } from './features/taxpayers/listSearch';
import { taxpayerListQuery, taxpayerQuery } from './features/taxpayers/queries';
import { tccPages } from './features/tcc/routes';
import { isUnauthenticated } from './lib/api';
import {
  AuditTrailPending,
  DashboardPending,
  MdaListPending,
  OfficerListPending,
  PaymentHistoryPending,
  ProfilePending,
  TaxpayerListPending,
  TaxpayerPending,
} from './lib/pending/pendingShapes';
import { PageSkeleton } from './lib/pending/skeletons';
import { fetchSignedInOfficer, meQuery } from './lib/queries';
import { safeReturnUrl } from './lib/returnUrl';
import { ErrorPage } from './shell/errors/ErrorPage';
import { RouteErrorPage } from './shell/errors/RouteErrorPage';
import { RedirectToErrorPage, RootLayout } from './shell/RootLayout';
import { SHELL_BASES, type ShellBase } from './shell/shellPaths';

export type RouterContext = { queryClient: QueryClient };

type GuardArgs = {
  context: RouterContext;
  location: ParsedLocation;
  matches: readonly { routeId: string }[];
};

const SignInPage = lazyRouteComponent(() => import('./features/auth/SignInRoute'), 'SignInRoute');
const DashboardPage = lazyRouteComponent(
  () => import('./features/dashboard/DashboardPage'),
  'DashboardPage',
);
const ProfilePage = lazyRouteComponent(
  () => import('./features/profile/ProfilePage'),
  'ProfilePage',
);
const MenuPage = lazyRouteComponent(() => import('./features/pages/MenuPage'), 'MenuPage');
const IndividualTaxpayersPage = lazyRouteComponent(
  () => import('./features/taxpayers/list/TaxpayerListPage'),
  'IndividualTaxpayersPage',
);
const CorporateTaxpayersPage = lazyRouteComponent(
  () => import('./features/taxpayers/list/TaxpayerListPage'),
  'CorporateTaxpayersPage',
);
const AuditTrailPage = lazyRouteComponent(
  () => import('./features/audit/AuditTrailPage'),
  'AuditTrailPage',
);
const AdminListPage = lazyRouteComponent(
  () => import('./features/officers/list/OfficerListPage'),
  'AdminListPage',
);
const TaxOfficerListPage = lazyRouteComponent(
  () => import('./features/officers/list/OfficerListPage'),
  'TaxOfficerListPage',
);
const ManageMdasPage = lazyRouteComponent(
  () => import('./features/mdas/MdasPage'),
  'ManageMdasPage',
);
const MdaListPage = lazyRouteComponent(() => import('./features/mdas/MdasPage'), 'MdaListPage');
const PaymentHistoryPage = lazyRouteComponent(
  () => import('./features/payments/history/PaymentHistoryPage'),
  'PaymentHistoryPage',
);
const AutoRegPage = lazyRouteComponent(
  () => import('./features/payments/autoReg/AutoRegPage'),
  'AutoRegPage',
);
const AttentionPage = lazyRouteComponent(
  () => import('./features/payments/attention/AttentionPage'),
  'AttentionPage',
);
const VerifyReceiptPage = lazyRouteComponent(
  () => import('./features/verify/VerifyReceiptPage'),
  'VerifyReceiptPage',
);
const VerifyAssessmentPage = lazyRouteComponent(
  () => import('./features/verify/VerifyAssessmentPage'),
  'VerifyAssessmentPage',
);
const VerifyTccPage = lazyRouteComponent(
  () => import('./features/verify/VerifyTccPage'),
  'VerifyTccPage',
);
const TaxpayerPage = lazyRouteComponent(
  () => import('./features/taxpayers/detail/TaxpayerPage'),
  'TaxpayerPage',
);

/**
 * The officer shells' frame, in its own chunk: its AppShell (and the scroll lock that comes
 * with it) would otherwise weigh on the sign-in page's first load (DESIGN.md §9 "Web"). The
 * guard below starts loading it with the session check; meanwhile the page skeleton shows.
 */
const ShellFrame = lazyRouteComponent(() => import('./shell/ShellFrame'), 'ShellFrame');

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: RedirectToErrorPage,
});

/** The empty path redirects to auth/login (SPEC.md §2). */
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/auth/login', replace: true });
  },
});

function validateSignInSearch(search: Record<string, unknown>): { returnUrl?: string } {
  return typeof search.returnUrl === 'string' ? { returnUrl: search.returnUrl } : {};
}

/** A visitor who is already signed in does not see the sign-in page again. */
async function skipSignInWhenSignedIn({
  context,
  search,
}: {
  context: RouterContext;
  search: { returnUrl?: string };
}) {
  let signedIn: MeResponse | null;
  try {
    // /auth/session, not /auth/me: a visitor who is not signed in gets null, not a 401.
    signedIn = await fetchSignedInOfficer(context.queryClient);
  } catch {
    // The server cannot be reached: the form is the answer; submitting it reports a
    // connection problem plainly.
    return;
  }
  if (signedIn) throw redirect({ href: safeReturnUrl(search.returnUrl), replace: true });
}

const signInRoutes = ['auth/login', 'account/login'].map((path) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: validateSignInSearch,
    beforeLoad: skipSignInWhenSignedIn,
    component: SignInPage,
  }),
);

const errorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'error',
  component: ErrorPage,
});
const errorTypeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'error/$type',
  component: ErrorPage,
});

/** SPEC.md §2: the top bar's Profile link is /taxpayer/profile. */
const profileShortcutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'taxpayer/profile',
  beforeLoad: () => {
    throw redirect({ to: '/birs/taxpayer/profile', replace: true });
  },
});

/**
 * The page an e-receipt's QR code opens; public, no sign-in. A splat, because a
 * receipt number holds slashes (BIRS/2026/0000001), encoded in the QR code or typed as they are.
 */
const verifyReceiptRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify/receipt/$',
  component: VerifyReceiptPage,
});

/** The page a notice of assessment's QR code opens; public. A notice number holds slashes. */
const verifyAssessmentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify/assessment/$',
  component: VerifyAssessmentPage,
});

/**
 * The page a tax clearance certificate's QR code opens; public (ADR 0013). The number holds
 * slashes; the signed facts follow in the fragment, which never reaches the server.
 */
const verifyTccRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'verify/tcc/$',
  component: VerifyTccPage,
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
 * session and the permission on every call (DESIGN.md §10).
 */
async function requireSession({ context, location, matches }: GuardArgs) {
  // The shell's and the page's chunks download while the session is asked, not after it
  // answers (DESIGN.md §9 "Web"). A chunk that fails here fails again, and is reported, when
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

const canReadTaxpayers = (context: RouterContext) =>
  context.queryClient.getQueryData(meQuery().queryKey)?.permissions.includes('taxpayer:read') ??
  false;

/**
 * The registry lists. Open to every officer with taxpayer:read, menu or not.
 *
 * Loaders start the page's query and never wait for it (DESIGN.md §9 "never a blank page"):
 * the page paints at once with a skeleton of its table, a change of filter keeps the old rows
 * meanwhile, and a failure shows in the page with a "Try again".
 */
function taxpayerListRoute(shell: AnyRoute, kind: TaxpayerKind) {
  return createRoute({
    getParentRoute: () => shell,
    path: kind === 'individual' ? 'taxpayer/individual-taxpayer' : 'taxpayer/corporate-taxpayer',
    validateSearch: (search: Record<string, unknown>) => TaxpayerListSearch.parse(search),
    loaderDeps: ({ search }) => search,
    loader: ({ context, deps }) => {
      if (canReadTaxpayers(context)) {
        void context.queryClient.prefetchQuery(taxpayerListQuery(kind, deps));
      }
    },
    pendingComponent: TaxpayerListPending,
    component: kind === 'individual' ? IndividualTaxpayersPage : CorporateTaxpayersPage,
  });
}

/** The pages both shells hold (SPEC.md §2): dashboard, profile, and every menu page. */
function shellPages(shell: AnyRoute, base: ShellBase) {
  return [
    createRoute({
      getParentRoute: () => shell,
      path: '/',
      beforeLoad: () => {
        throw redirect({ to: `${base}/dashboard`, replace: true });
      },
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'dashboard',
      pendingComponent: DashboardPending,
      component: DashboardPage,
    }),
    ...['admin/profile', 'taxpayer/profile'].map((path) =>
      createRoute({
        getParentRoute: () => shell,
        path,
        pendingComponent: ProfilePending,
        component: ProfilePage,
      }),
    ),
    taxpayerListRoute(shell, 'individual'),
    taxpayerListRoute(shell, 'corporate'),
    // Officers administration: both lists keep their filters and open panels in the URL.
    ...(
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
    ),
    // The audit trail (ADR 0007); '/taxes/audit-trail' reaches it through the redirect below.
    createRoute({
      getParentRoute: () => shell,
      path: 'taxs/audit-trail',
      validateSearch: (search: Record<string, unknown>) => AuditTrailSearch.parse(search),
      loaderDeps: ({ search }) => search,
      loader: ({ context, deps }) => {
        const me = context.queryClient.getQueryData(meQuery().queryKey);
        if (me?.permissions.includes('audit:read')) {
          void context.queryClient.prefetchQuery(auditEventsQuery(deps));
        }
      },
      pendingComponent: AuditTrailPending,
      component: AuditTrailPage,
    }),
    // MDAs: the administrators' page and the officers' read-only list, one table.
    ...(
      [
        ['mda/manage-mda', ManageMdasPage],
        ['mda/mda-list', MdaListPage],
      ] as const
    ).map(([path, component]) =>
      createRoute({
        getParentRoute: () => shell,
        path,
        validateSearch: (search: Record<string, unknown>) => MdaListSearch.parse(search),
        loaderDeps: ({ search }) => search,
        loader: ({ context, deps }) => {
          const me = context.queryClient.getQueryData(meQuery().queryKey);
          if (me?.permissions.includes('mda:read')) {
            void context.queryClient.prefetchQuery(mdaDetailsQuery(deps));
          }
        },
        pendingComponent: MdaListPending,
        component,
      }),
    ),
    // Payments: open to every officer with payment:read, menu or not; a row's details
    // drawer is in the URL too.
    createRoute({
      getParentRoute: () => shell,
      path: 'taxs/payment-history',
      validateSearch: (search: Record<string, unknown>) => PaymentHistorySearch.parse(search),
      // The open drawer is no part of the list: opening one does not refetch the page.
      loaderDeps: ({ search: { payment: _open, ...filters } }) => filters,
      loader: ({ context, deps }) => {
        const me = context.queryClient.getQueryData(meQuery().queryKey);
        if (me?.permissions.includes('payment:read')) {
          void context.queryClient.prefetchQuery(paymentListQuery(deps));
        }
      },
      pendingComponent: PaymentHistoryPending,
      component: PaymentHistoryPage,
    }),
    createRoute({
      getParentRoute: () => shell,
      path: 'transactions/auto-reg',
      validateSearch: (search: Record<string, unknown>) => AutoRegSearch.parse(search),
      component: AutoRegPage,
    }),
    // Payments needing attention (ADR 0031): ADMIN's; the page says "no access" to others.
    createRoute({
      getParentRoute: () => shell,
      path: 'transactions/needing-attention',
      validateSearch: (search: Record<string, unknown>) => AttentionSearch.parse(search),
      component: AttentionPage,
    }),
    ...assessmentPages(shell),
    ...tccPages(shell),
    // A taxpayer's page. The static paths above (profile, the lists) win over this one.
    createRoute({
      getParentRoute: () => shell,
      path: 'taxpayer/$btin',
      beforeLoad: ({ params }) => {
        if (!BTIN_PATTERN.test((params as { btin: string }).btin)) {
          throw redirect({ to: '/error', replace: true });
        }
      },
      loader: ({ context, params }) => {
        if (canReadTaxpayers(context)) {
          void context.queryClient.prefetchQuery(taxpayerQuery((params as { btin: string }).btin));
        }
      },
      pendingComponent: TaxpayerPending,
      component: TaxpayerPage,
    }),
    // The old portal spelled the area both ways; its links use "taxs".
    createRoute({
      getParentRoute: () => shell,
      path: 'taxes/$',
      beforeLoad: ({ params, location }) => {
        const rest = (params as { _splat?: string })._splat ?? '';
        throw redirect({ href: `${base}/taxs/${rest}${location.searchStr}`, replace: true });
      },
    }),
    createRoute({
      getParentRoute: () => shell,
      path: '$',
      beforeLoad: async ({ context, params }) => {
        const { classifyShellPath } = await import('./features/pages/pageAccess');
        const me = context.queryClient.getQueryData(meQuery().queryKey);
        const splat = (params as { _splat?: string })._splat ?? '';
        if (classifyShellPath(base, splat, me?.menu ?? []).kind === 'unknown') {
          throw redirect({ to: '/error', replace: true });
        }
      },
      component: MenuPage,
    }),
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
  ...signInRoutes,
  errorRoute,
  errorTypeRoute,
  profileShortcutRoute,
  verifyReceiptRoute,
  verifyAssessmentRoute,
  verifyTccRoute,
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
    // A page whose code takes longer than a blink shows its skeleton (DESIGN.md §9), and keeps
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
