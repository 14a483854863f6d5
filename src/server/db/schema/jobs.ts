import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { BATCH_ROW_OUTCOMES, JOB_STATUSES } from '../../../shared/payments/enums';
import { mdas } from './mdas';
import { officers } from './officers';

export const jobStatus = pgEnum('job_status', JOB_STATUSES);
export const batchRowOutcome = pgEnum('batch_row_outcome', BATCH_ROW_OUTCOMES);

/**
 * Background work (docs/architecture.md §2 jobs/, §7: kept in the database so any instance may run it and
 * a crash loses nothing). A worker leases a job by setting `lockedUntil`; a job whose lease ran
 * out (its worker died) is taken up by the next worker where it stopped.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `rrr-status-batch`; later kinds add their own. */
    kind: text('kind').notNull(),
    status: jobStatus('status').notNull().default('queued'),
    /** The uploaded file's name, as the officer knows it. */
    fileName: text('file_name').notNull(),
    total: integer('total').notNull(),
    processed: integer('processed').notNull().default(0),
    /** Why the whole job failed, in words for the officer. */
    error: text('error'),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('jobs_status_created_at_idx').on(t.status, t.createdAt)],
);

/**
 * One row of an uploaded RRR CSV and its result. A row is checked once: its result is written
 * only while `outcome` is still empty, so a worker taking over after a crash checks only what
 * is left.
 */
export const rrrCheckRows = pgTable(
  'rrr_check_rows',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id),
    /** The line in the file (the header is line 1). */
    lineNumber: integer('line_number').notNull(),
    /** As written in the file (it may be invalid). */
    rrr: text('rrr').notNull(),
    mdaCode: text('mda_code'),
    mdaId: uuid('mda_id').references(() => mdas.id),
    outcome: batchRowOutcome('outcome'),
    statusCode: text('status_code'),
    message: text('message'),
    payerName: text('payer_name'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }),
    transactionDate: text('transaction_date'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.lineNumber] })],
);

/**
 * An officer's upload being received and read (src/server/uploads/slots.ts): one at a time per
 * officer, held in the database so it holds across instances (docs/architecture.md §7). A slot older than
 * a few minutes is a crashed instance's and is taken over.
 */
export const uploadSlots = pgTable('upload_slots', {
  officerId: uuid('officer_id')
    .primaryKey()
    .references(() => officers.id),
  /** Which request holds it: only that one gives it back. */
  token: uuid('token').notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});
