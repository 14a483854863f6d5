import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Page } from '../../../shared/pagination';
import type { ReferenceList } from '../../../shared/reference';
import type {
  TaxpayerHistoryEntry,
  TaxpayerKind,
  TaxpayerListResult,
  TaxpayerView,
} from '../../../shared/taxpayers';
import { api } from '../../lib/api/api';
import { listParams, type TaxpayerListSearch } from './listSearch';

/** Reference lists change with a migration, not during a working day. */
const REFERENCE_STALE_MS = 60 * 60_000;

export const taxpayerKeys = {
  all: ['taxpayers'] as const,
  lists: () => [...taxpayerKeys.all, 'list'] as const,
  one: (btin: string) => [...taxpayerKeys.all, 'one', btin] as const,
  history: (btin: string) => [...taxpayerKeys.all, 'history', btin] as const,
};

/** One page of the registry, for the individual or corporate list. */
export const taxpayerListQuery = (kind: TaxpayerKind, search: TaxpayerListSearch) => {
  const params = listParams(kind, search);
  return queryOptions({
    queryKey: [...taxpayerKeys.lists(), params.toString()] as const,
    queryFn: () => api.get<TaxpayerListResult>(`/api/v1/taxpayers?${params}`),
    // The rows stay while the next page or filter loads, instead of flashing empty.
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
};

/** The URL that downloads the list with its current filter (the session cookie goes along). */
export function taxpayerExportUrl(
  kind: TaxpayerKind,
  search: TaxpayerListSearch,
  format: 'csv' | 'xlsx',
): string {
  return `/api/v1/taxpayers?${listParams(kind, search, format)}`;
}

export const taxpayerQuery = (btin: string) =>
  queryOptions({
    queryKey: taxpayerKeys.one(btin),
    queryFn: () => api.get<TaxpayerView>(`/api/v1/taxpayers/${encodeURIComponent(btin)}`),
  });

export const taxpayerHistoryQuery = (btin: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...taxpayerKeys.history(btin), page, pageSize] as const,
    queryFn: () =>
      api.get<Page<TaxpayerHistoryEntry>>(
        `/api/v1/taxpayers/${encodeURIComponent(btin)}/history?page=${page}&pageSize=${pageSize}`,
      ),
    placeholderData: keepPreviousData,
  });

/** The photo as an <img src>; `version` makes a fresh upload show at once. */
export function taxpayerPhotoUrl(btin: string, version: number): string {
  return `/api/v1/taxpayers/${encodeURIComponent(btin)}/photo?v=${version}`;
}

const referenceQuery = (key: readonly (string | number)[], path: string, enabled = true) =>
  queryOptions({
    queryKey: ['reference', ...key] as const,
    queryFn: () => api.get<ReferenceList>(`/api/v1/reference/${path}`),
    select: (list) => list.items,
    staleTime: REFERENCE_STALE_MS,
    enabled,
  });

export const statesQuery = () => referenceQuery(['states'], 'states');

export const lgasQuery = (stateId: number | null) =>
  referenceQuery(['lgas', stateId ?? 0], `states/${stateId}/lgas`, stateId !== null);

export const townsQuery = (lgaId: number | null) =>
  referenceQuery(['towns', lgaId ?? 0], `lgas/${lgaId}/towns`, lgaId !== null);

export const occupationsQuery = () => referenceQuery(['occupations'], 'occupations');

export const professionCategoriesQuery = () =>
  referenceQuery(['profession-categories'], 'profession-categories');

export const professionSubcategoriesQuery = (categoryCode: string | null) =>
  referenceQuery(
    ['profession-subcategories', categoryCode ?? ''],
    `profession-categories/${encodeURIComponent(categoryCode ?? '')}/subcategories`,
    categoryCode !== null,
  );

export const professionsQuery = (subcategoryCode: string | null) =>
  referenceQuery(
    ['professions', subcategoryCode ?? ''],
    `profession-subcategories/${encodeURIComponent(subcategoryCode ?? '')}/professions`,
    subcategoryCode !== null,
  );
