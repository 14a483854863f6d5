import type { DemandNoticeViewStatus } from '../../../shared/demandNotices';

export { DEMAND_NOTICE_STATUS_LABELS as NOTICE_STATUS_LABELS } from '../../../shared/demandNotices';

/** Shades that carry white badge text at 4.5:1 or better (axe colour-contrast), as payments'. */
export const NOTICE_STATUS_COLORS: Record<DemandNoticeViewStatus, string> = {
  issued: 'blue.9',
  part_paid: 'notice.8',
  overdue: 'red.9',
  paid: 'revenue.8',
  cancelled: 'gray.7',
};

/** The sort words of the report's "Sorted by:" line (sortText). */
export const NOTICE_SORT_WORDS = {
  issuedOn: ['date issued', 'oldest first', 'newest first'],
  dueOn: ['due date', 'earliest first', 'latest first'],
  total: ['total', 'smallest first', 'largest first'],
  number: ['notice number', 'lowest first', 'highest first'],
} as const;
