import {
  type ExportFormat,
  isoDate,
  listParams,
  listSearch,
  type SearchOf,
  text,
} from '../../lib/lists/searchParams';

/**
 * The audit trail's state in the URL (docs/architecture.md §11.8): a filtered trail can be bookmarked and
 * sent to a colleague. Mirrors AuditEventListQuery of src/shared/audit.ts; defaults are left out.
 */
export const AuditTrailSearch = listSearch({
  filters: {
    actor: text(100),
    action: text(100, { pattern: /^[a-z0-9_.-]+$/ }),
    entityType: text(50),
    entityId: text(100),
    from: isoDate,
    to: isoDate,
  },
});
export type AuditTrailSearch = SearchOf<typeof AuditTrailSearch>;

/** The query string of GET /api/v1/audit-events for this view (a page, or an export). */
export function auditParams(search: AuditTrailSearch, format?: ExportFormat): URLSearchParams {
  return listParams(AuditTrailSearch.filtersOf(search), {
    format,
    page: search.page,
    pageSize: search.pageSize,
  });
}
