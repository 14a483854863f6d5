import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TradeCategoryPage } from '../../../../shared/assessments/categories';
import type { AssessmentKind } from '../../../../shared/assessments/enums';
import type {
  AssessingOfficerList,
  AssessmentDetail,
  AssessmentPage,
  ObjectionPage,
} from '../../../../shared/assessments/views';
import { api } from '../../../lib/api/api';
import { type AssessmentListSearch, assessmentParams } from './assessmentSearch';

/** Query keys of the assessment screens: a change to one assessment invalidates `all`. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  lists: () => [...assessmentKeys.all, 'list'] as const,
  detail: (id: string) => [...assessmentKeys.all, 'detail', id] as const,
  objections: () => [...assessmentKeys.all, 'objections'] as const,
  tradeCategories: () => ['trade-categories'] as const,
};

/** One page of one kind's assessments, with the totals of the whole filtered set. */
export const assessmentListQuery = (kind: AssessmentKind, search: AssessmentListSearch) => {
  const params = assessmentParams(kind, search);
  return queryOptions({
    queryKey: [...assessmentKeys.lists(), params.toString()] as const,
    queryFn: () => api.get<AssessmentPage>(`/api/v1/assessments?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/** A taxpayer's assessments of every kind the officer reads (the taxpayer page's tab). */
export const taxpayerAssessmentsQuery = (btin: string, page = 1) => {
  const params = new URLSearchParams({ btin, page: String(page), pageSize: '25' });
  params.set('sort', '-taxYear');
  return queryOptions({
    queryKey: [...assessmentKeys.lists(), 'taxpayer', params.toString()] as const,
    queryFn: () => api.get<AssessmentPage>(`/api/v1/assessments?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
};

/** The officers who have assessed this kind: the list's officer filter. */
export const assessingOfficersQuery = (kind: AssessmentKind) =>
  queryOptions({
    queryKey: [...assessmentKeys.all, 'officers', kind] as const,
    queryFn: () =>
      api.get<AssessingOfficerList>(
        `/api/v1/assessments/officers?kind=${encodeURIComponent(kind)}`,
      ),
    staleTime: 60_000,
  });

/** One assessment with its computation, payments, objections and history. */
export const assessmentQuery = (id: string) =>
  queryOptions({
    queryKey: assessmentKeys.detail(id),
    queryFn: () => api.get<AssessmentDetail>(`/api/v1/assessments/${encodeURIComponent(id)}`),
    staleTime: 5_000,
  });

/** The URL that downloads one kind's list with its current filter (the cookie goes along). */
export function assessmentExportUrl(
  kind: AssessmentKind,
  search: AssessmentListSearch,
  format: 'csv' | 'xlsx',
): string {
  return `/api/v1/assessments?${assessmentParams(kind, search, format)}`;
}

/** The notice of assessment PDF: a link, so the browser downloads it with the cookie. */
export function noticePdfUrl(assessmentId: string): string {
  return `/api/v1/assessments/${encodeURIComponent(assessmentId)}/notice.pdf`;
}

/** The letter deciding an objection, as PDF. */
export function decisionLetterUrl(objectionId: string): string {
  return `/api/v1/objections/${encodeURIComponent(objectionId)}/letter.pdf`;
}

/** Objections, open ones first (the objections list). */
export const objectionListQuery = (params: URLSearchParams) =>
  queryOptions({
    queryKey: [...assessmentKeys.objections(), params.toString()] as const,
    queryFn: () => api.get<ObjectionPage>(`/api/v1/objections?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** Trade categories of presumptive tax (the form's choices, and the admin list). */
export const tradeCategoryListQuery = (params: URLSearchParams) =>
  queryOptions({
    queryKey: [...assessmentKeys.tradeCategories(), params.toString()] as const,
    queryFn: () => api.get<TradeCategoryPage>(`/api/v1/trade-categories?${params}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
