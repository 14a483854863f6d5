import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  BudgetCatalogue,
  BudgetImportView,
  BudgetView,
  NewBudgetVersionBody,
} from '../../../shared/budgets/views';
import { api, isApiError } from '../../lib/api/api';

/** The revenue budget (src/server/modules/budgets): one queryOptions per resource. */

const base = (year: number) => `/api/v1/budgets/${year}`;

export const budgetKeys = {
  all: ['budgets'] as const,
  year: (year: number, version: number | undefined) =>
    [...budgetKeys.all, year, version ?? 'latest'] as const,
  catalogue: () => [...budgetKeys.all, 'revenue-heads'] as const,
  import: (year: number, jobId: string) => [...budgetKeys.all, year, 'import', jobId] as const,
};

export const budgetQuery = (year: number, version: number | undefined) =>
  queryOptions({
    queryKey: budgetKeys.year(year, version),
    queryFn: () =>
      api.get<BudgetView>(`${base(year)}${version === undefined ? '' : `?version=${version}`}`),
    placeholderData: keepPreviousData,
    // A year without a budget is an answer (the empty state), not a failure to retry.
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
  });

export const budgetCatalogueQuery = () =>
  queryOptions({
    queryKey: budgetKeys.catalogue(),
    queryFn: () => api.get<BudgetCatalogue>('/api/v1/budgets/revenue-heads'),
    staleTime: 5 * 60_000,
  });

export const isImportDone = (job: BudgetImportView | undefined) =>
  job?.status === 'succeeded' || job?.status === 'failed';

export const budgetImportQuery = (year: number, jobId: string) =>
  queryOptions({
    queryKey: budgetKeys.import(year, jobId),
    queryFn: () => api.get<BudgetImportView>(`${base(year)}/imports/${encodeURIComponent(jobId)}`),
    refetchInterval: (query) => {
      if (isImportDone(query.state.data)) return false;
      const { error } = query.state;
      if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
      return 700;
    },
  });

/** Sends the budget file with its note (the note first, then the file). */
export function importBudgetFile(input: { year: number; file: File; note: string }) {
  const form = new FormData();
  if (input.note.trim()) form.append('note', input.note.trim());
  form.append('file', input.file, input.file.name);
  return api.post<{ jobId: string }>(`${base(input.year)}/import`, form);
}

export function saveBudgetVersion(year: number, body: NewBudgetVersionBody) {
  return api.post<BudgetView>(`${base(year)}/versions`, body);
}

export const budgetTemplateUrl = (year: number, format: 'csv' | 'xlsx') =>
  `${base(year)}/template?format=${format}`;

export const budgetExportUrl = (year: number, version: number, format: 'csv' | 'xlsx') =>
  `${base(year)}?version=${version}&format=${format}`;
