import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  PAYMENT_ARRIVALS,
  PAYMENT_CHANNELS,
  PAYMENT_STATUSES,
  PAYMENT_SUBJECT_KINDS,
  PAYMENT_TYPES,
} from '../../../shared/payments/enums';
import { mdas } from './mdas';
import { officers } from './officers';
import { taxpayers } from './taxpayers';

export const paymentChannel = pgEnum('payment_channel', PAYMENT_CHANNELS);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const paymentArrival = pgEnum('payment_arrival', PAYMENT_ARRIVALS);
export const paymentType = pgEnum('payment_type', PAYMENT_TYPES);
export const paymentSubjectKind = pgEnum('payment_subject_kind', PAYMENT_SUBJECT_KINDS);

/**
 * The payments ledger (ADR 0010): every bill raised (an RRR, `pending`) and every payment
 * received. A row is never deleted: reversing a payment or cancelling a bill is a new status
 * with a reason, audited in the same transaction. One row per RRR, whichever way it arrived
 * first (notification, status check, batch): the unique RRR makes arrival idempotent.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `<prefix>/<year>/<sequence>`, e.g. BIRS/2026/0000042; given when the payment is paid. */
    receiptNumber: text('receipt_number'),
    /**
     * The unguessable code its verification address carries, in its QR code and typed (ADR 0032):
     * ten characters of PUBLIC_CODE_ALPHABET, drawn by revdesk_public_code() (migration).
     */
    publicCode: text('public_code').notNull().default(sql`revdesk_public_code()`),
    rrr: text('rrr'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
    /** The revenue head's economic code (mda_revenue_heads.code of the MDA), when known. */
    revenueHeadCode: text('revenue_head_code'),
    /** The taxpayer; empty until an auto-registration or an officer matches the payer. */
    btin: text('btin').references(() => taxpayers.btin),
    payerName: text('payer_name'),
    /**
     * The payer name's words, split as taxpayers.name_words (lower case, at spaces and ASCII
     * punctuation; none when there is no name): the history's name search matches them
     * exactly once it has found the words like those typed in payment_payer_name_words
     * (migration 0014, ADR 0019).
     */
    payerNameWords: text('payer_name_words')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`array_remove(regexp_split_to_array(lower(coalesce(payer_name, '')), '[[:space:][:punct:]]+'), '')`,
      ),
    payerPhone: text('payer_phone'),
    payerEmail: text('payer_email'),
    channel: paymentChannel('channel').notNull(),
    status: paymentStatus('status').notNull(),
    /** The revenue it counts as (the history's `type` filter, the reports), when known. */
    type: paymentType('type'),
    /**
     * The record it pays (ADR 0028): its kind, which names the settlement that brings it up to
     * date, and its id in that domain's table. Both empty for a payment of nothing particular.
     */
    subjectKind: paymentSubjectKind('subject_kind'),
    subjectId: text('subject_id'),
    description: text('description'),
    /** The order id RevDesk sent Remita with the bill (or Remita's, for a payment made elsewhere). */
    orderId: text('order_id'),
    /**
     * When RevDesk last sent this bill's paymentinit. A bill with it and no RRR is "RRR pending
     * confirmation": the answer was lost and the RRR is asked for by `orderId` (ADR 0020); it
     * is also the claim that keeps two settlements from sending paymentinit again at once.
     */
    rrrRequestedAt: timestamp('rrr_requested_at', { withTimezone: true }),
    /**
     * The sweep's back-off for a bill pending confirmation that could not be settled (Remita
     * down, the MDA's settings wrong): how many looks failed in a row, when the next is due,
     * and why the last one failed, in words for an administrator ("Payments needing
     * attention"). A stuck bill waits its turn instead of holding the sweep's place (ADR 0031).
     */
    rrrConfirmAttempts: integer('rrr_confirm_attempts').notNull().default(0),
    rrrConfirmNextAt: timestamp('rrr_confirm_next_at', { withTimezone: true }),
    rrrConfirmError: text('rrr_confirm_error'),
    /** Remita's transaction reference, a POS terminal and STAN, a bank's reference… */
    sourceReference: text('source_reference'),
    arrival: paymentArrival('arrival').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * The day the payment counts on, in Lagos: the day it was paid, or for one never paid (a
     * bill pending, failed, cancelled) the day it was raised. The history's date filter and
     * the daily totals (payment_daily_totals) read it.
     */
    paymentDate: date('payment_date', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`(timezone('Africa/Lagos', coalesce(paid_at, created_at)))::date`),
    /** Why the status last changed by hand (reversal, cancellation), by whom and when. */
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    statusChangedBy: uuid('status_changed_by').references(() => officers.id),
    /** Bumped on every change. */
    version: integer('version').notNull().default(1),
    /** Empty when the system recorded it (a notification, a job). */
    createdBy: uuid('created_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_receipt_number_key').on(t.receiptNumber),
    uniqueIndex('payments_public_code_key').on(t.publicCode),
    uniqueIndex('payments_rrr_key').on(t.rrr),
    index('payments_created_at_idx').on(t.createdAt),
    // Newest paid first reads the index in order (nulls, the unpaid, last), for all and per MDA.
    index('payments_paid_at_idx').on(sql`${t.paidAt} desc nulls last`, sql`${t.id} desc`),
    index('payments_mda_paid_at_idx').on(
      t.mdaId,
      sql`${t.paidAt} desc nulls last`,
      sql`${t.id} desc`,
    ),
    index('payments_mda_created_at_idx').on(t.mdaId, t.createdAt),
    // The history's default order, newest first by the date each row shows: paid, or raised
    // when never paid (shared/payments/enums.ts PAYMENT_SORTS), for all and per MDA.
    index('payments_shown_at_idx').on(
      sql`coalesce(${t.paidAt}, ${t.createdAt}) desc`,
      sql`${t.id} desc`,
    ),
    index('payments_mda_shown_at_idx').on(
      t.mdaId,
      sql`coalesce(${t.paidAt}, ${t.createdAt}) desc`,
      sql`${t.id} desc`,
    ),
    index('payments_payment_date_idx').on(t.paymentDate),
    index('payments_mda_payment_date_idx').on(t.mdaId, t.paymentDate),
    index('payments_btin_idx').on(t.btin),
    // What was paid against one record: its settlement's sum, its detail page's payments.
    index('payments_subject_idx').on(t.subjectKind, t.subjectId),
    index('payments_source_reference_idx').on(t.sourceReference),
    // A receipt entered by hand (backlog capture) is recorded once per MDA: the same paper
    // receipt cannot back two assessments.
    uniqueIndex('payments_manual_receipt_key')
      .on(t.mdaId, t.sourceReference)
      .where(sql`${t.channel} = 'manual'`),
    // Money received without an RRR is recorded once per channel and source (ledger.ts
    // recordReceivedPayment): a POS transaction by provider, terminal, STAN and day; a bank
    // credit by account and the bank's reference.
    uniqueIndex('payments_received_source_key')
      .on(t.channel, t.sourceReference)
      .where(sql`${t.channel} in ('pos', 'bank')`),
    // The history's name search: which payments have a word (src/server/search/nameWords.ts).
    index('payments_payer_name_words_idx').using('gin', t.payerNameWords),
    // A name searched within an officer's MDAs: the MDA's payments and the name's in one GIN
    // scan, which skips through the MDA's long list by the name's short one (btree_gin,
    // migration 0016, ADR 0019); else ~11,500 heap rows are read at 10 M to find 1,001.
    index('payments_mda_payer_name_words_idx').using('gin', t.mdaId, t.payerNameWords),
    /**
     * The auto-reg page: paid Remita payments (an RRR) still waiting for a taxpayer, in the
     * page's order (newest shown first), so its first page and the work queue's one row read
     * only these rows. On created_at, PostgreSQL walked payments_shown_at_idx instead and
     * stepped over every newer payment: 0.75 s past 120,000 pending bills at 400,000
     * payments (docs/work-queues.md "Cost", bench/README.md "Work queue counts").
     */
    index('payments_unmatched_idx')
      .on(sql`coalesce(${t.paidAt}, ${t.createdAt}) desc`, sql`${t.id} desc`)
      .where(sql`${t.btin} is null and ${t.status} = 'paid' and ${t.rrr} is not null`),
    // The bills whose RRR is still to confirm (ADR 0020): few, read by the sweep and by a
    // payment arriving with an orderId the ledger has no RRR for.
    index('payments_rrr_unconfirmed_idx')
      .on(t.orderId)
      .where(sql`${t.rrr} is null and ${t.rrrRequestedAt} is not null and ${t.status} = 'pending'`),
    check('payments_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'payments_paid_has_receipt',
      sql`${t.status} not in ('paid', 'reversed') or (${t.receiptNumber} is not null and ${t.paidAt} is not null)`,
    ),
    check('payments_subject_whole', sql`(${t.subjectKind} is null) = (${t.subjectId} is null)`),
    check('payments_rrr_format', sql`${t.rrr} is null or ${t.rrr} ~ '^[0-9]{12}$'`),
  ],
);

/**
 * Count and amount of payments per MDA, Lagos day and status, kept by statement triggers on
 * payments (migration payment_history_at_scale): the history's totals for a filter of MDA,
 * status and dates add up these rows for the part-months at the ends of a date range, and
 * payment_monthly_totals for the whole months, instead of scanning the ledger
 * (docs/architecture.md §9, ADR 0019). Each database session writes its own shard of a key
 * (pg_backend_pid() % 16) so a burst to one MDA on one day does not queue on one row; readers
 * add the shards up, and closed days' shards are folded into shard 0 (ADR 0035).
 */
export const paymentDailyTotals = pgTable(
  'payment_daily_totals',
  {
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
    day: date('day', { mode: 'string' }).notNull(),
    status: paymentStatus('status').notNull(),
    shard: smallint('shard').notNull().default(0),
    paymentCount: bigint('payment_count', { mode: 'number' }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mdaId, t.day, t.status, t.shard] }),
    index('payment_daily_totals_day_idx').on(t.day),
  ],
);

/**
 * The same totals per MDA, Lagos month (its first day) and status, kept by the same statement
 * triggers in the same transaction (migration payer_name_words_and_monthly_totals, ADR 0019):
 * the history's totals over many months add up whole months here and only the part-months at
 * the ends of a date range from payment_daily_totals, at most MDAs × months × statuses rows
 * (times the shards of the month in progress, ADR 0035).
 */
export const paymentMonthlyTotals = pgTable(
  'payment_monthly_totals',
  {
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
    month: date('month', { mode: 'string' }).notNull(),
    status: paymentStatus('status').notNull(),
    shard: smallint('shard').notNull().default(0),
    paymentCount: bigint('payment_count', { mode: 'number' }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mdaId, t.month, t.status, t.shard] }),
    index('payment_monthly_totals_month_idx').on(t.month),
  ],
);

/**
 * Every word that has stood in a payer's name (migration 0014), as taxpayer_name_words is for
 * taxpayers (ADR 0009): a typed word is matched against these by trigram similarity, not
 * against millions of payer names. Words are never removed.
 */
export const paymentPayerNameWords = pgTable(
  'payment_payer_name_words',
  { word: text('word').primaryKey() },
  (t) => [index('payment_payer_name_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/** The last receipt sequence given in each year: receipt numbers restart at 1 every January. */
export const receiptCounters = pgTable('receipt_counters', {
  year: smallint('year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});
