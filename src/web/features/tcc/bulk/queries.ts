import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  TccBatchAccepted,
  TccBatchOutcome,
  TccBatchRowsPage,
  TccBatchView,
} from '../../../../shared/tcc/bulk';
import { api, isApiError } from '../../../lib/api/api';

/** The bulk upload of an MDA's employees (POST /tcc-batches and its job). */

export const tccBatchKeys = {
  all: ['tcc', 'batches'] as const,
  batch: (id: string) => [...tccBatchKeys.all, id] as const,
  rows: (id: string, outcome: TccBatchOutcome, page: number, pageSize: number) =>
    [...tccBatchKeys.batch(id), 'rows', outcome, page, pageSize] as const,
};

/** Sends the file; the server answers 202 at once and generates the rows in a background job. */
export function uploadTccBatch(file: File, mdaId: string): Promise<TccBatchAccepted> {
  const form = new FormData();
  // The field goes first: a streaming multipart reader sees it before the file.
  form.append('mdaId', mdaId);
  form.append('file', file, file.name);
  return api.post<TccBatchAccepted>('/api/v1/tcc-batches', form);
}

/** How often the panel asks how far the job is: often enough to move smoothly, cheap for the server. */
export const TCC_BATCH_POLL_MS = 700;

export function isBatchDone(batch: TccBatchView | undefined): boolean {
  return batch?.status === 'succeeded' || batch?.status === 'failed';
}

export const tccBatchQuery = (jobId: string) =>
  queryOptions({
    queryKey: tccBatchKeys.batch(jobId),
    queryFn: () => api.get<TccBatchView>(`/api/v1/tcc-batches/${encodeURIComponent(jobId)}`),
    refetchInterval: (query) => {
      if (isBatchDone(query.state.data)) return false;
      // The server refused to say (the batch is not theirs, the session ended): asking again changes nothing.
      const { error } = query.state;
      if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
      return TCC_BATCH_POLL_MS;
    },
    retry: 1,
    staleTime: 0,
    gcTime: 0,
  });

export const tccBatchRowsQuery = (
  jobId: string,
  outcome: TccBatchOutcome,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: tccBatchKeys.rows(jobId, outcome, page, pageSize),
    queryFn: () => {
      const params = new URLSearchParams({
        outcome,
        page: String(page),
        pageSize: String(pageSize),
      });
      return api.get<TccBatchRowsPage>(
        `/api/v1/tcc-batches/${encodeURIComponent(jobId)}/rows?${params}`,
      );
    },
    placeholderData: keepPreviousData,
  });

/** The outcomes file and the template; the session cookie goes along with the download. */
export function tccBatchResultUrl(jobId: string): string {
  return `/api/v1/tcc-batches/${encodeURIComponent(jobId)}/result.csv`;
}

export const TCC_BATCH_TEMPLATE_URL = '/api/v1/tcc-batches/template.csv';
