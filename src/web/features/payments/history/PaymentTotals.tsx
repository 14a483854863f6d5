import type { PaymentTotals as Totals } from '../../../../shared/payments/views';
import { ListTotals } from '../../../lib/lists/ListTotals';
import { totalsFigures, totalsNote } from './totalsFigures';

/**
 * The whole filtered set, not just the page: what an officer reports upward (ListTotals). A
 * name matching more payments than the server counts (ADR 0019) shows "More than 1,000", no
 * amounts, and why; a period shows the reports' net figure for it, and says so.
 */
export function PaymentTotals({ totals }: { totals: Totals | undefined }) {
  return (
    <ListTotals
      label="Totals of the filtered payments"
      figures={totalsFigures(totals)}
      note={totalsNote(totals)}
    />
  );
}
