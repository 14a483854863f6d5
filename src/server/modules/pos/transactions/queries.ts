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
  within?: SQL,
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
    .where(and(whereOf(filter), within))
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

/**
 * The filter's count up to `countLimit` and, when that is all of them, their sum; past it
 * `isCapped` and no sum (ADR 0019, as the payment history's name search): a common payer name
 * matches ~1 % of the table, and adding it up read every match. Reads at most countLimit + 1 rows.
 */
export async function totalPosTransactionsUpTo(
  db: Db,
  filter: PosListFilter,
  countLimit: number,
): Promise<{ count: number; amountKobo: number | null; isCapped: boolean }> {
  const matches = db
    .select({ amountKobo: posTransactions.amountKobo })
    .from(posTransactions)
    .where(whereOf(filter))
    .limit(countLimit + 1)
    .as('matches');
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amountKobo: sql<string>`coalesce(sum(${matches.amountKobo}), 0)`,
    })
    .from(matches);
  const counted = Number(row?.count ?? 0);
  if (counted > countLimit) return { count: countLimit, amountKobo: null, isCapped: true };
  return { count: counted, amountKobo: Number(row?.amountKobo ?? 0), isCapped: false };
}

/**
 * The newest day first, then the day before, two before that, four…: 12 steps pass 11 years.
 * A day, not the payment history's week: a busy service takes thousands of POS transactions a
 * day, and a common name's week was ~2,000 matches to sort (bench/README.md "POS").
 */
const NEWEST_FIRST_WINDOW_DAYS = 1;
const NEWEST_FIRST_WINDOWS = 12;

/**
 * A keyword's page when it matches more than the count reads (a common payer name): read
 * window by window of `transacted_at` going back from now (a day, the day before, two days
 * before that, doubling), each window's matches found through
 * the keyword's indexes ANDed with the transacted_at index and sorted, until the page is full.
 * The windows do not overlap and the last is unbounded, so the order is exactly that of
 * selectPosTransactionPage; a first page sorts about one window's matches instead of all of
 * them (ADR 0019, as selectPaymentsNewestFirstByWindow).
 */
export async function selectPosTransactionPageByWindow(
  db: Db,
  filter: PosListFilter,
  window: { limit: number; offset: number },
  now: Date = new Date(),
): Promise<PosTransactionRow[]> {
  const wanted = window.offset + window.limit;
  const found: PosTransactionRow[] = [];
  let newer: Date | null = null;
  for (let step = 0; step <= NEWEST_FIRST_WINDOWS && found.length < wanted; step++) {
    const days = NEWEST_FIRST_WINDOW_DAYS * 2 ** step;
    const older =
      step === NEWEST_FIRST_WINDOWS ? null : new Date(now.getTime() - days * 86_400_000);
    found.push(
      ...(await selectPosTransactionPage(
        db,
        filter,
        { limit: wanted - found.length, offset: 0 },
        and(
          older
            ? sql`${posTransactions.transactedAt} >= ${older.toISOString()}::timestamptz`
            : undefined,
          newer
            ? sql`${posTransactions.transactedAt} < ${newer.toISOString()}::timestamptz`
            : undefined,
        ),
      )),
    );
    newer = older;
  }
  return found.slice(window.offset);
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
