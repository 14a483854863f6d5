import './lib/zodJitless';
import './styles/core.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './lib/queryClient';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const SIGN_IN_PATHS = new Set(['/auth/login', '/account/login']);

/**
 * SPEC.md §4 "Logout from the service": the server answered 401 to someone who was signed in.
 * Forget their data, then go to the sign-in page, which brings them back here afterwards.
 */
function onSessionEnded() {
  const { pathname, href } = router.state.location;
  if (SIGN_IN_PATHS.has(pathname)) return;
  queryClient.clear();
  void router.navigate({ to: '/account/login', search: { returnUrl: href }, replace: true });
}

const queryClient = createQueryClient(onSessionEnded);
const router = createAppRouter(queryClient);

/**
 * The nonce the server put in this page for the <style> tags Mantine injects (ADR 0014): the
 * CSP takes no inline <style> without it. Absent under the Vite dev server, which sends no CSP.
 */
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
const getStyleNonce = () => styleNonce;
// Mantine's modals and drawers lock scrolling with react-remove-scroll, whose <style> tag takes
// its nonce from get-nonce, which reads this global (its documented alternative to setNonce).
if (styleNonce) Object.assign(window, { __webpack_nonce__: styleNonce });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      getStyleNonce={getStyleNonce}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
