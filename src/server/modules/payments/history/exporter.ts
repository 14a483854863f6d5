import { formatRrr, PAYMENT_TYPE_LABELS, type PaymentStatus } from '../../../../shared/payments';
import { amount, type Column, dateTime, reference, text } from '../../../export/columns';
import type { PaymentViewRow } from '../queries';
import { CHANNEL_WORDS } from '../view';

/**
 * The most rows one export holds. The export streams (docs/decisions/0029-one-export-path.md),
 * so this bounds the time one download takes, not the server's memory.
 */
export const PAYMENT_EXPORT_LIMIT = 1_000_000;

const STATUS_WORDS = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
  cancelled: 'Cancelled',
} as const satisfies Record<PaymentStatus, string>;

/** A payment as exported: with the number staff know its subject by (ADR 0028). */
export type ExportedPayment = PaymentViewRow & { subjectNumber: string | null };

export const PAYMENT_COLUMNS: readonly Column<ExportedPayment>[] = [
  reference('Receipt number', (row) => row.receiptNumber, 20),
  text(
    'RRR',
    (row) =>
      row.rrr
        ? formatRrr(row.rrr)
        : row.rrrRequestedAt && row.status === 'pending'
          ? 'RRR pending confirmation'
          : '',
    16,
  ),
  amount('Amount', (row) => row.amountKobo, 16),
  text('Status', (row) => STATUS_WORDS[row.status], 10),
  text('Channel', (row) => CHANNEL_WORDS[row.channel], 10),
  dateTime('Date paid', (row) => row.paidAt, { width: 17 }),
  dateTime('Date raised', (row) => row.createdAt, { width: 17 }),
  text('Payer', (row) => row.payerName, 32),
  text('BTIN', (row) => row.btin, 12),
  text('MDA code', (row) => row.mdaCode, 12),
  text('MDA', (row) => row.mdaName, 36),
  text('Revenue head code', (row) => row.revenueHeadCode, 16),
  text('Revenue head', (row) => row.revenueHeadName, 32),
  text('Type', (row) => (row.type ? PAYMENT_TYPE_LABELS[row.type] : ''), 24),
  // What it pays, by the number on its paper (a notice or certificate number), never an id.
  reference('Pays (notice or certificate)', (row) => row.subjectNumber, 24),
  text('Source reference', (row) => row.sourceReference, 24),
];
