import { queryOptions } from '@tanstack/react-query';
import type { OwnSession, ProfileView } from '../../../shared/officers';
import { api } from '../../lib/api/api';

export const profileKeys = {
  profile: ['profile'] as const,
  sessions: ['profile', 'sessions'] as const,
};

export const profileQuery = () =>
  queryOptions({
    queryKey: profileKeys.profile,
    queryFn: () => api.get<ProfileView>('/api/v1/profile'),
  });

export const ownSessionsQuery = () =>
  queryOptions({
    queryKey: profileKeys.sessions,
    queryFn: () => api.get<{ items: OwnSession[] }>('/api/v1/profile/sessions'),
    select: (list) => list.items,
  });

/** The picture as an <img src>; the version makes a fresh upload show at once. */
export function profilePhotoUrl(version: string): string {
  return `/api/v1/profile/photo?v=${encodeURIComponent(version)}`;
}
