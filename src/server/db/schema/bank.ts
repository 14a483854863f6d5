import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BANKS, STATEMENT_DIRECTIONS, STATEMENT_LINE_STATES } from '../../../shared/bank/enums';
import { mdas } from './mdas';
import { officers } from './officers';
import { payments } from './payments';

/**
 * Bank statements matched to the ledger (docs/bank.md): the service's collection accounts, each
 * statement line stored once, and each account-day's reconciliation signed off by an officer.
 */

export const bank = pgEnum('bank', BANKS);
export const statementDirection = pgEnum('statement_direction', STATEMENT_DIRECTIONS);
export const statementLineState = pgEnum('statement_line_state', STATEMENT_LINE_STATES);

/** A collection account the administrator keeps: an MDA's, or the service's general one (no MDA). */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bank: bank('bank').notNull(),
    /** NUBAN: ten digits. */
    accountNumber: text('account_number').notNull(),
    name: text('name').notNull(),
    mdaId: uuid('mda_id').references(() => mdas.id),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * How many days either side of a credit's value date the matcher looks for a payment of its
     * amount (docs/bank-matching.md): three covers Remita's next-working-day settlement over a
     * weekend.
     */
    matchWindowDays: smallint('match_window_days').notNull().default(3),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_accounts_number_key').on(t.accountNumber),
    check('bank_accounts_nuban', sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
    check('bank_accounts_match_window', sql`${t.matchWindowDays} between 0 and 31`),
  ],
);

/**
 * One line of an account's statement, stored once: unique by account and the bank's own
 * transaction reference, so fetching a day twice adds nothing. A credit carries its standing
 * against the ledger (`state`), the payment it matched or was posted as, and the rule that
 * matched it; a debit carries none.
 */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id),
    bankReference: text('bank_reference').notNull(),
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    direction: statementDirection('direction').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    narration: text('narration').notNull(),
    /** Empty for a debit. */
    state: statementLineState('state'),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** Which rule matched it ('rrr-in-narration', 'receipt-in-narration', 'amount-and-date', 'picked', 'posted'). */
    rule: text('rule'),
    /** The payments an ambiguous credit could be. */
    candidatePaymentIds: uuid('candidate_payment_ids').array(),
    /** Why an officer marked it not revenue. */
    stateReason: text('state_reason'),
    decidedBy: uuid('decided_by').references(() => officers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The fetch job that stored it. */
    jobId: uuid('job_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_statement_lines_once_key').on(t.accountId, t.bankReference),
    index('bank_statement_lines_account_day_idx').on(t.accountId, t.valueDate, t.id),
    index('bank_statement_lines_state_idx').on(t.accountId, t.state, t.valueDate),
    // A payment is matched or posted by one credit at most, save the parts of a split credit
    // (docs/bank-matching.md), which all name the one payment they add up to.
    uniqueIndex('bank_statement_lines_payment_key')
      .on(t.paymentId)
      .where(sql`${t.rule} is distinct from 'split'`),
    index('bank_statement_lines_payment_idx').on(t.paymentId),
    // The suspense indicator (docs/indicators.md): the credits still waiting, across accounts.
    index('bank_statement_lines_suspense_idx')
      .on(t.valueDate)
      .where(sql`${t.state} in ('unmatched', 'ambiguous')`),
    check('bank_statement_lines_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'bank_statement_lines_credit_state',
      sql`(${t.direction} = 'credit') = (${t.state} is not null)`,
    ),
    check(
      'bank_statement_lines_matched_has_payment',
      sql`${t.state} is distinct from 'matched' or ${t.paymentId} is not null`,
    ),
  ],
);

/**
 * An account-day's reconciliation as an officer signed it off: the figures then (bank credits,
 * ledger payments, matched, unmatched each side, difference) kept as they were. A change to a
 * signed-off day needs a reason and is listed with the sign-off (`changes`).
 */
export const bankReconciliationSignOffs = pgTable(
  'bank_reconciliation_sign_offs',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => bankAccounts.id),
    day: date('day', { mode: 'string' }).notNull(),
    figures: jsonb('figures').notNull(),
    signedOffBy: uuid('signed_off_by')
      .notNull()
      .references(() => officers.id),
    signedOffAt: timestamp('signed_off_at', { withTimezone: true }).notNull().defaultNow(),
    /** Each change after the sign-off: what, why, who, when. */
    changes: jsonb('changes').notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
