import { isoDate, matching, type SearchOf, searchSchema } from '../../../lib/lists/searchParams';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A report's search: its period (Lagos days) and, where it has one, the MDA. */
export const ReportSearch = {
  ...searchSchema({ from: isoDate, to: isoDate, mdaId: matching(UUID) }),
  filterKeys: ['from', 'to', 'mdaId'] as const,
};
export type ReportSearch = SearchOf<typeof ReportSearch>;

/** The query string of a report's API call, with `format` for its export. */
export function reportParams(search: ReportSearch, format?: 'csv' | 'xlsx'): URLSearchParams {
  const params = new URLSearchParams();
  if (search.from) params.set('from', search.from);
  if (search.to) params.set('to', search.to);
  if (search.mdaId) params.set('mdaId', search.mdaId);
  if (format) params.set('format', format);
  return params;
}
