import { TRADE_CATEGORY_RULES } from '../../../../shared/assessments/enums';
import {
  flag,
  oneOf,
  type SearchOf,
  searchSchema,
  text,
  whole,
} from '../../../lib/lists/searchParams';

/** The page sizes an administrator may pick: a state has tens of categories. */
export const CATEGORY_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_CATEGORY_PAGE_SIZE = 50;

/** The trade categories list's state in the URL (STYLE.md §8); defaults are left out. */
export const CategoryListSearch = searchSchema({
  search: text(80),
  status: oneOf(['active', 'inactive'] as const),
  rule: oneOf(TRADE_CATEGORY_RULES),
  page: whole(1, 1_000_000),
  pageSize: whole(1, 200, CATEGORY_PAGE_SIZES),
  /** The "New category" form is open over the list. */
  add: flag,
});
export type CategoryListSearch = SearchOf<typeof CategoryListSearch>;

export const CATEGORY_FILTER_KEYS = ['search', 'status', 'rule'] as const;

export function hasCategoryFilters(search: CategoryListSearch): boolean {
  return CATEGORY_FILTER_KEYS.some((key) => search[key] !== undefined);
}

/** The query string of GET /api/v1/trade-categories for this list (a page, or an export). */
export function categoryParams(
  search: CategoryListSearch,
  format?: 'csv' | 'xlsx',
): URLSearchParams {
  const params = new URLSearchParams();
  if (search.search) params.set('search', search.search);
  if (search.status) params.set('isActive', String(search.status === 'active'));
  if (search.rule) params.set('rule', search.rule);
  params.set('sort', 'name');
  if (format) {
    params.set('format', format);
  } else {
    params.set('page', String(search.page ?? 1));
    params.set('pageSize', String(search.pageSize ?? DEFAULT_CATEGORY_PAGE_SIZE));
  }
  return params;
}

/** The URL that downloads the list with its current filter (the session cookie goes along). */
export function categoryExportUrl(search: CategoryListSearch, format: 'csv' | 'xlsx'): string {
  return `/api/v1/trade-categories?${categoryParams(search, format)}`;
}
