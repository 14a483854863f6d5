import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { OPEN_CREDIT_STATES, type OpenCreditListQuery } from '../../../../shared/bank/openCredits';
import type { Db } from '../../../db/client';
import { bankAccounts, bankStatementLines } from '../../../db/schema';

/**
 * The credits waiting across accounts. `state in ('unmatched', 'ambiguous')` is written out even
 * when one state is asked, so the planner may read `bank_statement_lines_suspense_idx` (partial
 * on exactly that predicate, by value date): the waiting credits stay few while the statement
 * lines grow (docs/work-queues.md "Cost").
 */
function whereOf(query: OpenCreditListQuery, accountId: string | null): SQL | undefined {
  return and(
    inArray(bankStatementLines.state, [...OPEN_CREDIT_STATES]),
    query.state ? eq(bankStatementLines.state, query.state) : undefined,
    accountId ? eq(bankStatementLines.accountId, accountId) : undefined,
  );
}

/** A window of the list in its order: a page of the screen, or of an export. */
export type OpenCreditWindow = { limit: number; offset: number };

export async function selectOpenCreditPage(
  db: Db,
  query: OpenCreditListQuery,
  accountId: string | null,
  window: OpenCreditWindow,
) {
  return (
    db
      .select({
        id: bankStatementLines.id,
        accountNumber: bankAccounts.accountNumber,
        accountName: bankAccounts.name,
        bankReference: bankStatementLines.bankReference,
        valueDate: bankStatementLines.valueDate,
        amountKobo: bankStatementLines.amountKobo,
        narration: bankStatementLines.narration,
        state: bankStatementLines.state,
        candidateCount: sql<number>`coalesce(cardinality(${bankStatementLines.candidatePaymentIds}), 0)::int`,
      })
      .from(bankStatementLines)
      .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatementLines.accountId))
      .where(whereOf(query, accountId))
      // The oldest first: the credit waiting longest is the first to decide. A total order
      // (ties by reference, then id), so an export's offset pages neither skip nor repeat.
      .orderBy(
        asc(bankStatementLines.valueDate),
        asc(bankStatementLines.bankReference),
        asc(bankStatementLines.id),
      )
      .limit(window.limit)
      .offset(window.offset)
  );
}

export async function selectOpenCreditTotals(
  db: Db,
  query: OpenCreditListQuery,
  accountId: string | null,
) {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      amountKobo: sql<string>`coalesce(sum(${bankStatementLines.amountKobo}), 0)`,
    })
    .from(bankStatementLines)
    .where(whereOf(query, accountId));
  return { count: Number(row?.count ?? 0), amountKobo: Number(row?.amountKobo ?? 0) };
}
