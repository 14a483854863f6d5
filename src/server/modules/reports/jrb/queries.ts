import { and, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import { addDays } from '../../../../shared/dates';
import { TAXPAYER_KINDS, type TaxpayerKind } from '../../../../shared/taxpayers/enums';
import type { TccKind } from '../../../../shared/tcc/enums';
import type { Db } from '../../../db/client';
import { taxpayers, tccs } from '../../../db/schema';

/**
 * The registry and certificate figures of the Joint Revenue Board return (docs/jrb-return.md),
 * by Lagos day: [from 00:00, the day after `to` 00:00) in Lagos time (UTC+1, no summer time).
 */
function lagosRange(from: string, to: string) {
  return {
    start: new Date(`${from}T00:00:00+01:00`),
    end: new Date(`${addDays(to, 1)}T00:00:00+01:00`),
  };
}

/**
 * Taxpayers registered in the period, per kind: one count a kind, each a range of
 * taxpayers_kind_created_idx (kind, created_at, id).
 */
export async function countTaxpayersRegistered(
  db: Db,
  from: string,
  to: string,
): Promise<Record<TaxpayerKind, number>> {
  const { start, end } = lagosRange(from, to);
  const counts = await Promise.all(
    TAXPAYER_KINDS.map(async (kind) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(taxpayers)
        .where(
          and(
            eq(taxpayers.kind, kind),
            gte(taxpayers.createdAt, start),
            lt(taxpayers.createdAt, end),
          ),
        );
      return [kind, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<TaxpayerKind, number>;
}

/**
 * Certificates issued in the period (the chairman's approval, issued_at), per kind, whatever
 * became of them since (printed, revoked): a range of tccs_issued_idx (issued_at, kind).
 */
export async function countTccsIssued(
  db: Db,
  from: string,
  to: string,
): Promise<Map<TccKind, number>> {
  const { start, end } = lagosRange(from, to);
  const rows = await db
    .select({ kind: tccs.kind, n: sql<number>`count(*)::int` })
    .from(tccs)
    .where(and(isNotNull(tccs.issuedAt), gte(tccs.issuedAt, start), lt(tccs.issuedAt, end)))
    .groupBy(tccs.kind);
  return new Map(rows.map((r) => [r.kind, r.n]));
}
