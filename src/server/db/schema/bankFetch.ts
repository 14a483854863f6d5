import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bankAccounts } from './bank';
import { jobs } from './jobs';

/**
 * The days of a statement fetch (docs/bank.md "The bank's protocol"): the job's rows in the
 * sense of ADR 0030, one per day asked for. A day's lines, their matching and its outcome are
 * written in one transaction, so a worker that dies mid-day leaves that day without an outcome
 * and the next worker fetches it again (the lines are stored once whatever happens). The
 * account and range of the fetch are read from here: the jobs table has no place for them.
 */
export const bankStatementFetchDays = pgTable(
  'bank_statement_fetch_days',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    /** 1 for the first day of the range, and so on. */
    lineNumber: integer('line_number').notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    /** Null until the day is fetched; then 'fetched'. */
    outcome: text('outcome'),
    /** Lines the bank gave for the day. */
    lines: integer('lines'),
    /** Of those, lines RevDesk did not hold yet. */
    stored: integer('stored'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.lineNumber] })],
);
