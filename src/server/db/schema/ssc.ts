import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  SSC_CATEGORIES,
  SSC_SCHEDULE_SOURCES,
  SSC_SCHEDULE_STATUSES,
} from '../../../shared/ssc/enums';
import { mdas } from './mdas';
import { officers } from './officers';
import { payments } from './payments';

/**
 * SSC levies on public pay (docs/tax-rules.md "SSC levies"): the rate table as dated data, and
 * each employer MDA's monthly schedule per category with its rows.
 */

export const sscCategory = pgEnum('ssc_category', SSC_CATEGORIES);
export const sscScheduleStatus = pgEnum('ssc_schedule_status', SSC_SCHEDULE_STATUSES);
export const sscScheduleSource = pgEnum('ssc_schedule_source', SSC_SCHEDULE_SOURCES);

/**
 * One band of a category's rates from a date: a new rate is a new row with a later
 * `effective_from`, so a past month's schedule keeps the rate of its month. `is_demo`: a rate
 * without a public source, shown "demo" on screen.
 */
export const sscRates = pgTable(
  'ssc_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    category: sscCategory('category').notNull(),
    gradeFrom: smallint('grade_from').notNull(),
    gradeTo: smallint('grade_to').notNull(),
    /** Hundredths of a per cent: 150 = 1.5 %. */
    rateBps: integer('rate_bps').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ssc_rates_band_key').on(t.category, t.gradeFrom, t.effectiveFrom),
    check('ssc_rates_band', sql`${t.gradeFrom} between 1 and ${t.gradeTo} and ${t.gradeTo} <= 17`),
    check('ssc_rates_rate', sql`${t.rateBps} between 0 and 10000`),
  ],
);

/**
 * One MDA's schedule of one category for one month, once (`ssc_schedules_month_key`): a
 * corrected upload replaces its rows while it is unbilled. Totals are kept with it so the lists
 * never sum rows.
 */
export const sscSchedules = pgTable(
  'ssc_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
    category: sscCategory('category').notNull(),
    /** YYYY-MM. */
    month: text('month').notNull(),
    status: sscScheduleStatus('status').notNull().default('unbilled'),
    source: sscScheduleSource('source').notNull(),
    fileName: text('file_name'),
    /** The uploaded file, kept in stored_files (ADR 0016); null for a schedule typed by hand. */
    fileKey: text('file_key'),
    staffCount: integer('staff_count').notNull(),
    grossKobo: bigint('gross_kobo', { mode: 'number' }).notNull(),
    levyKobo: bigint('levy_kobo', { mode: 'number' }).notNull(),
    hasDemoRates: boolean('has_demo_rates').notNull(),
    /** The bill (RRR) waiting or paid; null while unbilled. */
    paymentId: uuid('payment_id').references(() => payments.id),
    replacedTimes: integer('replaced_times').notNull().default(0),
    createdBy: uuid('created_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    billedAt: timestamp('billed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ssc_schedules_month_key').on(t.mdaId, t.category, t.month),
    index('ssc_schedules_category_month_idx').on(t.category, t.month),
    check('ssc_schedules_month', sql`${t.month} ~ '^20[0-9]{2}-(0[1-9]|1[0-2])$'`),
  ],
);

export const sscScheduleRows = pgTable(
  'ssc_schedule_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => sscSchedules.id, { onDelete: 'cascade' }),
    /** The line in the file (the header is line 1), or the position typed by hand. */
    line: integer('line').notNull(),
    staffId: text('staff_id').notNull(),
    name: text('name').notNull(),
    gradeLevel: smallint('grade_level').notNull(),
    grossKobo: bigint('gross_kobo', { mode: 'number' }).notNull(),
    rateBps: integer('rate_bps').notNull(),
    isDemoRate: boolean('is_demo_rate').notNull(),
    levyKobo: bigint('levy_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('ssc_schedule_rows_staff_key').on(t.scheduleId, sql`upper(${t.staffId})`),
    index('ssc_schedule_rows_line_idx').on(t.scheduleId, t.line),
  ],
);
