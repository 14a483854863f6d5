import { queryOptions } from '@tanstack/react-query';
import type { MeResponse, SystemInfo } from '../../shared/auth';
import { api } from './api';

/** The signed-in officer, their permissions and their menu (already filtered by the server). */
export const meQuery = () =>
  queryOptions({
    queryKey: ['auth', 'me'] as const,
    queryFn: () => api.get<MeResponse>('/api/v1/auth/me'),
    // Revalidated in the background, and whenever the officer comes back to the tab: a 401
    // then means the service signed them out (SPEC.md §4), and they are told at once.
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
    retry: false,
  });

/** Public facts about this RevDesk: its name, demo mode, demo sign-ins, version. */
export const systemQuery = () =>
  queryOptions({
    queryKey: ['system'] as const,
    queryFn: () => api.get<SystemInfo>('/api/v1/system'),
    staleTime: Number.POSITIVE_INFINITY,
  });
