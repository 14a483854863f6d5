import type { PAGE_SIZE_DEFAULT } from '../../../shared/pagination';
import { TAXPAYER_STATUSES, type TaxpayerKind } from '../../../shared/taxpayers/enums';
import type { TaxpayerSort } from '../../../shared/taxpayers/views';
import {
  flag,
  isoDate,
  oneOf,
  type SearchOf,
  searchSchema,
  text,
  whole,
} from '../../lib/lists/searchParams';

/** The page sizes an officer may pick; the first page holds fifty (DESIGN.md §10). */
export const PAGE_SIZE_CHOICES = [25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE: typeof PAGE_SIZE_DEFAULT = 50;

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
/** Fails to compile when the contract gains a sort that SORTS lacks. */
export const SORTS_ARE_COMPLETE: [Exclude<TaxpayerSort, (typeof SORTS)[number]>] extends [never]
  ? true
  : never = true;

/**
 * The registry list's state in the URL (STYLE.md §8): a filtered list can be bookmarked,
 * shared and reloaded. Defaults are left out of the URL.
 */
export const TaxpayerListSearch = searchSchema({
  search: text(100),
  lga: whole(1, 2_000_000_000),
  status: oneOf(TAXPAYER_STATUSES),
  registeredFrom: isoDate,
  registeredTo: isoDate,
  sort: oneOf(SORTS),
  page: whole(1, 1_000_000),
  pageSize: whole(1, 200, PAGE_SIZE_CHOICES),
  /** The registration form is open over the list. */
  register: flag,
});
export type TaxpayerListSearch = SearchOf<typeof TaxpayerListSearch>;

/** The filter part of the search (no paging, no dialog): what an export and "clear" act on. */
export const FILTER_KEYS = ['search', 'lga', 'status', 'registeredFrom', 'registeredTo'] as const;

export function hasFilters(search: TaxpayerListSearch): boolean {
  return FILTER_KEYS.some((key) => search[key] !== undefined);
}

/** The order the server uses when none is asked: best match when searching, else newest first. */
export function effectiveSort(search: TaxpayerListSearch): TaxpayerSort {
  return search.sort ?? (search.search ? 'relevance' : '-createdAt');
}

/** The query string of GET /api/v1/taxpayers for this list (a page, or an export). */
export function listParams(
  kind: TaxpayerKind,
  search: TaxpayerListSearch,
  format?: 'csv' | 'xlsx',
): URLSearchParams {
  const params = new URLSearchParams({ kind });
  for (const key of FILTER_KEYS) {
    const value = search[key];
    if (value !== undefined) params.set(key, String(value));
  }
  params.set('sort', effectiveSort(search));
  if (format) {
    params.set('format', format);
  } else {
    params.set('page', String(search.page ?? 1));
    params.set('pageSize', String(search.pageSize ?? DEFAULT_PAGE_SIZE));
  }
  return params;
}
