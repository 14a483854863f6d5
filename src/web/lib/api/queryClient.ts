import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError, isUnauthenticated } from './api';
import { meQuery } from './queries';

/** A failure worth one more try: the network, or the server's own 5xx. Never a 4xx answer. */
function isTransient(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/**
 * The app's query client. `onSessionEnded` runs when a call answers 401 while the officer
 * believed they were signed in (their `me` is in the cache): docs/product.md §4 "Logout from the service".
 */
export function createQueryClient(onSessionEnded: () => void): QueryClient {
  const handleError = (error: unknown) => {
    if (isUnauthenticated(error) && queryClient.getQueryData(meQuery().queryKey) !== undefined) {
      onSessionEnded();
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => isTransient(error) && failureCount < 2,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
