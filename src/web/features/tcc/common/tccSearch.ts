import { TCC_PURPOSES, TCC_STATUSES, type TccStatus } from '../../../../shared/tcc/enums';
import type { TccScreen } from '../../../../shared/tcc/lists';
import type { TccSort } from '../../../../shared/tcc/views';
import {
  type Covers,
  type ExportFormat,
  flag,
  isoDate,
  listParams,
  listSearch,
  oneOf,
  type SearchOf,
  text,
} from '../../../lib/lists/searchParams';

const SORTS = [
  '-generatedAt',
  'generatedAt',
  '-waiting',
  'waiting',
  'number',
  '-number',
  'queue',
] as const satisfies readonly TccSort[];
export const SORTS_ARE_COMPLETE: Covers<TccSort, typeof SORTS> = true;

/**
 * A TCC list's state in the URL (docs/architecture.md §11.8): search (number, BTIN, name), filters, sort and
 * page. Mirrors TccListQuery of src/shared/tcc/views.ts without `kind`, which the page fixes;
 * `status` narrows within the page's statuses (TCC_SCREENS). Zod-free: lists load first.
 */
export const TccListSearch = listSearch({
  filters: {
    search: text(100, { coerce: true }),
    status: oneOf(TCC_STATUSES),
    purpose: oneOf(TCC_PURPOSES),
    mine: flag,
    generatedFrom: isoDate,
    generatedTo: isoDate,
  },
  sort: oneOf(SORTS),
});
export type TccListSearch = SearchOf<typeof TccListSearch>;

/**
 * The order a list opens in: a stage's queue and the printing officer's (completed) list put the
 * certificate that has waited longest first, by when it reached its present step
 * (docs/architecture.md §5); other lists the newest generated first.
 */
export function defaultTccSortOf(screen: Partial<Pick<TccScreen, 'view'>>): TccSort {
  if (screen.view === 'stage-pending') return '-waiting';
  if (screen.view === 'completed') return 'queue';
  return '-generatedAt';
}

/** The query string of GET /api/v1/tcc for one screen's list (a page, or an export). */
export function tccParams(
  screen: Pick<TccScreen, 'kind' | 'statuses'> & Partial<Pick<TccScreen, 'view'>>,
  search: TccListSearch,
  format?: ExportFormat,
): URLSearchParams {
  const statuses: readonly TccStatus[] =
    search.status && screen.statuses.includes(search.status) ? [search.status] : screen.statuses;
  // The list's statuses go first; the search's own status only narrows within them.
  const filters = { kind: screen.kind, status: '', ...TccListSearch.filtersOf(search) };
  filters.status = statuses.join(',');
  return listParams(filters, {
    sort: search.sort ?? defaultTccSortOf(screen),
    format,
    page: search.page,
    pageSize: search.pageSize,
  });
}
