import { customType, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL's bytea as a Buffer: `pg` answers a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded files (taxpayer and officer photos, the chairman's signature), by the key the
 * server made (src/server/files/store.ts). In the database rather than on one instance's disk:
 * every instance serves every file, and a backup or point-in-time recovery holds the files
 * with the rows that name them (docs/deploy.md §6).
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
});
