import { queryOptions } from '@tanstack/react-query';
import type { AssessmentPage, AssessmentView } from '../../../../shared/assessments/views';
import { api, apiRequest } from '../../../lib/api/api';
import { assessmentKeys } from '../common/queries';
import type { toCreateBody, toUpdateBody } from './formValues';

/** POST /api/v1/assessments/direct: a draft, computed and stored by the server. */
export function createDirectDraft(body: ReturnType<typeof toCreateBody>) {
  return api.post<AssessmentView>('/api/v1/assessments/direct', body);
}

/** PUT /api/v1/assessments/{id}: a draft's new figures at the version read (409 when stale). */
export function updateDirectDraft(id: string, body: ReturnType<typeof toUpdateBody>) {
  return apiRequest<AssessmentView>(`/api/v1/assessments/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
  });
}

/**
 * The taxpayer's direct assessments for one year: the form warns when one already stands, as
 * only one can be issued for a taxpayer and year (the server refuses the second at issue).
 */
export const yearAssessmentsQuery = (btin: string, taxYear: string) => {
  const params = new URLSearchParams({ kind: 'direct', btin, taxYear, pageSize: '25' });
  return queryOptions({
    queryKey: [...assessmentKeys.lists(), 'year', params.toString()] as const,
    queryFn: () => api.get<AssessmentPage>(`/api/v1/assessments?${params}`),
    staleTime: 10_000,
  });
};
