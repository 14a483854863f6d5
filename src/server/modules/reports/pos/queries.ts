import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { type MdaScope, whereInMdaScope } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { mdas, posAgents, posDailyTotals } from '../../../db/schema';

/**
 * The POS reports' statements (docs/reports.md "POS reports"): recorded takings from
 * pos_daily_totals, kept by the statement that writes each POS transaction (docs/pos.md), a
 * period being terminals × days rows, never the transactions or the payments themselves.
 */

export type PosFilter = { from: string; to: string; scope: MdaScope; mdaId?: string | undefined };

/**
 * Recorded takings only: revenue in the ledger. A reversed transaction leaves its own day's
 * total (its state moves), held, declined and rejected ones never count.
 */
function takingsOf(filter: PosFilter): SQL | undefined {
  return and(
    eq(posDailyTotals.state, 'recorded'),
    gte(posDailyTotals.day, filter.from),
    lte(posDailyTotals.day, filter.to),
    whereInMdaScope(filter.scope, posDailyTotals.mdaId),
    filter.mdaId ? eq(posDailyTotals.mdaId, filter.mdaId) : undefined,
  );
}

const figures = {
  count: sql<string>`sum(${posDailyTotals.transactions})::text`,
  amountKobo: sql<string>`sum(${posDailyTotals.amountKobo})::text`,
};

const numeric = <R extends { count: string; amountKobo: string }>(rows: R[]) =>
  rows.map((r) => ({ ...r, count: Number(r.count), amountKobo: Number(r.amountKobo) }));

export async function selectPosByDay(db: Db, filter: PosFilter) {
  const rows = await db
    .select({ day: posDailyTotals.day, ...figures })
    .from(posDailyTotals)
    .where(takingsOf(filter))
    .groupBy(posDailyTotals.day)
    .orderBy(posDailyTotals.day);
  return numeric(rows);
}

/** Per terminal, with the agent and MDA of its takings (the latest name when they changed). */
export async function selectPosByTerminal(db: Db, filter: PosFilter) {
  const rows = await db
    .select({
      terminalId: posDailyTotals.terminalId,
      agentName: sql<string>`coalesce(min(${posAgents.name}), 'No agent')`,
      mdaName: sql<string>`coalesce(min(${mdas.name}), 'No MDA')`,
      ...figures,
    })
    .from(posDailyTotals)
    .leftJoin(posAgents, eq(posAgents.id, posDailyTotals.agentId))
    .leftJoin(mdas, eq(mdas.id, posDailyTotals.mdaId))
    .where(takingsOf(filter))
    .groupBy(posDailyTotals.terminalId)
    .orderBy(sql`sum(${posDailyTotals.amountKobo}) desc`, posDailyTotals.terminalId);
  return numeric(rows);
}

export async function selectPosByAgent(db: Db, filter: PosFilter) {
  const rows = await db
    .select({
      agentId: sql<string>`coalesce(${posDailyTotals.agentId}::text, '')`,
      agentName: sql<string>`coalesce(min(${posAgents.name}), 'No agent')`,
      ...figures,
    })
    .from(posDailyTotals)
    .leftJoin(posAgents, eq(posAgents.id, posDailyTotals.agentId))
    .where(takingsOf(filter))
    .groupBy(posDailyTotals.agentId)
    .orderBy(sql`sum(${posDailyTotals.amountKobo}) desc`, sql`min(${posAgents.name})`);
  return numeric(rows);
}

export async function selectPosByMda(db: Db, filter: PosFilter) {
  const rows = await db
    .select({
      mdaId: sql<string>`coalesce(${posDailyTotals.mdaId}::text, '')`,
      mdaName: sql<string>`coalesce(min(${mdas.name}), 'No MDA')`,
      ...figures,
    })
    .from(posDailyTotals)
    .leftJoin(mdas, eq(mdas.id, posDailyTotals.mdaId))
    .where(takingsOf(filter))
    .groupBy(posDailyTotals.mdaId)
    .orderBy(sql`sum(${posDailyTotals.amountKobo}) desc`, sql`min(${mdas.name})`);
  return numeric(rows);
}

/** The period's recorded takings, one figure. */
export async function selectPosTotal(db: Db, filter: PosFilter) {
  const [row] = await db.select(figures).from(posDailyTotals).where(takingsOf(filter));
  return { count: Number(row?.count ?? 0), amountKobo: Number(row?.amountKobo ?? 0) };
}
