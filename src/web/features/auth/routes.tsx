import { type AnyRoute, createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import type { MeResponse } from '../../../shared/auth';
import { fetchSignedInOfficer } from '../../lib/api/queries';
import { safeReturnUrl } from '../../lib/routing/returnUrl';
import type { RouterContext } from '../../lib/routing/routing';

/** The sign-in page (docs/product.md §2: /auth/login, and the old portal's /account/login). */

const SignInPage = lazyRouteComponent(() => import('./SignInRoute'), 'SignInRoute');

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

/** The routes under the root; router.tsx adds them. */
export function signInPages(root: AnyRoute) {
  return ['auth/login', 'account/login'].map((path) =>
    createRoute({
      getParentRoute: () => root,
      path,
      validateSearch: validateSignInSearch,
      beforeLoad: skipSignInWhenSignedIn,
      component: SignInPage,
    }),
  );
}
