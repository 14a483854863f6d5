import {
  DEMAND_NOTICE_SORTS,
  DEMAND_NOTICE_VIEW_STATUSES,
} from '../../../shared/demandNoticeEnums';
import {
  type ExportFormat,
  isoDate,
  listParams,
  listSearch,
  matching,
  oneOf,
  type SearchOf,
  text,
} from '../../lib/lists/searchParams';

/**
 * The MDA transaction report's state in the URL (docs/architecture.md §11.8): its filters mirror
 * MdaTransactionQuery of src/shared/demandNotices.ts; defaults are left out.
 */
export const MdaTransactionSearch = listSearch({
  filters: {
    mdaId: matching(/^[0-9a-f-]{36}$/i),
    // Coerced: the router reads 12020401 in the address bar as a number.
    revenueHeadCode: text(8, { coerce: true, pattern: /^\d{8}$/ }),
    status: oneOf(DEMAND_NOTICE_VIEW_STATUSES),
    from: isoDate,
    to: isoDate,
    payer: text(100, { coerce: true }),
  },
  sort: oneOf(DEMAND_NOTICE_SORTS),
});
export type MdaTransactionSearch = SearchOf<typeof MdaTransactionSearch>;

export const DEFAULT_SORT = '-issuedOn';

/** The query string of GET /api/v1/reports/mda-transactions (a page, or an export). */
export function mdaTransactionParams(
  search: MdaTransactionSearch,
  format?: ExportFormat,
): URLSearchParams {
  return listParams(MdaTransactionSearch.filtersOf(search), {
    sort: search.sort ?? DEFAULT_SORT,
    format,
    page: search.page,
    pageSize: search.pageSize,
  });
}
