import { and, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PosTransactionListQuery } from '../../../../shared/pos/transactionList';
import type { MdaScope } from '../../../auth/mdaScope';
import { whereInMdaScope } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { containsPattern } from '../../../db/like';
import { mdas, posAgents, posDailyTotals, posTransactions } from '../../../db/schema';

/** The only file of the POS transaction list that talks to Drizzle (docs/architecture.md §2). */

/**
 * The payer name's words, split as payments.payer_name_words (ADR 0019); the same expression
 * as pos_transactions_payer_name_words_idx (migration 0031), so the GIN index answers `@>`.
 */
const payerNameWords = sql`array_remove(regexp_split_to_array(lower(coalesce(${posTransactions.payerName}, '')), '[[:space:][:punct:]]+'), '')`;

/** What a typed keyword can be, worked out once before the list's statements. */
export type KeywordMatch = {
  text: string;
  /** The phone forms to try exactly (as typed, and as +234…). */
  phones: string[];
  /** Words of a payer's name, all of which must be in the name. */
  words: string[];
  /** The agents whose name holds the keyword (pos_agents is hundreds of rows, not millions). */
  agentIds: string[];
};

export type PosListFilter = Omit<
  PosTransactionListQuery,
  'page' | 'pageSize' | 'format' | 'keyword'
> & {
  scope: MdaScope;
  keyword?: KeywordMatch;
};

/** At most this many agents a keyword names: past it the keyword is too vague for a name. */
const MAX_AGENTS_OF_KEYWORD = 200;

export async function selectAgentIdsNamed(db: Db, text: string): Promise<string[]> {
  const rows = await db
    .select({ id: posAgents.id })
    .from(posAgents)
    .where(ilike(posAgents.name, containsPattern(text)))
    .limit(MAX_AGENTS_OF_KEYWORD);
  return rows.map((r) => r.id);
}

/**
 * The keyword as exact values, each the leading column of an index of pos_transactions (rrn,
 * stan, terminal_id, payer_phone, agent_id, the name's words): the planner ORs the bitmaps of
 * the few rows each finds, and never reads the whole table (migration 0031).
 */
function keywordCondition(k: KeywordMatch): SQL {
  const branches: (SQL | undefined)[] = [
    eq(posTransactions.rrn, k.text),
    eq(posTransactions.stan, k.text),
    eq(posTransactions.terminalId, k.text),
    k.phones.length > 0 ? inArray(posTransactions.payerPhone, k.phones) : undefined,
    k.agentIds.length > 0 ? inArray(posTransactions.agentId, k.agentIds) : undefined,
    k.words.length > 0 ? sql`${payerNameWords} @> ${sql.param(k.words)}::text[]` : undefined,
  ];
  return or(...branches) as SQL;
}

function whereOf(filter: PosListFilter): SQL | undefined {
  return and(
    whereInMdaScope(filter.scope, posTransactions.mdaId),
    filter.terminalId ? eq(posTransactions.terminalId, filter.terminalId) : undefined,
    filter.agentId ? eq(posTransactions.agentId, filter.agentId) : undefined,
    filter.mdaId ? eq(posTransactions.mdaId, filter.mdaId) : undefined,
    filter.status ? eq(posTransactions.status, filter.status) : undefined,
    filter.state ? eq(posTransactions.state, filter.state) : undefined,
    filter.from ? gte(posTransactions.transactionDay, filter.from) : undefined,
    filter.to ? lte(posTransactions.transactionDay, filter.to) : undefined,
    filter.keyword ? keywordCondition(filter.keyword) : undefined,
  );
}

/**
 * Newest first. A keyword's few matches are found through the bitmaps of its indexes and then
 * sorted: ordered by the bare column, PostgreSQL walked pos_transactions_transacted_at_idx
 * from the newest row filtering each, 7 s for an RRN at 1 M rows (bench/README.md "POS").
 * The `+ interval '0'` keeps the same order while taking that index off the table.
 */
function newestFirst(filter: PosListFilter): SQL[] {
  if (!filter.keyword) return [desc(posTransactions.transactedAt), desc(posTransactions.id)];
  return [sql`${posTransactions.transactedAt} + interval '0' desc`, desc(posTransactions.id)];
}

export type PosTransactionRow = typeof posTransactions.$inferSelect & {
  agentName: string | null;
  mdaName: string | null;
};

/** A page of the filter, newest first (pos_transactions_transacted_at_idx), ties by id. */
export async function selectPosTransactionPage(
  db: Db,
  filter: PosListFilter,
  window: { limit: number; offset: number },
): Promise<PosTransactionRow[]> {
  const rows = await db
    .select({
      transaction: posTransactions,
      agentName: posAgents.name,
      mdaName: mdas.name,
    })
    .from(posTransactions)
    .leftJoin(posAgents, eq(posAgents.id, posTransactions.agentId))
    .leftJoin(mdas, eq(mdas.id, posTransactions.mdaId))
    .where(whereOf(filter))
    .orderBy(...newestFirst(filter))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((r) => ({ ...r.transaction, agentName: r.agentName, mdaName: r.mdaName }));
}

/** Whether the daily totals can answer the filter's totals: they know all but status and keyword. */
export function isRollupFilter(filter: PosListFilter): boolean {
  return !filter.keyword && !filter.status;
}

/**
 * The filter's totals from pos_daily_totals (migration 0031): a month is terminals × days rows
 * instead of every transaction of the month (250 ms at 1 M, bench/README.md "POS").
 */
export async function totalFromDailyTotals(
  db: Db,
  filter: PosListFilter,
): Promise<{ count: number; amountKobo: number }> {
  const [row] = await db
    .select({
      count: sql<number>`coalesce(sum(${posDailyTotals.transactions}), 0)::int`,
      amountKobo: sql<number>`coalesce(sum(${posDailyTotals.amountKobo}), 0)::bigint`,
    })
    .from(posDailyTotals)
    .where(
      and(
        whereInMdaScope(filter.scope, posDailyTotals.mdaId),
        filter.terminalId ? eq(posDailyTotals.terminalId, filter.terminalId) : undefined,
        filter.agentId ? eq(posDailyTotals.agentId, filter.agentId) : undefined,
        filter.mdaId ? eq(posDailyTotals.mdaId, filter.mdaId) : undefined,
        filter.state ? eq(posDailyTotals.state, filter.state) : undefined,
        filter.from ? gte(posDailyTotals.day, filter.from) : undefined,
        filter.to ? lte(posDailyTotals.day, filter.to) : undefined,
      ),
    );
  return { count: Number(row?.count ?? 0), amountKobo: Number(row?.amountKobo ?? 0) };
}

/** How many transactions the filter matches and what they add up to, in one statement. */
export async function totalPosTransactions(
  db: Db,
  filter: PosListFilter,
): Promise<{ count: number; amountKobo: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amountKobo: sql<number>`coalesce(sum(${posTransactions.amountKobo}), 0)::bigint`,
    })
    .from(posTransactions)
    .where(whereOf(filter));
  return { count: Number(row?.count ?? 0), amountKobo: Number(row?.amountKobo ?? 0) };
}
