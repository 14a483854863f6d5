// zod/mini, as every list's URL search (src/web/lib/lists/searchParams.ts says why).
import { z } from 'zod/mini';
import { TRADE_CATEGORY_RULES } from '../../../../shared/assessments/enums';
import { optional, whole } from '../../../lib/lists/searchParams';

/** The page sizes an administrator may pick: a state has tens of categories. */
export const CATEGORY_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_CATEGORY_PAGE_SIZE = 50;

/** The trade categories list's state in the URL (STYLE.md §8); defaults are left out. */
export const CategoryListSearch = z.object({
  search: optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(80))),
  status: optional(z.enum(['active', 'inactive'])),
  rule: optional(z.enum(TRADE_CATEGORY_RULES)),
  page: optional(whole(1, 1_000_000)),
  pageSize: optional(
    whole(1, 200).check(
      z.refine((size) => (CATEGORY_PAGE_SIZES as readonly number[]).includes(size)),
    ),
  ),
  /** The "New category" form is open over the list. */
  add: optional(z.boolean()),
});
export type CategoryListSearch = z.infer<typeof CategoryListSearch>;

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
