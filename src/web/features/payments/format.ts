import type { PaymentChannel, PaymentStatus } from '../../../shared/payments/enums';
import { formatRrr } from '../../../shared/payments/rrrText';

export const STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
  cancelled: 'Cancelled',
};

/** Shades that carry white badge text at 4.5:1 or better (axe colour-contrast). */
export const STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'blue.9',
  paid: 'revenue.8',
  failed: 'red.9',
  reversed: 'dark.7',
  cancelled: 'gray.7',
};

export const CHANNEL_LABELS: Record<PaymentChannel, string> = {
  remita: 'Remita',
  card: 'Card',
  pos: 'POS',
  bank: 'Bank',
  manual: 'Manual',
};

/** "2801-2345-6789", or a dash when the payment has no RRR (a manual entry). */
export function shownRrr(rrr: string | null): string {
  return rrr ? formatRrr(rrr) : '—';
}

/** A bill whose Remita answer was lost: no RRR yet, RevDesk is confirming it by order id (ADR 0020). */
export const RRR_PENDING_CONFIRMATION = 'RRR pending confirmation';
