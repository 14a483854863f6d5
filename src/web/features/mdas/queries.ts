import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MdaPage } from '../../../shared/mdas';
import { api } from '../../lib/api/api';
import { detailsParams, type MdaListSearch } from './listSearch';

export const mdaKeys = {
  all: ['mdas'] as const,
  details: () => [...mdaKeys.all, 'details'] as const,
};

/** One page of the MDAs with their revenue heads. */
export const mdaDetailsQuery = (search: MdaListSearch) => {
  const params = detailsParams(search);
  return queryOptions({
    queryKey: [...mdaKeys.details(), params.toString()] as const,
    queryFn: () => api.get<MdaPage>(`/api/v1/mdas/details?${params}`),
    // The rows stay while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
};

/** The URL that downloads the list with its current filter (the session cookie goes along). */
export function mdaExportUrl(search: MdaListSearch, format: 'csv' | 'xlsx'): string {
  return `/api/v1/mdas/details?${detailsParams(search, format)}`;
}
