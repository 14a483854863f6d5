import { and, asc, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

/**
 * The jobs table, whatever the kind (src/server/jobs/kinds.ts). Rules live in the worker and in
 * each kind's module; this file only reads and writes. Times of leases come from the database's
 * clock, so instances whose clocks differ still agree on whose lease ran out.
 */

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;

/**
 * The table a kind keeps its rows in: `job_id`, `line_number`, `outcome` (null until processed)
 * and its own columns. Named by the kind's registration, never by a client.
 */
export type JobRowTable = string;

export async function insertJob(tx: Db, row: NewJobRow): Promise<JobRow> {
  const [inserted] = await tx.insert(jobs).values(row).returning();
  if (!inserted) throw new Error('insert into jobs returned nothing');
  return inserted;
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

/**
 * Ends a job. Succeeded means every row of its kind's table has its outcome: a row left over
 * would be a lost one, so the job then stays running for the next worker.
 */
export async function finishJob(
  db: Db,
  jobId: string,
  workerId: string | null,
  end: { status: 'succeeded' | 'failed'; error: string | null; rowTable?: JobRowTable },
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
        end.status === 'succeeded' && end.rowTable
          ? sql`not exists (select 1 from ${sql.identifier(end.rowTable)} r where r.job_id = ${jobs.id} and r.outcome is null)`
          : undefined,
      ),
    )
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export type JobRowKey = { jobId: string; lineNumber: number; workerId: string };

/**
 * Writes a row's outcome (`set`: the kind's own columns) and counts it in the job's progress,
 * in one statement. Only while the row has no outcome yet and only by the worker holding the
 * job: a row is processed once, whoever crashed in between. True when this call wrote it.
 * Every kind writes its rows through here, so the rule is kept in one place.
 */
export async function writeJobRowOutcome(
  tx: Db,
  table: JobRowTable,
  key: JobRowKey,
  set: SQL,
): Promise<boolean> {
  const res = (await tx.execute(sql`
    with written as (
      update ${sql.identifier(table)}
         set ${set}
       where job_id = ${key.jobId}
         and line_number = ${key.lineNumber}
         and outcome is null
         and exists (select 1 from jobs where id = ${key.jobId} and locked_by = ${key.workerId})
      returning line_number
    )
    update jobs
       set processed = processed + (select count(*) from written)::int
     where id = ${key.jobId}
    returning (select count(*) from written)::int as written`)) as unknown as {
    rows: { written: number }[];
  };
  return (res.rows[0]?.written ?? 0) > 0;
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
