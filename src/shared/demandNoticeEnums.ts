/**
 * The closed lists of MDA demand notices the screens' URLs read (docs/product.md §2
 * mda/generate-assessment), and a notice's limits the form shows, without zod: the route tree
 * and the form's first draw import them, and the first load of every signed-in page then stays
 * free of zod (docs/architecture.md §9 "Web"). The API's schemas are in demandNotices.ts.
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

export const DEMAND_NOTICE_STATUS_LABELS = {
  issued: 'Issued',
  part_paid: 'Part paid',
  overdue: 'Overdue',
  paid: 'Paid',
  cancelled: 'Cancelled',
} as const satisfies Record<DemandNoticeViewStatus, string>;

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

/** One bill's ceiling (the invoices' ₦100,000,000.00): the notice's total is one RRR. */
export const MAX_DEMAND_NOTICE_KOBO = 10_000_000_000;
/** A notice of more lines than this is a schedule, not a demand notice. */
export const MAX_DEMAND_NOTICE_LINES = 50;
