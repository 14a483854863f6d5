import { and, asc, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { BatchRowOutcome } from '../../../shared/payments';
import type { Db } from '../../db/client';
import { jobs, rrrCheckRows } from '../../db/schema';
import { type JobRow, type JobRowKey, writeJobRowOutcome } from '../../jobs/queries';

/**
 * The rows of batch RRR checks (the jobs table itself is src/server/jobs/queries.ts). Rules
 * live in service.ts and job.ts; this file only reads and writes.
 */

export type CheckRow = typeof rrrCheckRows.$inferSelect;
export type NewCheckRow = typeof rrrCheckRows.$inferInsert;

/** Kept under PostgreSQL's 65,535 bind parameters: 1,000 rows × 9 columns. */
const INSERT_CHUNK = 1_000;

export async function insertCheckRows(tx: Db, rows: readonly NewCheckRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(rrrCheckRows).values(rows.slice(i, i + INSERT_CHUNK));
  }
}

export type JobWithCounts = JobRow & { counts: Partial<Record<BatchRowOutcome, number>> };

/**
 * The job and its rows counted by outcome, in one statement: one snapshot, so the counts
 * always add up to `processed` however fast the worker writes.
 */
export async function findJobWithCounts(db: Db, id: string): Promise<JobWithCounts | null> {
  const [row] = await db
    .select({
      ...getTableColumns(jobs),
      counts: sql<Partial<Record<BatchRowOutcome, number>>>`(
        select coalesce(json_object_agg(c.outcome, c.rows), '{}'::json)
          from (select outcome, count(*)::int as rows
                  from rrr_check_rows
                 where job_id = ${jobs.id} and outcome is not null
                 group by outcome) c)`,
    })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row ?? null;
}

export function selectAllCheckRows(db: Db, jobId: string): Promise<CheckRow[]> {
  return db
    .select()
    .from(rrrCheckRows)
    .where(eq(rrrCheckRows.jobId, jobId))
    .orderBy(asc(rrrCheckRows.lineNumber));
}

/** The next rows still to check, in file order, after `afterLine`. */
export function selectUncheckedRows(
  db: Db,
  jobId: string,
  afterLine: number,
  limit: number,
): Promise<CheckRow[]> {
  return db
    .select()
    .from(rrrCheckRows)
    .where(
      and(
        eq(rrrCheckRows.jobId, jobId),
        gt(rrrCheckRows.lineNumber, afterLine),
        isNull(rrrCheckRows.outcome),
      ),
    )
    .orderBy(asc(rrrCheckRows.lineNumber))
    .limit(limit);
}

export type RowResult = {
  outcome: BatchRowOutcome;
  statusCode: string | null;
  message: string;
  payerName: string | null;
  amountKobo: number | null;
  transactionDate: string | null;
};

/** Writes a row's result once, counted in the job's progress (src/server/jobs/queries.ts). */
export function writeRowResult(tx: Db, key: JobRowKey, result: RowResult): Promise<boolean> {
  return writeJobRowOutcome(
    tx,
    'rrr_check_rows',
    key,
    sql`outcome = ${result.outcome}::batch_row_outcome,
        status_code = ${result.statusCode},
        message = ${result.message},
        payer_name = ${result.payerName},
        amount_kobo = ${result.amountKobo},
        transaction_date = ${result.transactionDate},
        checked_at = now()`,
  );
}

/** Adds to a row's message once its result is written (the ledger's receipt number). */
export async function setRowMessage(
  tx: Db,
  jobId: string,
  lineNumber: number,
  message: string,
): Promise<void> {
  await tx
    .update(rrrCheckRows)
    .set({ message })
    .where(and(eq(rrrCheckRows.jobId, jobId), eq(rrrCheckRows.lineNumber, lineNumber)));
}
