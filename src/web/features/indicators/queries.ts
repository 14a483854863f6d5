import { queryOptions } from '@tanstack/react-query';
import type { IndicatorsAnswer, SetTargetBody } from '../../../shared/indicators/schemas';
import { api, apiRequest } from '../../lib/api/api';

export const indicatorKeys = {
  all: ['indicators'] as const,
  month: (month: string) => [...indicatorKeys.all, month] as const,
};

/** A month's indicators; '' asks for the current month. */
export const indicatorsQuery = (month: string) =>
  queryOptions({
    queryKey: indicatorKeys.month(month),
    queryFn: () =>
      api.get<IndicatorsAnswer>(
        `/api/v1/indicators${month ? `?month=${encodeURIComponent(month)}` : ''}`,
      ),
    staleTime: 60_000,
  });

export function indicatorsExportUrl(month: string, format: 'csv' | 'xlsx' | 'pdf'): string {
  const params = new URLSearchParams({ format });
  if (month) params.set('month', month);
  return `/api/v1/indicators?${params}`;
}

export function setIndicatorTarget(key: string, body: SetTargetBody) {
  return apiRequest(`/api/v1/indicators/${encodeURIComponent(key)}/target`, {
    method: 'PUT',
    body,
  });
}
