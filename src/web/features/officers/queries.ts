import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MdaList } from '../../../shared/mdas/views';
import type { OfficerDetail, ThrottledSignInList, UserTypeGroup } from '../../../shared/officers';
import type { Page } from '../../../shared/pagination';
import { api } from '../../lib/api/api';
import { type OfficerListSearch, officerListParams } from './listSearch';

export const officerKeys = {
  all: ['officers'] as const,
  lists: () => [...officerKeys.all, 'list'] as const,
  one: (id: string) => [...officerKeys.all, 'one', id] as const,
};

export const officerListQuery = (group: UserTypeGroup, search: OfficerListSearch) => {
  const params = officerListParams(group, search);
  return queryOptions({
    queryKey: [...officerKeys.lists(), params.toString()] as const,
    queryFn: () => api.get<Page<OfficerDetail>>(`/api/v1/officers?${params}`),
    // The rows stay while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
};

/** The sign-in throttles still running (ADR 0023); a list, so a change to an officer refetches it. */
export const throttledSignInsQuery = () =>
  queryOptions({
    queryKey: [...officerKeys.lists(), 'sign-in-throttles'] as const,
    queryFn: () => api.get<ThrottledSignInList>('/api/v1/officers/sign-in-throttles'),
    staleTime: 15_000,
  });

/** The URL that downloads the list with its current filter (the session cookie goes along). */
export function officerExportUrl(
  group: UserTypeGroup,
  search: OfficerListSearch,
  format: 'csv' | 'xlsx',
): string {
  return `/api/v1/officers?${officerListParams(group, search, format)}`;
}

export const officerQuery = (id: string) =>
  queryOptions({
    queryKey: officerKeys.one(id),
    queryFn: () => api.get<OfficerDetail>(`/api/v1/officers/${encodeURIComponent(id)}`),
  });

/** The MDAs an officer may be given (GET /api/v1/mdas, every officer's short list). */
export const mdaOptionsQuery = () =>
  queryOptions({
    queryKey: ['mdas', 'options'] as const,
    queryFn: () => api.get<MdaList>('/api/v1/mdas?includeInactive=true'),
    select: (list) => list.items,
    staleTime: 5 * 60_000,
  });
