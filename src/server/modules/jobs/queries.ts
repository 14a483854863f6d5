import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import type { BatchRowOutcome } from '../../../shared/payments';
import type { Db } from '../../db/client';
import { jobs, rrrCheckRows } from '../../db/schema';

/**
 * The jobs table and the rows of batch RRR checks. Rules live in service.ts and in
 * src/server/jobs/; this file only reads and writes. Times of leases come from the database's
 * clock, so instances whose clocks differ still agree on whose lease ran out.
 */

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;
export type CheckRow = typeof rrrCheckRows.$inferSelect;
export type NewCheckRow = typeof rrrCheckRows.$inferInsert;

/** Kept under PostgreSQL's 65,535 bind parameters: 1,000 rows × 9 columns. */
const INSERT_CHUNK = 1_000;

export async function insertJob(tx: Db, row: NewJobRow): Promise<JobRow> {
  const [inserted] = await tx.insert(jobs).values(row).returning();
  if (!inserted) throw new Error('insert into jobs returned nothing');
  return inserted;
}

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

/**
 * Takes the oldest job of these kinds that is waiting, or whose worker's lease ran out (it
 * crashed), for `leaseSeconds`. SKIP LOCKED: two workers asking at once get different jobs.
 */
export async function claimNextJob(
  db: Db,
  kinds: readonly string[],
  workerId: string,
  leaseSeconds: number,
): Promise<JobRow | null> {
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, [...kinds]),
        inArray(jobs.status, ['queued', 'running']),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(jobs.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(jobs)
    .set({
      status: 'running',
      lockedBy: workerId,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
      startedAt: sql`coalesce(${jobs.startedAt}, now())`,
    })
    .where(inArray(jobs.id, next))
    .returning();
  return row ?? null;
}

/** Extends the lease; false when another worker holds the job now (ours had run out). */
export async function renewLease(
  db: Db,
  jobId: string,
  workerId: string,
  leaseSeconds: number,
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/**
 * Gives back every job a worker held, for a worker that knows it is the only one (the embedded
 * database: DATA_DIR is one process's). A server killed mid-job resumes it at its restart
 * instead of waiting out the dead worker's lease. Returns how many it took back.
 */
export async function releaseEveryLease(db: Db): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.status, 'running'), isNotNull(jobs.lockedBy)))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Gives the job back unfinished (the app is closing): the next worker takes it at once. */
export async function releaseLease(db: Db, jobId: string, workerId: string): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null })
    .where(and(eq(jobs.id, jobId), eq(jobs.lockedBy, workerId)));
}

export async function finishJob(
  db: Db,
  jobId: string,
  workerId: string | null,
  end: { status: 'succeeded' | 'failed'; error: string | null },
): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({
      status: end.status,
      error: end.error,
      lockedBy: null,
      lockedUntil: null,
      finishedAt: sql`now()`,
    })
    .where(
      and(
        eq(jobs.id, jobId),
        workerId === null ? undefined : eq(jobs.lockedBy, workerId),
        // Succeeded means every row has its result; a row left over would be a lost check.
        end.status === 'succeeded'
          ? sql`not exists (select 1 from rrr_check_rows r where r.job_id = ${jobs.id} and r.outcome is null)
              and not exists (select 1 from tcc_batch_rows t where t.job_id = ${jobs.id} and t.outcome is null)`
          : undefined,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length > 0;
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

/**
 * Writes a row's result and counts it in the job's progress, in one statement. Only while
 * the row has no result yet and only by the worker holding the job: a row is checked once,
 * whoever crashed in between. True when this call wrote it.
 */
export async function writeRowResult(
  tx: Db,
  key: { jobId: string; lineNumber: number; workerId: string },
  result: RowResult,
): Promise<boolean> {
  const res = (await tx.execute(sql`
    with checked as (
      update rrr_check_rows
         set outcome = ${result.outcome}::batch_row_outcome,
             status_code = ${result.statusCode},
             message = ${result.message},
             payer_name = ${result.payerName},
             amount_kobo = ${result.amountKobo},
             transaction_date = ${result.transactionDate},
             checked_at = now()
       where job_id = ${key.jobId}
         and line_number = ${key.lineNumber}
         and outcome is null
         and exists (select 1 from jobs where id = ${key.jobId} and locked_by = ${key.workerId})
      returning line_number
    )
    update jobs
       set processed = processed + (select count(*) from checked)::int
     where id = ${key.jobId}
    returning (select count(*) from checked)::int as written`)) as unknown as {
    rows: { written: number }[];
  };
  return (res.rows[0]?.written ?? 0) > 0;
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

export type JobQueueDepth = {
  kind: string;
  status: 'queued' | 'running';
  jobs: number;
  /** Seconds since the oldest of these jobs was queued (by the database's clock). */
  oldestAgeSeconds: number;
};

/**
 * Jobs waiting or in hand, by kind and status, for the metrics at each scrape (ADR 0015). Reads
 * the (status, created_at) index: finished jobs, however many, are never visited.
 */
export function countUnfinishedJobs(db: Db): Promise<JobQueueDepth[]> {
  return db
    .select({
      kind: jobs.kind,
      status: sql<'queued' | 'running'>`${jobs.status}`,
      jobs: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`extract(epoch from now() - min(${jobs.createdAt}))::float8`,
    })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'running']))
    .groupBy(jobs.kind, jobs.status);
}
