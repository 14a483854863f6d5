import {
  doublePrecision,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { officers } from './officers';

/**
 * Failed sign-ins, counted per (account, address) and per account over every address, each a
 * count that halves with time (ADR 0023). In the database so every instance shares it
 * (docs/architecture.md §7). A row past `blockedUntil` answers attempts again; one left idle for a day is
 * deleted by the next failure anywhere.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    /** `officer:<uuid>` for an account; `login:<name as typed, lower-cased>` for a name no account has. */
    subject: text('subject').notNull(),
    /** The client address the failures came from; `*` counts every address of the subject together. */
    address: text('address').notNull(),
    /** The account, when the subject is one: what the administrators' list joins on. */
    officerId: uuid('officer_id').references(() => officers.id, { onDelete: 'cascade' }),
    /** Failures, decayed to `lastFailedAt` (a half-life per kind of counter, ADR 0023). */
    failures: doublePrecision('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    /** Until then an attempt of this subject from this address (any address for `*`) is not checked. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.address] }),
    index('sign_in_throttles_officer_idx').on(t.officerId),
    index('sign_in_throttles_last_failed_idx').on(t.lastFailedAt),
  ],
);
