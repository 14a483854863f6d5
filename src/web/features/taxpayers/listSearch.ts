import { TAXPAYER_STATUSES, type TaxpayerKind } from '../../../shared/taxpayers/enums';
import type { TaxpayerSort } from '../../../shared/taxpayers/views';
import {
  type Covers,
  type ExportFormat,
  flag,
  isoDate,
  listParams as listQueryParams,
  listSearch,
  oneOf,
  type SearchOf,
  text,
  whole,
} from '../../lib/lists/searchParams';

/** TAXPAYER_SORTS of the API contract, repeated here to keep its schemas out of the first load. */
const SORTS = [
  'relevance',
  'name',
  '-name',
  'createdAt',
  '-createdAt',
  'btin',
  '-btin',
] as const satisfies readonly TaxpayerSort[];
export const SORTS_ARE_COMPLETE: Covers<TaxpayerSort, typeof SORTS> = true;

/**
 * The registry list's state in the URL (docs/architecture.md §11.8): a filtered list can be bookmarked,
 * shared and reloaded. Defaults are left out of the URL.
 */
export const TaxpayerListSearch = listSearch({
  filters: {
    search: text(100),
    lga: whole(1, 2_000_000_000),
    status: oneOf(TAXPAYER_STATUSES),
    registeredFrom: isoDate,
    registeredTo: isoDate,
  },
  sort: oneOf(SORTS),
  /** The registration form is open over the list. */
  open: { register: flag },
});
export type TaxpayerListSearch = SearchOf<typeof TaxpayerListSearch>;

/** The order the server uses when none is asked: best match when searching, else newest first. */
export function effectiveSort(search: TaxpayerListSearch): TaxpayerSort {
  return search.sort ?? (search.search ? 'relevance' : '-createdAt');
}

/** The query string of GET /api/v1/taxpayers for this list (a page, or an export). */
export function listParams(
  kind: TaxpayerKind,
  search: TaxpayerListSearch,
  format?: ExportFormat,
): URLSearchParams {
  return listQueryParams(
    { kind, ...TaxpayerListSearch.filtersOf(search) },
    { sort: effectiveSort(search), format, page: search.page, pageSize: search.pageSize },
  );
}
