import { and, asc, count, eq, getTableColumns, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { PosSettlementOutcome } from '../../../../shared/pos/settlement';
import type { Db } from '../../../db/client';
import { jobs, posSettlementRows, posTransactions } from '../../../db/schema';
import { type JobRowKey, writeJobRowOutcome } from '../../../jobs/queries';

/** The only file of the settlement upload that talks to Drizzle (docs/architecture.md §2). */

export type SettlementRow = typeof posSettlementRows.$inferSelect;
export type NewSettlementRow = typeof posSettlementRows.$inferInsert;

/** Under PostgreSQL's 65,535 bind parameters: 2,000 rows × 12 columns. */
const INSERT_CHUNK = 2_000;

export async function insertSettlementRows(tx: Db, rows: readonly NewSettlementRow[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(posSettlementRows).values(rows.slice(i, i + INSERT_CHUNK));
  }
}

export type SettlementJob = typeof jobs.$inferSelect & {
  matched: number;
  amountDiffers: number;
  notInRevdesk: number;
  notInFile: number;
  confirmed: number;
  firstDay: string | null;
  lastDay: string | null;
};

/** The job and its rows counted by outcome, in one statement (one snapshot). */
export async function findSettlementJob(db: Db, id: string): Promise<SettlementJob | null> {
  const counted = (where: string) =>
    sql<number>`(select count(*)::int from pos_settlement_rows r where r.job_id = ${jobs.id} and ${sql.raw(where)})`;
  const [row] = await db
    .select({
      ...getTableColumns(jobs),
      matched: counted(`r.outcome = 'matched'`),
      amountDiffers: counted(`r.outcome = 'amount-differs'`),
      notInRevdesk: counted(`r.outcome = 'not-in-revdesk'`),
      notInFile: counted(`r.outcome = 'not-in-file'`),
      confirmed: counted('r.confirmed_at is not null'),
      firstDay: sql<
        string | null
      >`(select min(r.day)::text from pos_settlement_rows r where r.job_id = ${jobs.id} and r.in_file)`,
      lastDay: sql<
        string | null
      >`(select max(r.day)::text from pos_settlement_rows r where r.job_id = ${jobs.id} and r.in_file)`,
    })
    .from(jobs)
    .where(eq(jobs.id, id));
  return row ?? null;
}

export async function selectSettlementRowsPage(
  db: Db,
  jobId: string,
  filter: { outcome?: PosSettlementOutcome; page: number; pageSize: number },
): Promise<{ rows: SettlementRow[]; total: number }> {
  const where = and(
    eq(posSettlementRows.jobId, jobId),
    filter.outcome ? eq(posSettlementRows.outcome, filter.outcome) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(posSettlementRows)
      .where(where)
      .orderBy(asc(posSettlementRows.lineNumber))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(posSettlementRows).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function selectAllSettlementRows(db: Db, jobId: string): Promise<SettlementRow[]> {
  return db
    .select()
    .from(posSettlementRows)
    .where(eq(posSettlementRows.jobId, jobId))
    .orderBy(asc(posSettlementRows.lineNumber));
}

/** The next file rows still without an outcome, in file order, after `afterLine`. */
export function selectUnprocessedSettlementRows(
  db: Db,
  jobId: string,
  afterLine: number,
  limit: number,
): Promise<SettlementRow[]> {
  return db
    .select()
    .from(posSettlementRows)
    .where(
      and(
        eq(posSettlementRows.jobId, jobId),
        gt(posSettlementRows.lineNumber, afterLine),
        isNull(posSettlementRows.outcome),
      ),
    )
    .orderBy(asc(posSettlementRows.lineNumber))
    .limit(limit);
}

export type RevdeskMatch = {
  lineNumber: number;
  transactionId: string;
  amountKobo: number;
  state: string;
  status: string;
};

/**
 * RevDesk's transactions of these file rows, by terminal, STAN and Lagos day: one probe of
 * pos_transactions_once_key per row.
 */
export async function selectRevdeskMatches(
  db: Db,
  jobId: string,
  lineNumbers: readonly number[],
): Promise<RevdeskMatch[]> {
  if (lineNumbers.length === 0) return [];
  return db
    .select({
      lineNumber: posSettlementRows.lineNumber,
      transactionId: posTransactions.id,
      amountKobo: posTransactions.amountKobo,
      state: posTransactions.state,
      status: posTransactions.status,
    })
    .from(posSettlementRows)
    .innerJoin(
      posTransactions,
      and(
        eq(posTransactions.provider, 'benjis'),
        eq(posTransactions.terminalId, posSettlementRows.terminalId),
        eq(posTransactions.stan, posSettlementRows.stan),
        eq(posTransactions.transactionDay, posSettlementRows.day),
      ),
    )
    .where(
      and(
        eq(posSettlementRows.jobId, jobId),
        inArray(posSettlementRows.lineNumber, [...lineNumbers]),
      ),
    );
}

export function writeSettlementRowOutcome(
  tx: Db,
  key: JobRowKey,
  result: {
    outcome: PosSettlementOutcome;
    message: string | null;
    transactionId: string | null;
    revdeskAmountKobo: number | null;
  },
): Promise<boolean> {
  return writeJobRowOutcome(
    tx,
    'pos_settlement_rows',
    key,
    sql`outcome = ${result.outcome},
        message = ${result.message},
        transaction_id = ${result.transactionId},
        revdesk_amount_kobo = ${result.revdeskAmountKobo},
        processed_at = now()`,
  );
}

/**
 * Adds, once per job, a row for each of RevDesk's approved transactions (recorded or held) on
 * the days the file covers that no file row matched: numbered after the file's last line. One
 * statement, so a worker that dies leaves all of them or none; a second run adds nothing. The
 * days are read through pos_transactions_transacted_at_idx (their Lagos midnights).
 */
export async function insertNotInFileRows(db: Db, jobId: string): Promise<number> {
  const res = (await db.execute(sql`
    with days as (
      select distinct day from pos_settlement_rows where job_id = ${jobId} and in_file
    ), span as (
      select (min(day)::timestamp at time zone 'Africa/Lagos') as starts,
             ((max(day) + 1)::timestamp at time zone 'Africa/Lagos') as ends,
             (select max(line_number) from pos_settlement_rows where job_id = ${jobId}) as last_line
        from days
    ), missing as (
      select t.*, row_number() over (order by t.transacted_at, t.id) as n
        from pos_transactions t, span
       where t.transacted_at >= span.starts and t.transacted_at < span.ends
         and t.transaction_day in (select day from days)
         and t.provider = 'benjis'
         and t.status = 'approved'
         and t.state in ('recorded', 'held')
         and not exists (select 1 from pos_settlement_rows r
                          where r.job_id = ${jobId} and r.transaction_id = t.id)
    )
    insert into pos_settlement_rows
      (job_id, line_number, in_file, terminal_id, stan, rrn, amount_kobo, transacted_at, day,
       revenue_head_code, payer_name, payer_phone, outcome, message, transaction_id,
       revdesk_amount_kobo, processed_at)
    select ${jobId}, span.last_line + m.n, false, m.terminal_id, m.stan, m.rrn, m.amount_kobo,
           m.transacted_at, m.transaction_day, m.revenue_head_code, m.payer_name, m.payer_phone,
           'not-in-file',
           case when m.state = 'held' then 'In RevDesk (held for review) but not in the file.'
                else 'In RevDesk but not in the file.' end,
           m.id, m.amount_kobo, now()
      from missing m, span
     where not exists (select 1 from pos_settlement_rows r where r.job_id = ${jobId} and not r.in_file)
    returning line_number`)) as unknown as { rows: unknown[] };
  return res.rows.length;
}

/** A "not in RevDesk" row, locked for the transaction that confirms it. */
export async function findSettlementRowForUpdate(
  tx: Db,
  jobId: string,
  lineNumber: number,
): Promise<SettlementRow | null> {
  const [row] = await tx
    .select()
    .from(posSettlementRows)
    .where(and(eq(posSettlementRows.jobId, jobId), eq(posSettlementRows.lineNumber, lineNumber)))
    .for('update');
  return row ?? null;
}

export async function markSettlementRowConfirmed(
  tx: Db,
  key: { jobId: string; lineNumber: number },
  confirmed: { by: string | null; outcome: string; transactionId: string | null },
): Promise<SettlementRow> {
  const [row] = await tx
    .update(posSettlementRows)
    .set({
      confirmedAt: sql`now()`,
      confirmedBy: confirmed.by,
      confirmedOutcome: confirmed.outcome,
      transactionId: confirmed.transactionId,
    })
    .where(
      and(eq(posSettlementRows.jobId, key.jobId), eq(posSettlementRows.lineNumber, key.lineNumber)),
    )
    .returning();
  if (!row) throw new Error('the settlement row vanished');
  return row;
}

/** The "not in RevDesk" rows nobody has confirmed yet, in file order. */
export function selectUnconfirmedLines(db: Db, jobId: string, limit: number) {
  return db
    .select({ lineNumber: posSettlementRows.lineNumber })
    .from(posSettlementRows)
    .where(
      and(
        eq(posSettlementRows.jobId, jobId),
        eq(posSettlementRows.outcome, 'not-in-revdesk'),
        isNull(posSettlementRows.confirmedAt),
      ),
    )
    .orderBy(asc(posSettlementRows.lineNumber))
    .limit(limit);
}
