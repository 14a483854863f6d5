import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DashboardPeriod,
  ExecutiveDashboard,
  MdaDashboard,
  MdaRanking,
} from '../../../../shared/dashboards/executive';
import { api } from '../../../lib/api/api';

/** The executive dashboards' reads (src/server/modules/dashboards/executive): one request a page. */

export const executiveKeys = {
  all: ['dashboards', 'executive'] as const,
  state: () => [...executiveKeys.all, 'state'] as const,
  ranking: (period: DashboardPeriod) => [...executiveKeys.all, 'mdas', period] as const,
  mda: (mdaId: string) => [...executiveKeys.all, 'mda', mdaId] as const,
};

/** Payments arrive all day: a dashboard left open refreshes itself every five minutes. */
const REFRESH_MS = 5 * 60_000;

export const executiveDashboardQuery = () =>
  queryOptions({
    queryKey: executiveKeys.state(),
    queryFn: () => api.get<ExecutiveDashboard>('/api/v1/dashboards/executive'),
    refetchInterval: REFRESH_MS,
  });

export const mdaRankingUrl = (period: DashboardPeriod, format?: 'csv' | 'xlsx') =>
  `/api/v1/dashboards/mdas?period=${period}${format ? `&format=${format}` : ''}`;

export const mdaRankingQuery = (period: DashboardPeriod) =>
  queryOptions({
    queryKey: executiveKeys.ranking(period),
    queryFn: () => api.get<MdaRanking>(mdaRankingUrl(period)),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export const mdaDashboardQuery = (mdaId: string) =>
  queryOptions({
    queryKey: executiveKeys.mda(mdaId),
    queryFn: () => api.get<MdaDashboard>(`/api/v1/dashboards/mda/${encodeURIComponent(mdaId)}`),
    refetchInterval: REFRESH_MS,
  });
