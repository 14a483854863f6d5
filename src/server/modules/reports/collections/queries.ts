import { inArray } from 'drizzle-orm';
import type { PaymentChannel } from '../../../../shared/payments';
import type { Db } from '../../../db/client';
import { mdas } from '../../../db/schema';
import { selectCollectionTotals, type TotalsFilter } from '../totals/queries';

/**
 * The period's net collections per MDA and channel (the collection totals' one read,
 * ../totals/queries.ts). At most MDAs × channels rows come back.
 */
export async function selectCollectionsByMdaAndChannel(db: Db, filter: TotalsFilter) {
  const rows = await selectCollectionTotals(db, filter, ['mda', 'channel']);
  return rows.map((r) => ({
    mdaId: r.mdaId as string,
    channel: r.channel as PaymentChannel,
    paymentCount: r.paymentCount,
    amountKobo: r.amountKobo,
  }));
}

/** The names of these MDAs, by id. */
export async function selectMdaNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: mdas.id, name: mdas.name })
    .from(mdas)
    .where(inArray(mdas.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
