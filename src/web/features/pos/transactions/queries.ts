import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PosDashboard, PosDashboardPeriod } from '../../../../shared/pos/dashboard';
import type { PosTransactionPage } from '../../../../shared/pos/transactionList';
import { api } from '../../../lib/api/api';

/** POS reads (src/server/modules/pos/{transactions,dashboard}): one queryOptions per resource. */

export const posKeys = {
  all: ['pos'] as const,
  transactions: () => [...posKeys.all, 'transactions'] as const,
  dashboard: (period: PosDashboardPeriod) => [...posKeys.all, 'dashboard', period] as const,
  settlement: (id: string) => [...posKeys.all, 'settlement', id] as const,
  settlementRows: (id: string) => [...posKeys.all, 'settlement', id, 'rows'] as const,
};

export const posTransactionListQuery = (params: URLSearchParams) =>
  queryOptions({
    queryKey: [...posKeys.transactions(), params.toString()] as const,
    queryFn: () => api.get<PosTransactionPage>(`/api/v1/pos/transactions?${params}`),
    placeholderData: keepPreviousData,
  });

export const posDashboardQuery = (period: PosDashboardPeriod) =>
  queryOptions({
    queryKey: posKeys.dashboard(period),
    queryFn: () => api.get<PosDashboard>(`/api/v1/pos/dashboard?period=${period}`),
    placeholderData: keepPreviousData,
    // Pushes arrive all day: the dashboard refreshes itself while it is open.
    refetchInterval: 60_000,
  });
