import { and, asc, between, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bankAccounts, bankStatementFetchDays, bankStatementLines, jobs } from '../../../db/schema';
import type { BankStatementLine } from '../../../integrations/fidelity/types';

/** Statement fetches and the lines they store (docs/bank.md); rules are in service.ts and job.ts. */

export const FETCH_DAYS_TABLE = 'bank_statement_fetch_days';

export async function insertFetchDays(
  tx: Db,
  rows: (typeof bankStatementFetchDays.$inferInsert)[],
): Promise<void> {
  await tx.insert(bankStatementFetchDays).values(rows);
}

export type FetchJob = {
  id: string;
  kind: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  createdBy: string | null;
  processed: number;
  total: number;
  fileName: string;
  error: string | null;
  accountNumber: string;
  from: string;
  to: string;
  stored: number;
};

/** The fetch with its account, range and lines stored so far; null for no such job. */
export async function selectFetchJob(db: Db, jobId: string): Promise<FetchJob | null> {
  const [row] = await db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      status: jobs.status,
      createdBy: jobs.createdBy,
      processed: jobs.processed,
      total: jobs.total,
      fileName: jobs.fileName,
      error: jobs.error,
      accountNumber: sql<string>`min(${bankAccounts.accountNumber})`,
      from: sql<string>`min(${bankStatementFetchDays.day})::text`,
      to: sql<string>`max(${bankStatementFetchDays.day})::text`,
      stored: sql<number>`coalesce(sum(${bankStatementFetchDays.stored}), 0)::int`,
    })
    .from(jobs)
    .innerJoin(bankStatementFetchDays, eq(bankStatementFetchDays.jobId, jobs.id))
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatementFetchDays.accountId))
    .where(eq(jobs.id, jobId))
    .groupBy(jobs.id);
  return row ?? null;
}

export type FetchDay = {
  lineNumber: number;
  day: string;
  accountId: string;
  accountNumber: string;
};

/** The days of the fetch still without an outcome, first day first. */
export function selectUnfetchedDays(db: Db, jobId: string): Promise<FetchDay[]> {
  return db
    .select({
      lineNumber: bankStatementFetchDays.lineNumber,
      day: bankStatementFetchDays.day,
      accountId: bankStatementFetchDays.accountId,
      accountNumber: bankAccounts.accountNumber,
    })
    .from(bankStatementFetchDays)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatementFetchDays.accountId))
    .where(and(eq(bankStatementFetchDays.jobId, jobId), isNull(bankStatementFetchDays.outcome)))
    .orderBy(asc(bankStatementFetchDays.lineNumber));
}

/** The outcome columns of a fetched day, for jobs/queries.ts writeJobRowOutcome. */
export function fetchedDaySet(counts: { lines: number; stored: number }): SQL {
  return sql`outcome = 'fetched', lines = ${counts.lines}, stored = ${counts.stored}, fetched_at = now()`;
}

/** Rows a statement inserts at once: well under PostgreSQL's 65,535 parameters (9 a row). */
const INSERT_BATCH = 1_000;

/**
 * Stores the lines RevDesk does not hold yet (unique by account and the bank's reference) and
 * answers how many were new. A credit starts `unmatched`; a debit has no state.
 */
export async function insertStatementLines(
  tx: Db,
  accountId: string,
  jobId: string,
  lines: readonly BankStatementLine[],
): Promise<number> {
  let stored = 0;
  for (let i = 0; i < lines.length; i += INSERT_BATCH) {
    const batch = lines.slice(i, i + INSERT_BATCH);
    const inserted = await tx
      .insert(bankStatementLines)
      .values(
        batch.map((line) => ({
          accountId,
          jobId,
          bankReference: line.bankReference,
          valueDate: line.valueDate,
          postedAt: line.postedAt ? new Date(line.postedAt) : null,
          direction: line.direction,
          amountKobo: line.amountKobo,
          narration: line.narration,
          state: line.direction === 'credit' ? ('unmatched' as const) : null,
        })),
      )
      .onConflictDoNothing({
        target: [bankStatementLines.accountId, bankStatementLines.bankReference],
      })
      .returning({ id: bankStatementLines.id });
    stored += inserted.length;
  }
  return stored;
}

/** The ids of the account's lines with these bank references (stored now or before). */
export async function selectLineIds(
  tx: Db,
  accountId: string,
  references: readonly string[],
): Promise<string[]> {
  if (references.length === 0) return [];
  const rows = await tx
    .select({ id: bankStatementLines.id })
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.accountId, accountId),
        sql`${bankStatementLines.bankReference} = any(${sql.param([...references])}::text[])`,
      ),
    );
  return rows.map((r) => r.id);
}

/** How many of these lines of the account this fetch stored (its `job_id`), now or before a crash. */
export async function countLinesStoredBy(
  tx: Db,
  jobId: string,
  accountId: string,
  references: readonly string[],
): Promise<number> {
  if (references.length === 0) return 0;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.accountId, accountId),
        eq(bankStatementLines.jobId, jobId),
        sql`${bankStatementLines.bankReference} = any(${sql.param([...references])}::text[])`,
      ),
    );
  return row?.n ?? 0;
}

/** The stored lines of an account's value dates, summed each way (bank_statement_lines_account_day_idx). */
export async function sumStoredLines(db: Db, accountId: string, from: string, to: string) {
  const rows = await db
    .select({
      direction: bankStatementLines.direction,
      count: sql<string>`count(*)`,
      amountKobo: sql<string>`coalesce(sum(${bankStatementLines.amountKobo}), 0)`,
    })
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.accountId, accountId),
        between(bankStatementLines.valueDate, from, to),
      ),
    )
    .groupBy(bankStatementLines.direction);
  const of = (direction: 'credit' | 'debit') => {
    const row = rows.find((r) => r.direction === direction);
    return { count: Number(row?.count ?? 0), amountKobo: Number(row?.amountKobo ?? 0) };
  };
  return { credits: of('credit'), debits: of('debit') };
}

/** Which of these bank references the account holds already. */
export async function selectStoredReferences(
  db: Db,
  accountId: string,
  references: readonly string[],
): Promise<Set<string>> {
  const held = new Set<string>();
  for (let i = 0; i < references.length; i += 1000) {
    const rows = await db
      .select({ bankReference: bankStatementLines.bankReference })
      .from(bankStatementLines)
      .where(
        and(
          eq(bankStatementLines.accountId, accountId),
          inArray(bankStatementLines.bankReference, references.slice(i, i + 1000)),
        ),
      );
    for (const r of rows) held.add(r.bankReference);
  }
  return held;
}
