import { useRouterState } from '@tanstack/react-router';
import classes from './RouteProgress.module.css';

/** docs/product.md §2 "A loading spinner shows during navigation": a thin bar while a route loads. */
export function RouteProgress() {
  const isLoading = useRouterState({ select: (state) => state.status === 'pending' });
  if (!isLoading) return null;
  return (
    <div role="progressbar" aria-label="Loading page" className={classes.track}>
      <div className={classes.bar} />
    </div>
  );
}
