import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentChannel } from '../../../../shared/payments';
import type { Db } from '../../../db/client';
import { mdaRevenueHeads, mdas } from '../../../db/schema';
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

/** An MDA's name and code, or null when there is no such MDA. */
export async function selectMda(db: Db, id: string) {
  const [row] = await db
    .select({ id: mdas.id, name: mdas.name, code: mdas.code })
    .from(mdas)
    .where(eq(mdas.id, id));
  return row ?? null;
}

/**
 * The names of these revenue heads by code: the MDA's own when one is given, else any MDA's
 * (a code names one economic line across the state's chart of accounts).
 */
export async function selectRevenueHeadNames(
  db: Db,
  codes: readonly string[],
  mdaId?: string,
): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: mdaRevenueHeads.code, name: sql<string>`min(${mdaRevenueHeads.name})` })
    .from(mdaRevenueHeads)
    .where(
      and(
        inArray(mdaRevenueHeads.code, [...codes]),
        mdaId ? eq(mdaRevenueHeads.mdaId, mdaId) : undefined,
      ),
    )
    .groupBy(mdaRevenueHeads.code);
  return new Map(rows.map((r) => [r.code, r.name]));
}
