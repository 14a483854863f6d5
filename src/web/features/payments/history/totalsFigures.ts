import type { PaymentTotals } from '../../../../shared/payments/views';
import { nairaFigure as naira, type TotalsFigures } from '../../../lib/lists/ListTotals';

/**
 * The totals as an officer reads them. A name matching more payments than the server counts
 * (ADR 0019) reads "More than 1,000" ("1,000+" on a phone) and its amounts "Not added up": a
 * sum of part of the set would be taken for the whole.
 */
export function totalsFigures(totals: PaymentTotals | undefined): TotalsFigures {
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
