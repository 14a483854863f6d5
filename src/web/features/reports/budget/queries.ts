import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { MdaList } from '../../../../shared/mdas/views';
import type { BudgetGrouping, BudgetPerformanceReport } from '../../../../shared/reports/budget';
import { api } from '../../../lib/api/api';

/** What a budget report page asks: the period, the grouping, and one MDA on the MDA's report. */
export type BudgetReportParams = {
  from: string;
  to: string;
  groupBy: BudgetGrouping;
  mdaId?: string | undefined;
};

/** The query string of GET /api/v1/reports/budget-performance (the page, or a file). */
export function budgetReportParams(
  params: BudgetReportParams,
  format?: 'xlsx' | 'pdf',
): URLSearchParams {
  const query = new URLSearchParams({ from: params.from, to: params.to, groupBy: params.groupBy });
  if (params.mdaId) query.set('mdaId', params.mdaId);
  if (format) query.set('format', format);
  return query;
}

export const budgetReportQuery = (params: BudgetReportParams) =>
  queryOptions({
    queryKey: ['reports', 'budget-performance', budgetReportParams(params).toString()] as const,
    queryFn: () =>
      api.get<BudgetPerformanceReport>(
        `/api/v1/reports/budget-performance?${budgetReportParams(params)}`,
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** An export's address: a link, so the browser downloads it with the session cookie. */
export function budgetReportFileUrl(params: BudgetReportParams, format: 'xlsx' | 'pdf'): string {
  return `/api/v1/reports/budget-performance?${budgetReportParams(params, format)}`;
}

/**
 * The active MDAs the officer may see, for the MDA report's choice: MDA staff their own (the
 * server scopes the list).
 */
export const budgetMdasQuery = () =>
  queryOptions({
    queryKey: ['mdas', 'active'] as const,
    queryFn: () => api.get<MdaList>('/api/v1/mdas'),
    select: (list) => list.items,
    staleTime: 5 * 60_000,
  });
