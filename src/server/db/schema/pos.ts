import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  POS_ARRIVALS,
  POS_PROVIDERS,
  POS_TRANSACTION_STATES,
  POS_TRANSACTION_STATUSES,
} from '../../../shared/pos/enums';
import { mdas } from './mdas';
import { officers } from './officers';
import { payments } from './payments';

/**
 * POS collections (docs/pos.md): the field agents, their terminals with every reassignment,
 * and each transaction a provider pushed, a pull caught up or a settlement file brought.
 */

export const posProvider = pgEnum('pos_provider', POS_PROVIDERS);
export const posTransactionStatus = pgEnum('pos_transaction_status', POS_TRANSACTION_STATUSES);
export const posTransactionState = pgEnum('pos_transaction_state', POS_TRANSACTION_STATES);
export const posArrival = pgEnum('pos_arrival', POS_ARRIVALS);

/** A field agent who collects on a terminal; signs in as the officer of a POS user type. */
export const posAgents = pgTable(
  'pos_agents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
    lga: text('lga'),
    /** The officer account the agent signs in with (an OFFICER_BENJIS type), when they have one. */
    officerId: uuid('officer_id').references(() => officers.id),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_agents_officer_key').on(t.officerId),
    index('pos_agents_mda_idx').on(t.mdaId),
    index('pos_agents_name_idx').on(t.name, t.id),
  ],
);

/**
 * A terminal as the provider names it (`terminal_id`), where it collects now: its agent, MDA
 * and default revenue head. Each change is a row of pos_terminal_assignments.
 */
export const posTerminals = pgTable(
  'pos_terminals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: posProvider('provider').notNull(),
    terminalId: text('terminal_id').notNull(),
    serialNumber: text('serial_number').notNull(),
    agentId: uuid('agent_id').references(() => posAgents.id),
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
    /** The revenue head a transaction that names none counts under (mda_revenue_heads.code). */
    revenueHeadCode: text('revenue_head_code'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_terminals_provider_terminal_key').on(t.provider, t.terminalId),
    uniqueIndex('pos_terminals_serial_key').on(t.provider, t.serialNumber),
    index('pos_terminals_agent_idx').on(t.agentId),
    index('pos_terminals_mda_idx').on(t.mdaId),
  ],
);

/** Every assignment of a terminal (agent, MDA, revenue head, active), with who made it and when. */
export const posTerminalAssignments = pgTable(
  'pos_terminal_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    terminalId: uuid('terminal_id')
      .notNull()
      .references(() => posTerminals.id),
    agentId: uuid('agent_id').references(() => posAgents.id),
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
    revenueHeadCode: text('revenue_head_code'),
    isActive: boolean('is_active').notNull(),
    reason: text('reason'),
    changedBy: uuid('changed_by').references(() => officers.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pos_terminal_assignments_terminal_idx').on(t.terminalId, t.changedAt)],
);

/**
 * One transaction of a terminal, once: unique by provider, terminal, STAN and the Lagos day it
 * was made (a STAN is six digits and wraps, so it is unique only within a day). An approved one
 * from a known active terminal is a `pos` payment in the ledger (`payment_id`); one from an
 * unknown or inactive terminal is held for an officer; a declined one is kept, never revenue.
 */
export const posTransactions = pgTable(
  'pos_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: posProvider('provider').notNull(),
    /** As the provider sent it: a held transaction's terminal may be unknown to RevDesk. */
    terminalId: text('terminal_id').notNull(),
    stan: text('stan').notNull(),
    rrn: text('rrn').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    transactedAt: timestamp('transacted_at', { withTimezone: true }).notNull(),
    transactionDay: date('transaction_day', { mode: 'string' })
      .notNull()
      .generatedAlwaysAs(sql`(timezone('Africa/Lagos', transacted_at))::date`),
    status: posTransactionStatus('status').notNull(),
    state: posTransactionState('state').notNull(),
    arrival: posArrival('arrival').notNull(),
    revenueHeadCode: text('revenue_head_code'),
    payerName: text('payer_name'),
    payerPhone: text('payer_phone'),
    /** Where it counted when recorded (the terminal's agent and MDA then), or once assigned. */
    agentId: uuid('agent_id').references(() => posAgents.id),
    mdaId: uuid('mda_id').references(() => mdas.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** Why it is held, or why an officer assigned or rejected it. */
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by').references(() => officers.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pos_transactions_once_key').on(t.provider, t.terminalId, t.stan, t.transactionDay),
    uniqueIndex('pos_transactions_payment_key').on(t.paymentId),
    index('pos_transactions_transacted_at_idx').on(sql`${t.transactedAt} desc`, sql`${t.id} desc`),
    index('pos_transactions_terminal_day_idx').on(t.terminalId, t.transactionDay),
    index('pos_transactions_mda_day_idx').on(t.mdaId, t.transactionDay),
    index('pos_transactions_agent_day_idx').on(t.agentId, t.transactionDay),
    index('pos_transactions_rrn_idx').on(t.rrn),
    index('pos_transactions_held_idx').on(t.createdAt).where(sql`${t.state} = 'held'`),
    check('pos_transactions_amount_positive', sql`${t.amountKobo} > 0`),
    check(
      'pos_transactions_recorded_has_payment',
      sql`${t.state} not in ('recorded', 'reversed') or ${t.paymentId} is not null`,
    ),
  ],
);
