import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { createQueryClient } from './lib/api/queryClient';
import { createAppRouter } from './router';

const SIGN_IN_PATHS = new Set(['/auth/login', '/account/login']);

/**
 * The app: its query cache and router, at the address the browser is on. main.tsx draws it on
 * every page but the sign-in page; the sign-in page on its own loads and draws it once the
 * officer has signed in (signInEntry.tsx).
 */
export function createApp(): ReactNode {
  /**
   * docs/product.md §4 "Logout from the service": the server answered 401 to someone who was signed in.
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

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
