import { queryOptions } from '@tanstack/react-query';
import type { PosPullView } from '../../../../shared/pos/pull';
import { api, isApiError } from '../../../lib/api/api';

/** A pull of the provider's day (POST /pos/pulls and its job; docs/pos.md "The pull"). */

export function startPull(day: string): Promise<{ jobId: string }> {
  return api.post<{ jobId: string }>('/api/v1/pos/pulls', { day });
}

export const isPullDone = (pull: PosPullView | undefined) =>
  pull?.status === 'succeeded' || pull?.status === 'failed';

export const pullQuery = (jobId: string) =>
  queryOptions({
    queryKey: ['pos', 'pulls', jobId] as const,
    queryFn: () => api.get<PosPullView>(`/api/v1/pos/pulls/${encodeURIComponent(jobId)}`),
    refetchInterval: (query) => {
      if (isPullDone(query.state.data)) return false;
      const { error } = query.state;
      if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
      return 700;
    },
    retry: 1,
    staleTime: 0,
  });

/** The outcomes in the order an officer reads them, in words. */
export const PULL_OUTCOMES: readonly { key: string; label: string }[] = [
  { key: 'recorded', label: 'Recorded as revenue' },
  { key: 'duplicate', label: 'Already in RevDesk' },
  { key: 'held', label: 'Held for review' },
  { key: 'declined', label: 'Declined by the provider' },
  { key: 'reversed', label: 'Reversed' },
  { key: 'refused', label: 'Refused' },
];
