import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { jobs } from './jobs';
import { posProvider } from './pos';

/**
 * A pull of one day's transactions from the POS provider (docs/pos.md "The pull"): a job of kind
 * `pos-pull`, with the page to ask next, so a worker that takes over after a crash goes on from
 * there (the pages before were recorded, and a page asked twice records nothing twice).
 */
export const posPulls = pgTable(
  'pos_pulls',
  {
    jobId: uuid('job_id')
      .primaryKey()
      .references(() => jobs.id),
    provider: posProvider('provider').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** Queued by the daily schedule rather than by an officer: once a day, whichever instance. */
    isScheduled: boolean('is_scheduled').notNull().default(false),
    nextPage: integer('next_page').notNull().default(1),
    /** How many transactions came out each way: { recorded: 3, duplicate: 40, … }. */
    outcomes: jsonb('outcomes').$type<Record<string, number>>().notNull().default({}),
    /** Why the pull failed, in the provider client's words. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_pulls_scheduled_day_key').on(t.provider, t.day).where(sql`${t.isScheduled}`),
  ],
);
