import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  PosSettlementConfirmAll,
  PosSettlementOutcome,
  PosSettlementRowsPage,
  PosSettlementRowView,
  PosSettlementView,
} from '../../../../shared/pos/settlement';
import { api, isApiError } from '../../../lib/api/api';

/** The settlement file (POST /pos/settlements and its job). */

const base = (jobId: string) => `/api/v1/pos/settlements/${encodeURIComponent(jobId)}`;

export const settlementKeys = {
  all: ['pos', 'settlements'] as const,
  job: (id: string) => [...settlementKeys.all, id] as const,
  rows: (id: string, outcome: string, page: number) =>
    [...settlementKeys.job(id), 'rows', outcome, page] as const,
};

export function uploadSettlementFile(file: File): Promise<{ jobId: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<{ jobId: string }>('/api/v1/pos/settlements', form);
}

export const isSettlementDone = (job: PosSettlementView | undefined) =>
  job?.status === 'succeeded' || job?.status === 'failed';

export const settlementQuery = (jobId: string) =>
  queryOptions({
    queryKey: settlementKeys.job(jobId),
    queryFn: () => api.get<PosSettlementView>(base(jobId)),
    refetchInterval: (query) => {
      if (isSettlementDone(query.state.data)) return false;
      const { error } = query.state;
      if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
      return 700;
    },
    retry: 1,
    staleTime: 0,
  });

export const SETTLEMENT_ROWS_PAGE = 50;

export const settlementRowsQuery = (
  jobId: string,
  outcome: PosSettlementOutcome | 'all',
  page: number,
) =>
  queryOptions({
    queryKey: settlementKeys.rows(jobId, outcome, page),
    queryFn: () => {
      const params = new URLSearchParams({
        page: String(page),
        pageSize: String(SETTLEMENT_ROWS_PAGE),
      });
      if (outcome !== 'all') params.set('outcome', outcome);
      return api.get<PosSettlementRowsPage>(`${base(jobId)}/rows?${params}`);
    },
    placeholderData: keepPreviousData,
  });

export function confirmSettlementRow(jobId: string, line: number) {
  return api.post<PosSettlementRowView>(`${base(jobId)}/rows/${line}/confirm`, {});
}

export function confirmAllSettlementRows(jobId: string) {
  return api.post<PosSettlementConfirmAll>(`${base(jobId)}/confirm`, {});
}

export const settlementResultUrl = (jobId: string) => `${base(jobId)}/result.csv`;
