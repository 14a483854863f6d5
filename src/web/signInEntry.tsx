import './lib/zodJitless';
import type { SessionResponse } from '../shared/auth';
import { SignInPage } from './features/auth/SignInPage';
import { api } from './lib/api/api';
import { safeReturnUrl } from './lib/routing/returnUrl';
import { renderRoot, SkipLink } from './renderRoot';

/**
 * The sign-in page as a page of its own (sign-in.html, which the server sends for /auth/login
 * and /account/login): React and Mantine only, without the router, the query cache and the
 * route tree, so the page most officers load first stays within docs/architecture.md §9's 120 KB. Once
 * signed in, the app's code loads and takes the page's place at the address to return to, as
 * an in-app navigation would (no second page load).
 */
const returnUrl = new URLSearchParams(window.location.search).get('returnUrl') ?? undefined;

let entering = false;
async function enter(href: string): Promise<void> {
  if (entering) return;
  entering = true;
  let app: typeof import('./app');
  try {
    app = await import('./app');
  } catch {
    // The app's code could not be fetched (a new build, a dropped connection): load the page.
    window.location.replace(href);
    return;
  }
  window.history.replaceState(null, '', href);
  render(app.createApp());
}

// A visitor who is already signed in does not see the sign-in page again. `/auth/session`, not
// `/auth/me`: a visitor who is not signed in gets null, not a 401. When the server cannot be
// reached the form is the answer; submitting it reports the connection problem plainly.
api.get<SessionResponse>('/api/v1/auth/session').then(
  ({ me }) => {
    if (me) void enter(safeReturnUrl(returnUrl));
  },
  () => undefined,
);

const render = renderRoot(
  <>
    <SkipLink />
    <SignInPage returnUrl={returnUrl} onSignedIn={enter} />
  </>,
);
