/**
 * The closed lists of MDA demand notices the screens' URLs read (docs/product.md §2
 * mda/generate-assessment), without zod: the route tree imports them, and the first load of
 * every signed-in page then stays free of zod (docs/architecture.md §9 "Web"). The API's
 * schemas are in demandNotices.ts.
 */

/** What a notice reads as, and what the lists filter and count by. */
export const DEMAND_NOTICE_VIEW_STATUSES = [
  'issued',
  'part_paid',
  'overdue',
  'paid',
  'cancelled',
] as const;
export type DemandNoticeViewStatus = (typeof DEMAND_NOTICE_VIEW_STATUSES)[number];

export const DEMAND_NOTICE_SORTS = [
  'issuedOn',
  '-issuedOn',
  'dueOn',
  '-dueOn',
  'total',
  '-total',
  'number',
  '-number',
] as const;
export type DemandNoticeSort = (typeof DEMAND_NOTICE_SORTS)[number];
