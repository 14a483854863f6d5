import {
  type ExportFormat,
  isoDate,
  listParams,
  listSearch,
  matching,
  oneOf,
  type SearchOf,
  text,
} from '../../../lib/lists/searchParams';

/**
 * The POS transaction list's state in the URL (transactions/benjis and benjis-report):
 * keyword, terminal, agent, MDA, provider status, RevDesk state, days; page. Defaults left out.
 * The enums are repeated from src/shared/pos/enums.ts to keep zod out of the first load.
 */
export const POS_STATUSES = ['approved', 'declined', 'reversed'] as const;
export const POS_STATES = ['recorded', 'held', 'declined', 'reversed', 'rejected'] as const;

const UUID = /^[0-9a-f-]{36}$/i;

export const PosListSearch = listSearch({
  filters: {
    keyword: text(80, { coerce: true }),
    terminalId: text(32, { coerce: true }),
    agentId: matching(UUID),
    mdaId: matching(UUID),
    status: oneOf(POS_STATUSES),
    state: oneOf(POS_STATES),
    from: isoDate,
    to: isoDate,
  },
});
export type PosListSearch = SearchOf<typeof PosListSearch>;

/** The query string of GET /api/v1/pos/transactions for this search. */
export function posParams(search: PosListSearch, format?: ExportFormat): URLSearchParams {
  return listParams(PosListSearch.filtersOf(search), {
    format,
    page: search.page,
    pageSize: search.pageSize,
  });
}

export function posExportUrl(search: PosListSearch, format: ExportFormat): string {
  return `/api/v1/pos/transactions?${posParams(search, format)}`;
}
