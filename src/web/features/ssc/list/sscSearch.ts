import { SSC_SCHEDULE_STATUSES, SSC_SORTS, type SscSort } from '../../../../shared/ssc/enums';
import {
  type ExportFormat,
  listParams,
  listSearch,
  matching,
  oneOf,
  type SearchOf,
} from '../../../lib/lists/searchParams';

/** An SSC list's state in the URL: month, MDA and status; sort; page. Defaults left out. */
export const SscListSearch = listSearch({
  filters: {
    month: matching(/^20\d{2}-(0[1-9]|1[0-2])$/),
    mdaId: matching(/^[0-9a-f-]{36}$/i),
    status: oneOf(SSC_SCHEDULE_STATUSES),
  },
  sort: oneOf(SSC_SORTS),
});
export type SscListSearch = SearchOf<typeof SscListSearch>;

export const SSC_DEFAULT_SORT: SscSort = '-month';

/** The query string of GET /api/v1/ssc/schedules for one category's list. */
export function sscParams(
  category: string,
  search: SscListSearch,
  format?: ExportFormat,
): URLSearchParams {
  return listParams(
    { category, month: search.month, mdaId: search.mdaId, status: search.status },
    {
      sort: search.sort ?? SSC_DEFAULT_SORT,
      format,
      page: search.page,
      pageSize: search.pageSize,
    },
  );
}

export function sscExportUrl(category: string, search: SscListSearch, format: ExportFormat) {
  return `/api/v1/ssc/schedules?${sscParams(category, search, format)}`;
}
