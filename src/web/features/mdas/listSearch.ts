// zod/mini, not zod: the router validates this search on every route, so it is in the first
// load of the sign-in page too (DESIGN.md §9), and mini is a fraction of it.
import { z } from 'zod/mini';
import { MDA_CATEGORIES } from '../../../shared/mdas/enums';
import { optional, whole } from '../../lib/lists/searchParams';

/** The page sizes an officer may pick. A state has tens of MDAs: one page usually holds them. */
export const PAGE_SIZE_CHOICES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 50;

/** The MDA lists' state in the URL (STYLE.md §8); defaults are left out. */
export const MdaListSearch = z.object({
  search: optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  category: optional(z.enum(MDA_CATEGORIES)),
  status: optional(z.enum(['active', 'inactive'])),
  page: optional(whole(1, 1_000_000)),
  pageSize: optional(
    whole(1, 200).check(
      z.refine((size) => (PAGE_SIZE_CHOICES as readonly number[]).includes(size)),
    ),
  ),
  /** The "Add MDA" form is open over the list. */
  add: optional(z.boolean()),
});
export type MdaListSearch = z.infer<typeof MdaListSearch>;

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
