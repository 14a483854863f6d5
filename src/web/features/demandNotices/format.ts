import type { DemandNoticeViewStatus } from '../../../shared/demandNoticeEnums';
import type { DemandNoticeView } from '../../../shared/demandNotices';
import { formatRrr } from '../../../shared/payments/rrrText';

export { DEMAND_NOTICE_STATUS_LABELS as NOTICE_STATUS_LABELS } from '../../../shared/demandNoticeEnums';

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

/** The words said when a notice's RRR is not known yet: its bill is recorded, Remita is asked again (ADR 0020). */
export const RRR_PENDING_TEXT = 'RRR pending — RevDesk retries';

/** The notice's RRR as shown: the number, pending while RevDesk confirms it, or why there is none. */
export function noticeRrrText(bill: DemandNoticeView['bill']): string {
  if (bill?.rrr) return formatRrr(bill.rrr);
  if (bill?.isRrrPendingConfirmation) return RRR_PENDING_TEXT;
  return bill ? `No RRR (the bill is ${bill.status})` : 'No RRR';
}
