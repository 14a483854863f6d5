import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEMAND_NOTICE_STATUSES } from '../../../shared/demandNotices';
import { mdas } from './mdas';
import { officers } from './officers';
import { taxpayers } from './taxpayers';

export const demandNoticeStatus = pgEnum('demand_notice_status', DEMAND_NOTICE_STATUSES);

/** The sequence of demand notice numbers, `<prefix>/DN/<year>/<sequence>`: unique across years. */
export const demandNoticeNumberSeq = pgSequence('demand_notice_number_seq', { startWith: 1 });

/**
 * An MDA's demand notice (docs/product.md §2 mda/generate-assessment): a payer, lines on the
 * MDA's revenue heads, a due date, and one bill (RRR) for its total, which pays it through the
 * ledger (payments.subject_kind 'demand_notice', ADR 0028). `paid_kobo` is the ledger's sum of
 * the paid payments naming it, brought up to date by its settlement; `overdue` is read, not
 * stored (src/shared/demandNotices.ts).
 */
export const demandNotices = pgTable(
  'demand_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    /** What its QR code and verification address carry (ADR 0032). */
    publicCode: text('public_code').notNull().default(sql`revdesk_public_code()`),
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
    btin: text('btin')
      .notNull()
      .references(() => taxpayers.btin),
    payerName: text('payer_name').notNull(),
    payerPhone: text('payer_phone'),
    status: demandNoticeStatus('status').notNull().default('issued'),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull().default(0),
    /** YYYY-MM-DD in Lagos. */
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** The bill's revenue head: its first line's (one RRR carries one head). */
    revenueHeadCode: text('revenue_head_code').notNull(),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => officers.id),
    createdBy: uuid('created_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('demand_notices_number_key').on(t.number),
    uniqueIndex('demand_notices_public_code_key').on(t.publicCode),
    index('demand_notices_mda_issued_idx').on(t.mdaId, t.issuedOn),
    index('demand_notices_btin_idx').on(t.btin),
    // The report's pages over every MDA, in each of its orders (read forwards or backwards; the
    // id that ends every order is sorted within equal numbers, which are unique, so it costs
    // nothing): the first page reads its 50 rows, never every notice (docs/architecture.md §9).
    index('demand_notices_issued_number_idx').on(t.issuedOn, t.number),
    index('demand_notices_due_number_idx').on(t.dueOn, t.number),
    index('demand_notices_total_number_idx').on(t.totalKobo, t.number),
    // The open notices not yet due: what the report counts apart from the totals' rollup to
    // tell issued and part paid from overdue (report.ts). Few, whatever the history.
    index('demand_notices_open_due_idx')
      .on(t.dueOn)
      .where(sql`${t.status} in ('issued', 'part_paid')`),
    // The arrears indicators (docs/indicators.md): the notices open or changed since a day.
    index('demand_notices_status_updated_idx').on(t.status, t.updatedAt),
    check('demand_notices_total_positive', sql`${t.totalKobo} > 0`),
    check('demand_notices_paid_nonnegative', sql`${t.paidKobo} >= 0`),
    check(
      'demand_notices_cancel_reason',
      sql`(${t.status} = 'cancelled') = (${t.cancelReason} is not null)`,
    ),
  ],
);

/** A line of a demand notice: a revenue head of the notice's MDA, quantity × unit amount. */
export const demandNoticeLines = pgTable(
  'demand_notice_lines',
  {
    demandNoticeId: uuid('demand_notice_id')
      .notNull()
      .references(() => demandNotices.id),
    position: smallint('position').notNull(),
    revenueHeadCode: text('revenue_head_code').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitAmountKobo: bigint('unit_amount_kobo', { mode: 'number' }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('demand_notice_lines_key').on(t.demandNoticeId, t.position),
    check('demand_notice_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('demand_notice_lines_amount', sql`${t.amountKobo} = ${t.quantity} * ${t.unitAmountKobo}`),
  ],
);
