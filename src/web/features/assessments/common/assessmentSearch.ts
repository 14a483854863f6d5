import {
  ASSESSMENT_SOURCES,
  ASSESSMENT_STATUSES,
  type AssessmentKind,
} from '../../../../shared/assessments/enums';
import type { AssessmentSort } from '../../../../shared/assessments/views';
import {
  flag,
  isoDate,
  matching,
  oneOf,
  type SearchOf,
  searchSchema,
  text,
  whole,
} from '../../../lib/lists/searchParams';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES } from '../../taxpayers/listSearch';

const SORTS = [
  '-createdAt',
  'createdAt',
  '-taxYear',
  'taxYear',
  '-taxKobo',
  'taxKobo',
  '-issuedAt',
  'issuedAt',
] as const satisfies readonly AssessmentSort[];
/** Fails to compile when the contract gains a sort that SORTS lacks. */
export const SORTS_ARE_COMPLETE: [Exclude<AssessmentSort, (typeof SORTS)[number]>] extends [never]
  ? true
  : never = true;

/**
 * An assessment list's state in the URL (STYLE.md §8): search (BTIN, name, notice number),
 * filters, sort and page. Mirrors AssessmentListQuery of src/shared/assessments/views.ts
 * without `kind`, which the page fixes; defaults are left out.
 */
export const AssessmentListSearch = searchSchema({
  search: text(100, { coerce: true }),
  taxYear: whole(2000, 2100),
  status: oneOf(ASSESSMENT_STATUSES),
  source: oneOf(ASSESSMENT_SOURCES),
  mine: flag,
  /** The officer who created them (the API's createdBy). */
  createdBy: matching(/^[0-9a-f-]{36}$/i),
  lgaId: whole(1, 2_000_000_000),
  issuedFrom: isoDate,
  issuedTo: isoDate,
  sort: oneOf(SORTS),
  page: whole(1, 1_000_000),
  pageSize: whole(1, 200, PAGE_SIZE_CHOICES),
});
export type AssessmentListSearch = SearchOf<typeof AssessmentListSearch>;

/** The filter part of the search: what an export and "Clear filters" act on. */
export const ASSESSMENT_FILTER_KEYS = [
  'search',
  'taxYear',
  'status',
  'source',
  'mine',
  'createdBy',
  'lgaId',
  'issuedFrom',
  'issuedTo',
] as const;

/** The query string of GET /api/v1/assessments for one kind's list (a page, or an export). */
export function assessmentParams(
  kind: AssessmentKind,
  search: AssessmentListSearch,
  format?: 'csv' | 'xlsx',
): URLSearchParams {
  const params = new URLSearchParams({ kind });
  for (const key of ASSESSMENT_FILTER_KEYS) {
    const value = search[key];
    if (value !== undefined) params.set(key, String(value));
  }
  params.set('sort', search.sort ?? '-createdAt');
  if (format) {
    params.set('format', format);
  } else {
    params.set('page', String(search.page ?? 1));
    params.set('pageSize', String(search.pageSize ?? DEFAULT_PAGE_SIZE));
  }
  return params;
}
