import { formatKoboAsNaira, koboToNaira } from '../../../../shared/money';
import type { PaymentTotals } from '../../../../shared/payments/views';

/** "₦1.2M": a phone's one-line totals have room for three figures of about six characters. */
const compactNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Each figure's label, its full text (desk, title, screen readers) and its phone text. */
export type Figures = [label: string, full: string, compact: string][];

/**
 * The totals as an officer reads them. A name matching more payments than the server counts
 * (ADR 0019) reads "More than 1,000" ("1,000+" on a phone) and its amounts "Not added up": a
 * sum of part of the set would be taken for the whole.
 */
export function totalsFigures(totals: PaymentTotals | undefined): Figures {
  const count = totals?.count.toLocaleString('en-NG');
  const payments: [string, string] = !totals
    ? ['…', '…']
    : totals.isCapped
      ? [`More than ${count}`, `${count}+`]
      : [count as string, count as string];
  return [
    ['Payments', ...payments],
    ['Amount', ...naira(totals?.amountKobo)],
    ['Paid amount', ...naira(totals?.paidAmountKobo)],
  ];
}

/** Why the amounts are missing, and what to do, when the count was capped. */
export function cappedTotalsNote(totals: PaymentTotals | undefined): string | null {
  if (!totals?.isCapped) return null;
  return `This name matches more than ${totals.count.toLocaleString('en-NG')} payments, too many to add up here. Narrow the search (dates, MDA, status) to see the amounts.`;
}

function naira(kobo: number | null | undefined): [string, string] {
  if (kobo === undefined) return ['…', '…'];
  if (kobo === null) return ['Not added up', '–'];
  return [formatKoboAsNaira(kobo), compactNaira.format(koboToNaira(kobo))];
}
