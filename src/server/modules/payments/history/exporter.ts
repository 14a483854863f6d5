import { todayInLagos } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatRrr, PAYMENT_TYPE_LABELS, type PaymentStatus } from '../../../../shared/payments';
import { type Table, tableToCsv, tableToXlsx } from '../../../export/spreadsheet';
import type { PaymentViewRow } from '../queries';
import { CHANNEL_WORDS, lagosDateTime } from '../view';

/** The most rows one export holds, as for taxpayers; a larger filter is refused with a request to narrow it. */
export const PAYMENT_EXPORT_LIMIT = 50_000;

const HEADERS = [
  'Receipt number',
  'RRR',
  'Amount (₦)',
  'Status',
  'Channel',
  'Date paid',
  'Date raised',
  'Payer',
  'BTIN',
  'MDA code',
  'MDA',
  'Revenue head code',
  'Revenue head',
  'Type',
  'Assessment ID',
  'Source reference',
];

const STATUS_WORDS = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  reversed: 'Reversed',
  cancelled: 'Cancelled',
} as const satisfies Record<PaymentStatus, string>;

function toCells(row: PaymentViewRow): string[] {
  return [
    row.receiptNumber ?? '',
    row.rrr
      ? formatRrr(row.rrr)
      : row.rrrRequestedAt && row.status === 'pending'
        ? 'RRR pending confirmation'
        : '',
    formatKoboAsNaira(row.amountKobo),
    STATUS_WORDS[row.status],
    CHANNEL_WORDS[row.channel],
    lagosDateTime(row.paidAt),
    lagosDateTime(row.createdAt),
    row.payerName ?? '',
    row.btin ?? '',
    row.mdaCode,
    row.mdaName,
    row.revenueHeadCode ?? '',
    row.revenueHeadName ?? '',
    row.type ? PAYMENT_TYPE_LABELS[row.type] : '',
    row.subjectId ?? '',
    row.sourceReference ?? '',
  ];
}

const table = (rows: readonly PaymentViewRow[]): Table => ({
  sheet: 'Payments',
  headers: HEADERS,
  rows: rows.map(toCells),
  widths: [20, 16, 16, 10, 10, 17, 17, 32, 12, 12, 36, 16, 32, 24, 16, 24],
});

export const paymentsToCsv = (rows: readonly PaymentViewRow[]) => tableToCsv(table(rows));
export const paymentsToXlsx = (rows: readonly PaymentViewRow[]) => tableToXlsx(table(rows));

export function paymentExportFileName(format: 'csv' | 'xlsx'): string {
  return `payments-${todayInLagos()}.${format}`;
}
