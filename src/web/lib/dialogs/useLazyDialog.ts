import { type ComponentType, useEffect, useState } from 'react';

/**
 * A dialog whose code (a form and the zod schemas it validates with) is fetched the first time
 * it is wanted, not with the page (docs/architecture.md §9 "Web": zod stays off a signed-in page's first
 * load). Until it has arrived `Dialog` is null; once it has, it is drawn closed for one render
 * and then `opened`, so Mantine runs its opening transition and moves focus in as it would
 * for a dialog that was there all along. It stays mounted after, for its closing transition.
 * A failed fetch is thrown at the next render, to the route's error page, as a page's own
 * code that fails to load is.
 */
export function useLazyDialog<Props>(
  load: () => Promise<ComponentType<Props>>,
  wanted: boolean,
): { Dialog: ComponentType<Props> | null; opened: boolean } {
  const [Dialog, setDialog] = useState<ComponentType<Props> | null>(null);
  const [drawn, setDrawn] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const shouldLoad = wanted && Dialog === null;
  useEffect(() => {
    if (!shouldLoad) return;
    let current = true;
    load().then(
      (component) => {
        if (current) setDialog(() => component);
      },
      (error: unknown) => {
        if (current) setFailure(error ?? new Error('The dialog could not be loaded'));
      },
    );
    return () => {
      current = false;
    };
  }, [shouldLoad, load]);
  useEffect(() => {
    if (Dialog !== null) setDrawn(true);
  }, [Dialog]);
  if (failure !== null) throw failure;
  return { Dialog, opened: wanted && drawn };
}
