import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { jobs } from './jobs';
import { officers } from './officers';
import { posTransactionState } from './pos';

/**
 * What the POS pages read besides pos_transactions (docs/pos-settlement.md, docs/pos.md):
 * the day's totals the dashboard adds up, and the rows of a provider's settlement file.
 */

/**
 * The POS takings of one Lagos day, per terminal, agent, MDA, revenue head and state, kept by
 * a trigger on pos_transactions (the migration's hand-written part) in the statement that
 * writes the transaction: the dashboard reads a month as terminals × days rows, never the
 * transactions themselves (docs/architecture.md §9, "reports and dashboards: rollups").
 */
export const posDailyTotals = pgTable(
  'pos_daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    terminalId: text('terminal_id').notNull(),
    agentId: uuid('agent_id'),
    mdaId: uuid('mda_id'),
    revenueHeadCode: text('revenue_head_code'),
    state: posTransactionState('state').notNull(),
    transactions: integer('transactions').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('pos_daily_totals_key')
      .on(t.day, t.terminalId, t.agentId, t.mdaId, t.revenueHeadCode, t.state)
      .nullsNotDistinct(),
    index('pos_daily_totals_terminal_day_idx').on(t.terminalId, t.day),
  ],
);

/**
 * One row of a settlement file (`in_file`), or one of RevDesk's transactions of a day the file
 * covers that the file does not hold (`in_file` false, numbered after the file's lines). The
 * outcome is written once by the job (jobs/queries.ts writeJobRowOutcome); a row "not in
 * RevDesk" is recorded only when an officer confirms it (`confirmed_*`).
 */
export const posSettlementRows = pgTable(
  'pos_settlement_rows',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    lineNumber: integer('line_number').notNull(),
    inFile: boolean('in_file').notNull().default(true),
    terminalId: text('terminal_id').notNull(),
    stan: text('stan').notNull(),
    rrn: text('rrn').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    transactedAt: timestamp('transacted_at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    revenueHeadCode: text('revenue_head_code'),
    payerName: text('payer_name'),
    payerPhone: text('payer_phone'),
    /** matched | amount-differs | not-in-revdesk | not-in-file; null until the job reads it. */
    outcome: text('outcome'),
    message: text('message'),
    /** RevDesk's transaction the row matched (or, for `not-in-file`, the one missing). */
    transactionId: uuid('transaction_id'),
    revdeskAmountKobo: bigint('revdesk_amount_kobo', { mode: 'number' }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What recording the row gave once an officer confirmed it (recorded, held, duplicate…). */
    confirmedOutcome: text('confirmed_outcome'),
    confirmedBy: uuid('confirmed_by').references(() => officers.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.lineNumber] }),
    index('pos_settlement_rows_outcome_idx').on(t.jobId, t.outcome, t.lineNumber),
    index('pos_settlement_rows_transaction_idx')
      .on(t.jobId, t.transactionId)
      .where(sql`${t.transactionId} is not null`),
  ],
);
