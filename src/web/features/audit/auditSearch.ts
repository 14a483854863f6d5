import { isoDate, type SearchOf, searchSchema, text, whole } from '../../lib/lists/searchParams';

/** The page sizes an officer may pick; the first page holds fifty (DESIGN.md §10). */
export const AUDIT_PAGE_SIZES = [25, 50, 100, 200] as const;
export const AUDIT_DEFAULT_PAGE_SIZE = 50;

/**
 * The audit trail's state in the URL (STYLE.md §8): a filtered trail can be bookmarked and
 * sent to a colleague. Mirrors AuditEventListQuery of src/shared/audit.ts; defaults are left out.
 */
export const AuditTrailSearch = searchSchema({
  actor: text(100),
  action: text(100, { pattern: /^[a-z0-9_.-]+$/ }),
  entityType: text(50),
  entityId: text(100),
  from: isoDate,
  to: isoDate,
  page: whole(1, 1_000_000),
  pageSize: whole(1, 200, AUDIT_PAGE_SIZES),
});
export type AuditTrailSearch = SearchOf<typeof AuditTrailSearch>;

/** The filter part of the search (no paging): what an export and "Clear filters" act on. */
export const AUDIT_FILTER_KEYS = [
  'actor',
  'action',
  'entityType',
  'entityId',
  'from',
  'to',
] as const;

export function hasAuditFilters(search: AuditTrailSearch): boolean {
  return AUDIT_FILTER_KEYS.some((key) => search[key] !== undefined);
}

/** The query string of GET /api/v1/audit-events for this view (a page, or an export). */
export function auditParams(search: AuditTrailSearch, format?: 'csv' | 'xlsx'): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = search[key];
    if (value !== undefined) params.set(key, value);
  }
  if (format) {
    params.set('format', format);
  } else {
    params.set('page', String(search.page ?? 1));
    params.set('pageSize', String(search.pageSize ?? AUDIT_DEFAULT_PAGE_SIZE));
  }
  return params;
}
