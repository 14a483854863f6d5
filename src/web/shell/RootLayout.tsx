import { Navigate, Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SkipLink } from '../renderRoot';
import { RouteProgress } from './RouteProgress';

/** docs/product.md §2: the scroll position resets to the top when the path changes. */
function useScrollToTopOnNavigation() {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.pathChanged) window.scrollTo({ top: 0, left: 0 });
      }),
    [router],
  );
}

export function RootLayout() {
  useScrollToTopOnNavigation();
  return (
    <>
      <SkipLink />
      <RouteProgress />
      <Outlet />
    </>
  );
}

/** docs/product.md §2: any unknown path redirects to the error page. */
export function RedirectToErrorPage() {
  return <Navigate to="/error" replace />;
}
