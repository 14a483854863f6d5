import { TRADE_CATEGORY_RULES } from '../../../../shared/assessments/enums';
import {
  activeStatus,
  type ExportFormat,
  flag,
  isActiveParam,
  listParams,
  listSearch,
  oneOf,
  type SearchOf,
  SHORT_LIST_PAGE_SIZES,
  text,
} from '../../../lib/lists/searchParams';

/** The trade categories list's state in the URL (docs/architecture.md §11.8); defaults are left out. */
export const CategoryListSearch = listSearch({
  filters: {
    search: text(80),
    status: activeStatus,
    rule: oneOf(TRADE_CATEGORY_RULES),
  },
  pageSizes: SHORT_LIST_PAGE_SIZES,
  /** The "New category" form is open over the list. */
  open: { add: flag },
});
export type CategoryListSearch = SearchOf<typeof CategoryListSearch>;

/** The query string of GET /api/v1/trade-categories for this list (a page, or an export). */
export function categoryParams(search: CategoryListSearch, format?: ExportFormat): URLSearchParams {
  return listParams(
    { search: search.search, isActive: isActiveParam(search.status), rule: search.rule },
    { sort: 'name', format, page: search.page, pageSize: search.pageSize },
  );
}

/** The URL that downloads the list with its current filter (the session cookie goes along). */
export function categoryExportUrl(search: CategoryListSearch, format: ExportFormat): string {
  return `/api/v1/trade-categories?${categoryParams(search, format)}`;
}
