import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { MdaScope } from '../../../auth/mdaScope';
import { whereInMdaScope } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import {
  mdaRevenueHeads,
  mdas,
  posAgents,
  posDailyTotals,
  posTerminals,
  posTransactions,
} from '../../../db/schema';

/**
 * The dashboard's statements (docs/pos.md "The dashboard"). Takings are read from
 * pos_daily_totals (migration 0031: kept by the statement that writes each transaction), a
 * month being terminals × days rows, never the transactions themselves.
 */

export type DayRange = { from: string; to: string; scope: MdaScope };

/** Recorded takings: revenue in the ledger (held, declined, reversed and rejected are not). */
function takingsOf(range: DayRange): SQL | undefined {
  return and(
    eq(posDailyTotals.state, 'recorded'),
    gte(posDailyTotals.day, range.from),
    lte(posDailyTotals.day, range.to),
    whereInMdaScope(range.scope, posDailyTotals.mdaId),
  );
}

const figures = {
  amountKobo: sql<number>`coalesce(sum(${posDailyTotals.amountKobo}), 0)::bigint`,
  count: sql<number>`coalesce(sum(${posDailyTotals.transactions}), 0)::int`,
};

export async function selectTakings(db: Db, range: DayRange) {
  const [row] = await db.select(figures).from(posDailyTotals).where(takingsOf(range));
  return { amountKobo: Number(row?.amountKobo ?? 0), count: Number(row?.count ?? 0) };
}

/** The most groups each breakdown lists, largest first: the dashboard is a glance. */
export const GROUPS_SHOWN = 50;

type GroupRow = {
  key: string;
  name: string;
  detail: string | null;
  amountKobo: number;
  count: number;
};

const numeric = (rows: GroupRow[]) =>
  rows.map((r) => ({ ...r, amountKobo: Number(r.amountKobo), count: Number(r.count) }));

export async function selectByAgent(db: Db, range: DayRange): Promise<GroupRow[]> {
  const rows = await db
    .select({
      key: sql<string>`coalesce(${posDailyTotals.agentId}::text, '')`,
      name: sql<string>`coalesce(min(${posAgents.name}), 'No agent')`,
      detail: sql<string | null>`min(${posAgents.phone})`,
      ...figures,
    })
    .from(posDailyTotals)
    .leftJoin(posAgents, eq(posAgents.id, posDailyTotals.agentId))
    .where(takingsOf(range))
    .groupBy(posDailyTotals.agentId)
    .orderBy(sql`sum(${posDailyTotals.amountKobo}) desc`)
    .limit(GROUPS_SHOWN);
  return numeric(rows);
}

export async function selectByTerminal(db: Db, range: DayRange): Promise<GroupRow[]> {
  const rows = await db
    .select({
      key: posDailyTotals.terminalId,
      name: posDailyTotals.terminalId,
      detail: sql<
        string | null
      >`(select a.name from pos_agents a join pos_terminals t on t.agent_id = a.id where t.terminal_id = ${posDailyTotals.terminalId} limit 1)`,
      ...figures,
    })
    .from(posDailyTotals)
    .where(takingsOf(range))
    .groupBy(posDailyTotals.terminalId)
    .orderBy(sql`sum(${posDailyTotals.amountKobo}) desc`, posDailyTotals.terminalId)
    .limit(GROUPS_SHOWN);
  return numeric(rows);
}

export async function selectByMda(db: Db, range: DayRange): Promise<GroupRow[]> {
  const rows = await db
    .select({
      key: sql<string>`coalesce(${posDailyTotals.mdaId}::text, '')`,
      name: sql<string>`coalesce(min(${mdas.name}), 'No MDA')`,
      detail: sql<string | null>`min(${mdas.code})`,
      ...figures,
    })
    .from(posDailyTotals)
    .leftJoin(mdas, eq(mdas.id, posDailyTotals.mdaId))
    .where(takingsOf(range))
    .groupBy(posDailyTotals.mdaId)
    .orderBy(sql`sum(${posDailyTotals.amountKobo}) desc`)
    .limit(GROUPS_SHOWN);
  return numeric(rows);
}

export async function selectByRevenueHead(db: Db, range: DayRange): Promise<GroupRow[]> {
  const rows = await db
    .select({
      key: sql<string>`coalesce(${posDailyTotals.mdaId}::text, '') || '/' || coalesce(${posDailyTotals.revenueHeadCode}, '')`,
      name: sql<string>`coalesce((select h.name from ${mdaRevenueHeads} h where h.mda_id = ${posDailyTotals.mdaId} and h.code = ${posDailyTotals.revenueHeadCode} limit 1), ${posDailyTotals.revenueHeadCode}, 'No revenue head')`,
      detail: sql<
        string | null
      >`(select m.name from ${mdas} m where m.id = ${posDailyTotals.mdaId})`,
      ...figures,
    })
    .from(posDailyTotals)
    .where(takingsOf(range))
    .groupBy(posDailyTotals.mdaId, posDailyTotals.revenueHeadCode)
    .orderBy(sql`sum(${posDailyTotals.amountKobo}) desc`)
    .limit(GROUPS_SHOWN);
  return numeric(rows);
}

export async function selectDaily(
  db: Db,
  range: DayRange,
): Promise<{ day: string; amountKobo: number; count: number }[]> {
  const rows = await db
    .select({ day: posDailyTotals.day, ...figures })
    .from(posDailyTotals)
    .where(takingsOf(range))
    .groupBy(posDailyTotals.day)
    .orderBy(posDailyTotals.day);
  return rows.map((r) => ({
    day: r.day,
    amountKobo: Number(r.amountKobo),
    count: Number(r.count),
  }));
}

/** The most silent terminals listed; the count says how many there are in all. */
export const SILENT_SHOWN = 100;

/**
 * Active terminals with no transaction of any state on `day`: one probe of
 * pos_daily_totals_terminal_day_idx per active terminal (hundreds, not millions).
 */
export async function selectSilentTerminals(db: Db, day: string, scope: MdaScope) {
  const silent = and(
    eq(posTerminals.isActive, true),
    whereInMdaScope(scope, posTerminals.mdaId),
    sql`not exists (select 1 from ${posDailyTotals} d where d.terminal_id = ${posTerminals.terminalId} and d.day = ${day} and d.transactions > 0)`,
  );
  const [items, [counted]] = await Promise.all([
    db
      .select({
        terminalId: posTerminals.terminalId,
        agentName: posAgents.name,
        mdaName: mdas.name,
        lastDay: sql<
          string | null
        >`(select max(d.day)::text from ${posDailyTotals} d where d.terminal_id = ${posTerminals.terminalId} and d.day < ${day} and d.transactions > 0)`,
      })
      .from(posTerminals)
      .innerJoin(mdas, eq(mdas.id, posTerminals.mdaId))
      .leftJoin(posAgents, eq(posAgents.id, posTerminals.agentId))
      .where(silent)
      .orderBy(posTerminals.terminalId)
      .limit(SILENT_SHOWN),
    db.select({ n: sql<number>`count(*)::int` }).from(posTerminals).where(silent),
  ]);
  return { count: Number(counted?.n ?? 0), items };
}

/** Transactions held for review (pos_transactions_held_idx: the held ones only). */
export async function selectHeld(db: Db) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldestAt: sql<string | null>`min(${posTransactions.createdAt})`,
    })
    .from(posTransactions)
    .where(eq(posTransactions.state, 'held'));
  return {
    count: Number(row?.count ?? 0),
    oldestAt: row?.oldestAt ? new Date(row.oldestAt).toISOString() : null,
  };
}
