import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MdaList } from '../../../../shared/mdas/views';
import type {
  CollectionsByMdaReport,
  MdaRevenueReport,
  MdaSummaryReport,
} from '../../../../shared/reports/collections';
import type { PosTakingsReport } from '../../../../shared/reports/pos';
import { api } from '../../../lib/api/api';
import { type ReportSearch, reportParams } from './search';

/** One query per report API; the export is the same URL with `format`. */
function reportQuery<T>(path: string, search: ReportSearch) {
  const params = reportParams(search);
  return queryOptions({
    queryKey: ['reports', path, params.toString()] as const,
    queryFn: () => api.get<T>(`/api/v1/reports/${path}?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export const collectionsByMdaQuery = (search: ReportSearch) =>
  reportQuery<CollectionsByMdaReport>('collections-by-mda', { ...search, mdaId: undefined });
export const mdaRevenueQuery = (search: ReportSearch) =>
  reportQuery<MdaRevenueReport>('mda-revenue', search);
export const mdaSummaryQuery = (search: ReportSearch) =>
  reportQuery<MdaSummaryReport>('mda-summary', search);
export const posTakingsQuery = (search: ReportSearch) =>
  reportQuery<PosTakingsReport>('pos-takings', search);

export function reportExportUrl(path: string, search: ReportSearch, format: 'csv' | 'xlsx') {
  return `/api/v1/reports/${path}?${reportParams(search, format)}`;
}

/** The MDAs the officer may see (MDA staff: theirs), for a report's MDA select. */
export const reportMdasQuery = () =>
  queryOptions({
    queryKey: ['mdas', 'active'] as const,
    queryFn: () => api.get<MdaList>('/api/v1/mdas'),
    select: (list) => list.items,
    staleTime: 5 * 60_000,
  });
