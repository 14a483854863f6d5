import { and, asc, count, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { TccBatchOutcome, TccBatchRowInput } from '../../../../shared/tcc/bulk';
import type { Db } from '../../../db/client';
import { jobs, mdas, tccBatchRows, tccs } from '../../../db/schema';
import { type JobRowKey, writeJobRowOutcome } from '../../../jobs/queries';

/**
 * The rows of bulk MDA-employee uploads (tcc_batch_rows) and their jobs. Rules live in
 * service.ts and job.ts; this file only reads and writes.
 */

/** What a row keeps in `data`: the MDA chosen at upload, and the input or what was wrong. */
export type TccBatchRowData = {
  mdaId: string;
  btin: string;
  staffNumber: string | null;
  input: TccBatchRowInput | null;
};

export type TccBatchRow = Omit<typeof tccBatchRows.$inferSelect, 'data' | 'outcome'> & {
  data: TccBatchRowData;
  outcome: TccBatchOutcome | null;
};
export type NewTccBatchRow = typeof tccBatchRows.$inferInsert & { data: TccBatchRowData };

/** Kept under PostgreSQL's 65,535 bind parameters: 1,000 rows × 7 columns. */
const INSERT_CHUNK = 1_000;

export async function insertBatchRows(tx: Db, rows: readonly NewTccBatchRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(tccBatchRows).values(rows.slice(i, i + INSERT_CHUNK));
  }
}

export type TccBatchWithCounts = typeof jobs.$inferSelect & {
  generated: number;
  failed: number;
  mdaId: string | null;
  mdaName: string | null;
};

/**
 * The job, its rows counted by outcome and its MDA, in one statement: one snapshot, so the
 * counts always add up to `processed` however fast the worker writes.
 */
export async function findBatchWithCounts(db: Db, id: string): Promise<TccBatchWithCounts | null> {
  const [row] = await db
    .select({
      ...getTableColumns(jobs),
      generated: sql<number>`(select count(*)::int from tcc_batch_rows r where r.job_id = ${jobs.id} and r.outcome = 'generated')`,
      failed: sql<number>`(select count(*)::int from tcc_batch_rows r where r.job_id = ${jobs.id} and r.outcome = 'failed')`,
      mdaId: sql<
        string | null
      >`(select r.data->>'mdaId' from tcc_batch_rows r where r.job_id = ${jobs.id} order by r.line_number limit 1)`,
    })
    .from(jobs)
    .where(eq(jobs.id, id));
  if (!row) return null;
  let mdaName: string | null = null;
  if (row.mdaId) {
    const [mda] = await db.select({ name: mdas.name }).from(mdas).where(eq(mdas.id, row.mdaId));
    mdaName = mda?.name ?? null;
  }
  return { ...row, mdaName };
}

export type TccBatchRowWithNumber = TccBatchRow & { number: string | null };

const rowWithNumber = { ...getTableColumns(tccBatchRows), number: tccs.number };

/** A page of a batch's rows in file order, optionally of one outcome, with certificate numbers. */
export async function selectBatchRowsPage(
  db: Db,
  jobId: string,
  filter: { outcome?: TccBatchOutcome; page: number; pageSize: number },
): Promise<{ rows: TccBatchRowWithNumber[]; total: number }> {
  const where = and(
    eq(tccBatchRows.jobId, jobId),
    filter.outcome ? eq(tccBatchRows.outcome, filter.outcome) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(rowWithNumber)
      .from(tccBatchRows)
      .leftJoin(tccs, eq(tccs.id, tccBatchRows.tccId))
      .where(where)
      .orderBy(asc(tccBatchRows.lineNumber))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(tccBatchRows).where(where),
  ]);
  return { rows: rows as TccBatchRowWithNumber[], total: total?.n ?? 0 };
}

export async function selectAllBatchRows(db: Db, jobId: string): Promise<TccBatchRowWithNumber[]> {
  const rows = await db
    .select(rowWithNumber)
    .from(tccBatchRows)
    .leftJoin(tccs, eq(tccs.id, tccBatchRows.tccId))
    .where(eq(tccBatchRows.jobId, jobId))
    .orderBy(asc(tccBatchRows.lineNumber));
  return rows as TccBatchRowWithNumber[];
}

/** The next rows still without an outcome, in file order, after `afterLine`. */
export async function selectUnprocessedBatchRows(
  db: Db,
  jobId: string,
  afterLine: number,
  limit: number,
): Promise<TccBatchRow[]> {
  const rows = await db
    .select()
    .from(tccBatchRows)
    .where(
      and(
        eq(tccBatchRows.jobId, jobId),
        gt(tccBatchRows.lineNumber, afterLine),
        isNull(tccBatchRows.outcome),
      ),
    )
    .orderBy(asc(tccBatchRows.lineNumber))
    .limit(limit);
  return rows as TccBatchRow[];
}

/** Writes a row's outcome once, counted in the job's progress (src/server/jobs/queries.ts). */
export function writeBatchRowOutcome(
  tx: Db,
  key: JobRowKey,
  result: { outcome: TccBatchOutcome; message: string | null; tccId: string | null },
): Promise<boolean> {
  return writeJobRowOutcome(
    tx,
    'tcc_batch_rows',
    key,
    sql`outcome = ${result.outcome},
        message = ${result.message},
        tcc_id = ${result.tccId},
        processed_at = now()`,
  );
}

/**
 * The certificate a job already generated from a row (same job, BTIN and purpose): a worker
 * that died after generating it but before writing the row's outcome left it so.
 */
export async function findTccOfBatchRow(
  db: Db,
  jobId: string,
  row: { btin: string; purpose: string },
): Promise<{ id: string; number: string } | null> {
  const [found] = await db
    .select({ id: tccs.id, number: tccs.number })
    .from(tccs)
    .where(
      and(
        eq(tccs.jobId, jobId),
        eq(tccs.btin, row.btin),
        eq(tccs.kind, 'mda-employee'),
        sql`${tccs.purpose}::text = ${row.purpose}`,
      ),
    )
    .limit(1);
  return found ?? null;
}
