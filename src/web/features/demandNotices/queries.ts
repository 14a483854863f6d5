import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DemandNoticeCreated,
  DemandNoticeInput,
  DemandNoticeView,
  MdaTransactionReport,
} from '../../../shared/demandNotices';
import type { MdaList } from '../../../shared/mdas/views';
import { api } from '../../lib/api/api';
import type { ExportFormat } from '../../lib/lists/searchParams';
import { type MdaTransactionSearch, mdaTransactionParams } from './search';

export const demandNoticeKeys = {
  all: ['demand-notices'] as const,
  report: () => [...demandNoticeKeys.all, 'report'] as const,
  one: (id: string) => [...demandNoticeKeys.all, 'one', id] as const,
};

/** One page of the MDA transaction report, with the totals and counts of the filtered set. */
export const mdaTransactionQuery = (search: MdaTransactionSearch) => {
  const params = mdaTransactionParams(search);
  return queryOptions({
    queryKey: [...demandNoticeKeys.report(), params.toString()] as const,
    queryFn: () => api.get<MdaTransactionReport>(`/api/v1/reports/mda-transactions?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

export function mdaTransactionExportUrl(search: MdaTransactionSearch, format: ExportFormat) {
  return `/api/v1/reports/mda-transactions?${mdaTransactionParams(search, format)}`;
}

export const demandNoticeQuery = (id: string) =>
  queryOptions({
    queryKey: demandNoticeKeys.one(id),
    queryFn: () => api.get<DemandNoticeView>(`/api/v1/demand-notices/${encodeURIComponent(id)}`),
  });

/** The notice's PDF: a link, so the browser downloads it with the session cookie. */
export function demandNoticePdfUrl(id: string): string {
  return `/api/v1/demand-notices/${encodeURIComponent(id)}/notice.pdf`;
}

export function issueDemandNotice(input: DemandNoticeInput): Promise<DemandNoticeCreated> {
  return api.post<DemandNoticeCreated>('/api/v1/demand-notices', input);
}

export function cancelDemandNotice(id: string, reason: string): Promise<DemandNoticeView> {
  return api.post<DemandNoticeView>(`/api/v1/demand-notices/${encodeURIComponent(id)}/cancel`, {
    reason,
  });
}

/** A new bill (RRR) for a notice whose bill Remita refused; the notice as it now stands. */
export function raiseDemandNoticeBillAgain(id: string): Promise<DemandNoticeView> {
  return api.post<DemandNoticeView>(`/api/v1/demand-notices/${encodeURIComponent(id)}/bill`, {});
}

/**
 * The active MDAs the officer may see: for MDA staff their own (the server scopes the list).
 * Not mdaOptionsQuery: that one asks for inactive MDAs too, which only mda:read may.
 */
export const activeMdasQuery = () =>
  queryOptions({
    queryKey: ['mdas', 'active'] as const,
    queryFn: () => api.get<MdaList>('/api/v1/mdas'),
    select: (list) => list.items,
    staleTime: 5 * 60_000,
  });
