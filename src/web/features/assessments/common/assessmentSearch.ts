import {
  ASSESSMENT_SOURCES,
  ASSESSMENT_STATUSES,
  type AssessmentKind,
} from '../../../../shared/assessments/enums';
import type { AssessmentSort } from '../../../../shared/assessments/views';
import {
  type Covers,
  type ExportFormat,
  flag,
  isoDate,
  listParams,
  listSearch,
  matching,
  oneOf,
  type SearchOf,
  text,
  whole,
} from '../../../lib/lists/searchParams';

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
export const SORTS_ARE_COMPLETE: Covers<AssessmentSort, typeof SORTS> = true;

/**
 * An assessment list's state in the URL (docs/architecture.md §11.8): search (BTIN, name, notice number),
 * filters, sort and page. Mirrors AssessmentListQuery of src/shared/assessments/views.ts
 * without `kind`, which the page fixes; defaults are left out.
 */
export const AssessmentListSearch = listSearch({
  filters: {
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
  },
  sort: oneOf(SORTS),
});
export type AssessmentListSearch = SearchOf<typeof AssessmentListSearch>;

/** The query string of GET /api/v1/assessments for one kind's list (a page, or an export). */
export function assessmentParams(
  kind: AssessmentKind,
  search: AssessmentListSearch,
  format?: ExportFormat,
): URLSearchParams {
  return listParams(
    { kind, ...AssessmentListSearch.filtersOf(search) },
    { sort: search.sort ?? '-createdAt', format, page: search.page, pageSize: search.pageSize },
  );
}
