import { dayInWords, todayInLagos } from '../../../shared/dates';
import type { PaymentChannel, PaymentView, PublicReceiptView } from '../../../shared/payments';
import { maskPublicName } from '../../../shared/publicCode';
import { isoTimestamp } from '../../db/driverRows';
import type { PaymentDriverRow, PaymentViewRow } from './queries';

export function toPaymentView(row: PaymentViewRow): PaymentView {
  return paymentViewOf(row, row.amountKobo, isoOfDate);
}

/** The same view from the driver's row (ADR 0024): the list's 50 rows in one pass. */
export function toPaymentViewFromDriver(row: PaymentDriverRow): PaymentView {
  return paymentViewOf(row, Number(row.amountKobo), isoTimestamp);
}

const isoOfDate = (at: Date) => at.toISOString();

/** The view of a payment row whose times are `Time` (a Date, or the driver's text). */
function paymentViewOf<Time>(
  row: Omit<
    PaymentViewRow,
    'amountKobo' | 'rrrRequestedAt' | 'paidAt' | 'createdAt' | 'statusChangedAt'
  > & {
    rrrRequestedAt: Time | null;
    paidAt: Time | null;
    createdAt: Time;
    statusChangedAt: Time | null;
  },
  amountKobo: number,
  iso: (time: Time) => string,
): PaymentView {
  return {
    id: row.id,
    receiptNumber: row.receiptNumber,
    rrr: row.rrr,
    // ADR 0020: paymentinit was sent and its answer lost; the RRR is asked for by order id.
    isRrrPendingConfirmation:
      row.rrr === null && row.rrrRequestedAt !== null && row.status === 'pending',
    amountKobo,
    mda: { id: row.mdaId, code: row.mdaCode, name: row.mdaName },
    revenueHeadCode: row.revenueHeadCode,
    revenueHeadName: row.revenueHeadName,
    btin: row.btin,
    payerName: row.payerName,
    payerPhone: row.payerPhone,
    payerEmail: row.payerEmail,
    channel: row.channel,
    status: row.status,
    type: row.type,
    subjectKind: row.subjectKind,
    subjectId: row.subjectId,
    // Deprecated alias (docs/api.md, ADR 0028): the subject's id when it is an assessment.
    assessmentId: row.subjectKind === 'assessment' ? row.subjectId : null,
    description: row.description,
    orderId: row.orderId,
    sourceReference: row.sourceReference,
    arrival: row.arrival,
    paidAt: row.paidAt === null ? null : iso(row.paidAt),
    createdAt: iso(row.createdAt),
    createdBy: row.createdBy,
    statusReason: row.statusReason,
    statusChangedAt: row.statusChangedAt === null ? null : iso(row.statusChangedAt),
    statusChangedBy: row.statusChangedBy,
  };
}

/** A channel in the officer's words, as the export and the e-receipt write it. */
export const CHANNEL_WORDS = {
  remita: 'Remita',
  card: 'Card',
  pos: 'POS',
  bank: 'Bank',
  manual: 'Manual',
} as const satisfies Record<PaymentChannel, string>;

/** A moment as a Lagos date and time, e.g. "2026-01-31 14:05". */
/** As printed on a document: "26 November 2026, 14:05" (shared/dates.ts dayInWords). */
export function lagosDateTimeInWords(at: Date): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
  return `${dayInWords(todayInLagos(at))}, ${time}`;
}

export function lagosDateTime(at: Date | null): string {
  if (!at) return '';
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
  return `${todayInLagos(at)} ${time}`;
}

/** What the public may learn of a receipt: enough to prove it, nothing more (no phone, e-mail, BTIN, RRR, time; ADR 0032). */
export function toPublicReceiptView(
  row: PaymentViewRow & { receiptNumber: string; paidAt: Date; status: 'paid' | 'reversed' },
): PublicReceiptView {
  return {
    receiptNumber: row.receiptNumber,
    isGenuine: row.status === 'paid',
    status: row.status,
    amountKobo: row.amountKobo,
    // The day, not the time (ADR 0032).
    paidOn: todayInLagos(row.paidAt),
    mdaName: row.mdaName,
    payerName: maskPublicName(row.payerName),
  };
}
