import {
  bigint,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * One row per change of state, written in the same transaction as the change (docs/architecture.md §4).
 * Never updated or deleted. `actorId` is empty for the system (seeds, CLI, failed sign-ins by
 * unknown usernames); `actorUsername` then says who or what acted.
 *
 * The rows are hash-chained (migration 0006): a trigger gives each new row the next
 * `chainSeq`, the `hash` of the row before it (`prevHash`), and its own `hash` =
 * SHA-256(prevHash ‖ audit_event_content(row)). Altering a row breaks its hash; rewriting the
 * hash too breaks the next row's prevHash. src/server/modules/audit verifies the chain.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
    /** The row's place in the chain: the order the trigger saw the rows, not the order of ids. */
    chainSeq: bigint('chain_seq', { mode: 'number' }).notNull(),
    prevHash: bytea('prev_hash'),
    hash: bytea('hash').notNull(),
  },
  (t) => [
    index('audit_events_occurred_at_idx').on(t.occurredAt),
    index('audit_events_entity_idx').on(t.entityType, t.entityId),
    index('audit_events_actor_idx').on(t.actorId),
    index('audit_events_action_idx').on(t.action, t.occurredAt),
    uniqueIndex('audit_events_chain_seq_key').on(t.chainSeq),
  ],
);

/** The end of the audit chain: one row, locked by every insert so the chain has one order. */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  lastHash: bytea('last_hash'),
});
