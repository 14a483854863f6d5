import {
  INSTRUMENT_STATUSES,
  INSTRUMENT_TYPES,
  STAMP_INSTRUMENT_SORTS,
} from '../../../shared/stampDuty/enums';
import {
  type ExportFormat,
  isoDate,
  listParams,
  listSearch,
  oneOf,
  type SearchOf,
  text,
} from '../../lib/lists/searchParams';

/**
 * The instruments list's state in the URL (docs/architecture.md §11.8): mirrors
 * StampInstrumentListQuery of src/shared/stampDuty/schemas.ts; defaults are left out.
 */
export const StampListSearch = listSearch({
  filters: {
    search: text(100, { coerce: true }),
    status: oneOf(INSTRUMENT_STATUSES),
    instrumentType: oneOf(INSTRUMENT_TYPES),
    executedFrom: isoDate,
    executedTo: isoDate,
  },
  sort: oneOf(STAMP_INSTRUMENT_SORTS),
});
export type StampListSearch = SearchOf<typeof StampListSearch>;

export function stampListParams(search: StampListSearch, format?: ExportFormat): URLSearchParams {
  return listParams(StampListSearch.filtersOf(search), {
    sort: search.sort ?? '-createdAt',
    format,
    page: search.page,
    pageSize: search.pageSize,
  });
}
