import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { officers } from './officers';

/**
 * The service's performance indicators (docs/indicators.md): the targets the chairman sets, kept
 * as dated rows (ADR 0033), each closed month's figures as computed once the month closed, and
 * every later recompute that changed one (a restatement, with its reason).
 */

/**
 * A target for one indicator from a day on. The row in force on a day is the newest whose
 * `valid_from` is on or before it (the later one written wins a tie); a new target is a new row.
 */
export const indicatorTargets = pgTable(
  'indicator_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    /** In the indicator's unit: a share 0–1, kobo, a count or days. */
    value: doublePrecision('value').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    note: text('note').notNull(),
    createdBy: uuid('created_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('indicator_targets_key_from_idx').on(t.key, t.validFrom, t.createdAt)],
);

/**
 * One indicator's figure for a closed month, stored once the month closed (src/server/jobs/
 * indicatorSnapshots.ts): the page reads it, so the figure does not move when a record is
 * corrected later. Only a restatement changes it.
 */
export const indicatorSnapshots = pgTable(
  'indicator_snapshots',
  {
    /** The first day of the Lagos month. */
    month: date('month', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    /** Null when the month had nothing to measure (no collections, no objection decided). */
    value: doublePrecision('value'),
    /** The figures behind the value, as shown on the indicator's card (IndicatorFact[]). */
    detail: jsonb('detail').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.month] }),
    check('indicator_snapshots_month_first_day', sql`extract(day from ${t.month}) = 1`),
  ],
);

/** A closed month's figure recomputed and found different: the old and new value and why. */
export const indicatorRestatements = pgTable(
  'indicator_restatements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    month: date('month', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    oldValue: doublePrecision('old_value'),
    newValue: doublePrecision('new_value'),
    oldDetail: jsonb('old_detail').notNull(),
    reason: text('reason').notNull(),
    restatedBy: uuid('restated_by').references(() => officers.id),
    restatedAt: timestamp('restated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('indicator_restatements_key_month_idx').on(t.key, t.month, t.restatedAt)],
);
