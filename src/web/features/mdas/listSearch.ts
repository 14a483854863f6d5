import { MDA_CATEGORIES } from '../../../shared/mdas/enums';
import {
  flag,
  oneOf,
  type SearchOf,
  searchSchema,
  text,
  whole,
} from '../../lib/lists/searchParams';

/** The page sizes an officer may pick. A state has tens of MDAs: one page usually holds them. */
export const PAGE_SIZE_CHOICES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** The MDA lists' state in the URL (STYLE.md §8); defaults are left out. */
export const MdaListSearch = searchSchema({
  search: text(100),
  category: oneOf(MDA_CATEGORIES),
  status: oneOf(['active', 'inactive']),
  page: whole(1, 1_000_000),
  pageSize: whole(1, 200, PAGE_SIZE_CHOICES),
  /** The "Add MDA" form is open over the list. */
  add: flag,
});
export type MdaListSearch = SearchOf<typeof MdaListSearch>;

export const FILTER_KEYS = ['search', 'category', 'status'] as const;

export function hasFilters(search: MdaListSearch): boolean {
  return FILTER_KEYS.some((key) => search[key] !== undefined);
}

/** The query string of GET /api/v1/mdas/details for this list (a page, or an export). */
export function detailsParams(search: MdaListSearch, format?: 'csv' | 'xlsx'): URLSearchParams {
  const params = new URLSearchParams();
  if (search.search) params.set('search', search.search);
  if (search.category) params.set('category', search.category);
  if (search.status) params.set('isActive', String(search.status === 'active'));
  params.set('sort', 'code');
  if (format) {
    params.set('format', format);
  } else {
    params.set('page', String(search.page ?? 1));
    params.set('pageSize', String(search.pageSize ?? DEFAULT_PAGE_SIZE));
  }
  return params;
}
