import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { MeResponse, SessionResponse, SystemInfo } from '../../../shared/auth';
import { api } from './api';

/** The signed-in officer, their permissions and their menu (already filtered by the server). */
export const meQuery = () =>
  queryOptions({
    queryKey: ['auth', 'me'] as const,
    queryFn: () => api.get<MeResponse>('/api/v1/auth/me'),
    // Revalidated in the background, and whenever the officer comes back to the tab: a 401
    // then means the service signed them out (docs/product.md §4), and they are told at once.
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
    retry: false,
  });

/**
 * Whether this browser is signed in: `me`, or null. Asked before anyone may have signed in
 * (the sign-in page, the shells' guard), where /auth/me's 401 would be logged as an error.
 * Always asked afresh: a cached answer may predate a logout or an expired session.
 */
export const sessionQuery = () =>
  queryOptions({
    queryKey: ['auth', 'session'] as const,
    queryFn: () => api.get<SessionResponse>('/api/v1/auth/session'),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The signed-in officer or null; when signed in, `meQuery` is answered by the same call. */
export async function fetchSignedInOfficer(queryClient: QueryClient): Promise<MeResponse | null> {
  const { me } = await queryClient.fetchQuery(sessionQuery());
  if (me) queryClient.setQueryData(meQuery().queryKey, me);
  return me;
}

/** Public facts about this RevDesk: its name, demo mode, demo sign-ins, version. */
export const systemQuery = () =>
  queryOptions({
    queryKey: ['system'] as const,
    queryFn: () => api.get<SystemInfo>('/api/v1/system'),
    staleTime: Number.POSITIVE_INFINITY,
  });
