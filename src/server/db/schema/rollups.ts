import {
  bigint,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { demandNoticeStatus } from './demandNotices';
import { paymentChannel } from './payments';

/**
 * What the service collected, as movements kept by the ledger's own statements (migration
 * 0031, docs/architecture.md §9, ADR 0034): a payment adds its amount on the Lagos day it was
 * paid; a reversal takes it off on the Lagos day it was reversed. Every report and dashboard
 * reads these, never the payments table, so the same period gives the same figure everywhere.
 *
 * The dimensions are those reports group by. Empty text stands for "none" (a payment of no
 * particular record, no revenue head, no type) because a primary key cannot hold a null.
 * `shard` spreads the rows one busy MDA-day would otherwise queue on: each database session
 * writes its own (pg_backend_pid() % 16), and readers add the shards up.
 */
const dimensions = {
  // No foreign key: the payment row it comes from has one, and a check per upserted row would
  // be paid on every payment.
  mdaId: uuid('mda_id').notNull(),
  revenueHeadCode: text('revenue_head_code').notNull(),
  channel: paymentChannel('channel').notNull(),
  subjectKind: text('subject_kind').notNull(),
  type: text('type').notNull(),
  shard: smallint('shard').notNull(),
  paymentCount: bigint('payment_count', { mode: 'number' }).notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
};

export const collectionDailyTotals = pgTable(
  'collection_daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...dimensions,
  },
  (t) => [
    primaryKey({
      name: 'collection_daily_totals_pkey',
      columns: [t.day, t.mdaId, t.revenueHeadCode, t.channel, t.subjectKind, t.type, t.shard],
    }),
    index('collection_daily_totals_mda_day_idx').on(t.mdaId, t.day),
  ],
);

/** The same movements by calendar month (`month` is its first day), for whole months of a period. */
export const collectionMonthlyTotals = pgTable(
  'collection_monthly_totals',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ...dimensions,
  },
  (t) => [
    primaryKey({
      name: 'collection_monthly_totals_pkey',
      columns: [t.month, t.mdaId, t.revenueHeadCode, t.channel, t.subjectKind, t.type, t.shard],
    }),
    index('collection_monthly_totals_mda_month_idx').on(t.mdaId, t.month),
  ],
);

/**
 * The demand notices by issue day, MDA and stored status (migration 0036's triggers keep them in
 * the statement that changes a notice, docs/architecture.md §9): how many, what they ask
 * (total_kobo), what the ledger paid on them (paid_kobo) and what each still owes, floored at
 * nought notice by notice (outstanding_kobo). The MDA transaction report over many MDAs reads
 * these instead of every notice. `overdue` is not a stored status (it is read from the due date
 * against today), so it is not a dimension here: the report takes the open notices not yet due
 * from the notices themselves (few: only those issued within their term) and counts the rest of
 * the open ones as overdue. `shard` as for the collection totals.
 */
const noticeDimensions = {
  mdaId: uuid('mda_id').notNull(),
  status: demandNoticeStatus('status').notNull(),
  shard: smallint('shard').notNull(),
  noticeCount: bigint('notice_count', { mode: 'number' }).notNull(),
  totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
  paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull(),
  outstandingKobo: bigint('outstanding_kobo', { mode: 'number' }).notNull(),
};

export const demandNoticeDailyTotals = pgTable(
  'demand_notice_daily_totals',
  {
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    ...noticeDimensions,
  },
  (t) => [
    primaryKey({
      name: 'demand_notice_daily_totals_pkey',
      columns: [t.issuedOn, t.mdaId, t.status, t.shard],
    }),
    index('demand_notice_daily_totals_mda_day_idx').on(t.mdaId, t.issuedOn),
  ],
);

/** The same by calendar month of issue (`month` is its first day), for whole months of a period. */
export const demandNoticeMonthlyTotals = pgTable(
  'demand_notice_monthly_totals',
  {
    month: date('month', { mode: 'string' }).notNull(),
    ...noticeDimensions,
  },
  (t) => [
    primaryKey({
      name: 'demand_notice_monthly_totals_pkey',
      columns: [t.month, t.mdaId, t.status, t.shard],
    }),
    index('demand_notice_monthly_totals_mda_month_idx').on(t.mdaId, t.month),
  ],
);
