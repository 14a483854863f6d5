import { queryOptions } from '@tanstack/react-query';
import type {
  EvasStatusView,
  JobView,
  RecheckResult,
  RrrStatusView,
} from '../../../shared/payments/views';
import { api, isApiError } from '../../lib/api/api';

/** One RRR's status with Remita, asked with the chosen MDA's credentials (kept on the server). */
export function checkRrrStatus(rrr: string, mdaId: string): Promise<RrrStatusView> {
  const query = new URLSearchParams({ mdaId });
  return api.get<RrrStatusView>(`/api/v1/remita/rrr/${encodeURIComponent(rrr)}/status?${query}`);
}

/** "Re-check and record": Remita's status, and a paid RRR recorded as a notification would. */
export function recheckRrr(rrr: string, mdaId: string): Promise<RecheckResult> {
  return api.post<RecheckResult>(`/api/v1/remita/rrr/${encodeURIComponent(rrr)}/recheck`, {
    mdaId,
  });
}

/** Demo only: the Remita simulator marks the RRR paid (it is not under /api: not RevDesk's API). */
export function simulatePayment(rrr: string): Promise<unknown> {
  return api.post<unknown>(`/_sim/remita/pay/${encodeURIComponent(rrr)}`, {});
}

export function checkEvasStatus(rrr: string): Promise<EvasStatusView> {
  return api.get<EvasStatusView>(`/api/v1/evas/rrr/${encodeURIComponent(rrr)}/status`);
}

/** Sends the CSV; the server answers 202 at once and checks the rows in a background job. */
export function uploadBatch(file: File, mdaId: string | null): Promise<{ jobId: string }> {
  const form = new FormData();
  // The optional field goes first: a streaming multipart reader sees it before the file.
  if (mdaId) form.append('mdaId', mdaId);
  form.append('file', file, file.name);
  return api.post<{ jobId: string }>('/api/v1/remita/rrr/status-batch', form);
}

/** How often the dialog asks how far the job is: often enough to move smoothly, cheap for the server. */
export const JOB_POLL_MS = 700;

export const batchJobQuery = (jobId: string) =>
  queryOptions({
    queryKey: ['jobs', jobId] as const,
    queryFn: () => api.get<JobView>(`/api/v1/jobs/${encodeURIComponent(jobId)}`),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'succeeded' || status === 'failed') return false;
      // The server refused to say (the job is gone, the session ended): asking again changes nothing.
      const { error } = query.state;
      if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
      return JOB_POLL_MS;
    },
    // A poll that fails (a blip in the network) is tried again by the next tick, not three times.
    retry: 1,
    staleTime: 0,
    gcTime: 0,
  });

/** The results file; the session cookie goes along with the download. */
export function batchResultUrl(jobId: string): string {
  return `/api/v1/jobs/${encodeURIComponent(jobId)}/result.csv`;
}
