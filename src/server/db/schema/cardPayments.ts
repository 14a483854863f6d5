import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CARD_ATTEMPT_STATUSES } from '../../../shared/payments/card';
import { officers } from './officers';
import { payments } from './payments';

export const cardAttemptStatus = pgEnum('card_attempt_status', CARD_ATTEMPT_STATUSES);

/**
 * Every card payment attempt at the counter (docs/card.md): one card at the gateway's terminal
 * against one bill. The bill itself is the `payments` row; this keeps what the gateway said of
 * each attempt, including those declined or never answered, which the ledger has no row for.
 */
export const cardPaymentAttempts = pgTable(
  'card_payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** RevDesk's reference, sent to the gateway as the idempotency key (CRD-…). */
    reference: text('reference').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    rrr: text('rrr').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    status: cardAttemptStatus('status').notNull().default('pending'),
    gatewayReference: text('gateway_reference'),
    declineCode: text('decline_code'),
    declineReason: text('decline_reason'),
    note: text('note'),
    officerId: uuid('officer_id').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the attempt reached approved, declined or failed. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('card_payment_attempts_reference_key').on(t.reference),
    // One card at the terminal per bill: while an attempt waits for the gateway or for a status
    // query, a second one on the same bill is refused (409) by this index, whoever is first.
    uniqueIndex('card_payment_attempts_open_key')
      .on(t.paymentId)
      .where(sql`${t.status} in ('pending', 'unknown')`),
    index('card_payment_attempts_payment_idx').on(t.paymentId, t.createdAt),
  ],
);
