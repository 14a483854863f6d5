import { useCallback, useEffect, useState } from 'react';
import { type ApiError, api, isApiError } from '../../lib/api/api';

export type PublicAnswer<T> =
  | { state: 'pending' }
  | { state: 'done'; data: T }
  | { state: 'failed'; error: ApiError };

/**
 * One GET of a public check, with no query cache: the verify pages are a page of their own
 * (verifyEntry.tsx) that loads neither the router nor the query cache (docs/architecture.md §9,
 * ≤ 150 KB). `url` null: nothing to ask yet. `retry` asks again.
 */
export function usePublicAnswer<T>(url: string | null): {
  answer: PublicAnswer<T> | null;
  retry: () => void;
} {
  const [answer, setAnswer] = useState<PublicAnswer<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again on purpose.
  useEffect(() => {
    if (!url) {
      setAnswer(null);
      return;
    }
    let current = true;
    setAnswer({ state: 'pending' });
    api.get<T>(url).then(
      (data) => current && setAnswer({ state: 'done', data }),
      (error: unknown) =>
        current &&
        setAnswer({
          state: 'failed',
          error: isApiError(error)
            ? error
            : (Object.assign(new Error(String(error)), {
                status: 0,
                code: 'UNEXPECTED_RESPONSE',
              }) as ApiError),
        }),
    );
    return () => {
      current = false;
    };
  }, [url, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { answer, retry };
}

/** Whether a failure means the service could not be reached (offline), not that it said no. */
export const isOffline = (error: ApiError) => error.code === 'NETWORK_FAILURE';
