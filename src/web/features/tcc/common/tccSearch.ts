import { TCC_PURPOSES, TCC_STATUSES, type TccStatus } from '../../../../shared/tcc/enums';
import type { TccScreen } from '../../../../shared/tcc/lists';
import type { TccSort } from '../../../../shared/tcc/views';
import {
  flag,
  isoDate,
  oneOf,
  type SearchOf,
  searchSchema,
  text,
  whole,
} from '../../../lib/lists/searchParams';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES } from '../../taxpayers/listSearch';

const SORTS = [
  '-generatedAt',
  'generatedAt',
  '-waiting',
  'waiting',
  'number',
  '-number',
] as const satisfies readonly TccSort[];
/** Fails to compile when the contract gains a sort that SORTS lacks. */
export const SORTS_ARE_COMPLETE: [Exclude<TccSort, (typeof SORTS)[number]>] extends [never]
  ? true
  : never = true;

/**
 * A TCC list's state in the URL (STYLE.md §8): search (number, BTIN, name), filters, sort and
 * page. Mirrors TccListQuery of src/shared/tcc/views.ts without `kind`, which the page fixes;
 * `status` narrows within the page's statuses (TCC_SCREENS). Zod-free: lists load first.
 */
export const TccListSearch = searchSchema({
  search: text(100, { coerce: true }),
  status: oneOf(TCC_STATUSES),
  purpose: oneOf(TCC_PURPOSES),
  mine: flag,
  generatedFrom: isoDate,
  generatedTo: isoDate,
  sort: oneOf(SORTS),
  page: whole(1, 1_000_000),
  pageSize: whole(1, 200, PAGE_SIZE_CHOICES),
});
export type TccListSearch = SearchOf<typeof TccListSearch>;

/** The filter part of the search: what an export and "Clear filters" act on. */
export const TCC_FILTER_KEYS = [
  'search',
  'status',
  'purpose',
  'mine',
  'generatedFrom',
  'generatedTo',
] as const;

/** The query string of GET /api/v1/tcc for one screen's list (a page, or an export). */
export function tccParams(
  screen: Pick<TccScreen, 'kind' | 'statuses'>,
  search: TccListSearch,
  format?: 'csv' | 'xlsx',
): URLSearchParams {
  const params = new URLSearchParams({ kind: screen.kind });
  const statuses: readonly TccStatus[] =
    search.status && screen.statuses.includes(search.status) ? [search.status] : screen.statuses;
  params.set('status', statuses.join(','));
  for (const key of TCC_FILTER_KEYS) {
    if (key === 'status') continue;
    const value = search[key];
    if (value !== undefined) params.set(key, String(value));
  }
  params.set('sort', search.sort ?? '-generatedAt');
  if (format) {
    params.set('format', format);
  } else {
    params.set('page', String(search.page ?? 1));
    params.set('pageSize', String(search.pageSize ?? DEFAULT_PAGE_SIZE));
  }
  return params;
}
