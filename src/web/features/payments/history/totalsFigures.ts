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
    // A period's figure is the reports' one (docs/reports.md "One set of figures").
    totals?.collected
      ? ['Collected, net', ...naira(totals.collected.amountKobo)]
      : ['Paid amount', ...naira(totals?.paidAmountKobo)],
  ];
}

/** What the figures mean, when they need saying: a capped count, or a period's net figure. */
export function totalsNote(totals: PaymentTotals | undefined): string | null {
  const capped = cappedTotalsNote(totals);
  if (capped) return capped;
  if (!totals?.collected) return null;
  return 'Collected, net: money paid on these days less payments reversed on them (Lagos days), the same figure every report gives for the period. Payments and Amount add up the payments listed.';
}

/** Why the amounts are missing, and what to do, when the count was capped. */
export function cappedTotalsNote(totals: PaymentTotals | undefined): string | null {
  if (!totals?.isCapped) return null;
  return `This name matches more than ${totals.count.toLocaleString('en-NG')} payments, too many to add up here. Narrow the search (dates, MDA, status) to see the amounts.`;
}
