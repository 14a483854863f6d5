import { MDA_CATEGORIES } from '../../../shared/mdas/enums';
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
} from '../../lib/lists/searchParams';

/** The MDA lists' state in the URL (docs/architecture.md §11.8); defaults are left out. */
export const MdaListSearch = listSearch({
  filters: {
    search: text(100),
    category: oneOf(MDA_CATEGORIES),
    status: activeStatus,
  },
  pageSizes: SHORT_LIST_PAGE_SIZES,
  /** The "Add MDA" form is open over the list. */
  open: { add: flag },
});
export type MdaListSearch = SearchOf<typeof MdaListSearch>;

/** The query string of GET /api/v1/mdas/details for this list (a page, or an export). */
export function detailsParams(search: MdaListSearch, format?: ExportFormat): URLSearchParams {
  return listParams(
    { search: search.search, category: search.category, isActive: isActiveParam(search.status) },
    { sort: 'code', format, page: search.page, pageSize: search.pageSize },
  );
}
