import type { MdaScope } from '../../../../auth/mdaScope';
import type { Db } from '../../../../db/client';
import { selectCollectionTotals } from '../../../reports/totals/queries';
import type { PaymentFilter } from '../queries';

/**
 * The payment history's period figure from the collection totals (ADR 0034), so the history
 * and every report give the same figure for the same period (docs/reports.md "One set of
 * figures"). The totals know the day, the MDA and the channel of each movement; a filter on
 * anything else (status, type, a reference, a payer) they cannot answer.
 */
export function isCollectionsFilter(
  filter: PaymentFilter,
): filter is PaymentFilter & { startDate: string; endDate: string } {
  return Boolean(
    filter.startDate &&
      filter.endDate &&
      filter.startDate <= filter.endDate &&
      !filter.assessmentId &&
      !filter.btin &&
      !filter.customerName &&
      !filter.paymentReference &&
      !filter.type &&
      !filter.status,
  );
}

/** Net collections of the filter's period (Lagos days), for its MDA and channel if named. */
export async function selectCollectedInPeriod(
  db: Db,
  filter: PaymentFilter & { startDate: string; endDate: string },
  scope: MdaScope,
): Promise<{ count: number; amountKobo: number }> {
  // An MDA code that names no MDA matches nothing, as in the list itself.
  if (filter.mdaCode && !filter.mdaIdOfCode) return { count: 0, amountKobo: 0 };
  const [row] = await selectCollectionTotals(
    db,
    {
      from: filter.startDate,
      to: filter.endDate,
      scope,
      mdaIds: filter.mdaIdOfCode ? [filter.mdaIdOfCode] : undefined,
      channel: filter.channel,
    },
    [],
  );
  return { count: row?.paymentCount ?? 0, amountKobo: row?.amountKobo ?? 0 };
}
