import { sql } from 'drizzle-orm';
import { check, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { officers } from './officers';

/**
 * The letterhead every printed document carries (notice, certificate, e-receipt, decision
 * letter): the service's name and its crest, set by an administrator. One row at most; with no
 * row the documents print the name the code knows (documents/pdf.ts) and no crest.
 */
export const letterhead = pgTable(
  'letterhead',
  {
    id: smallint('id').primaryKey().default(1),
    serviceName: text('service_name').notNull(),
    /** The crest image in stored_files (a PNG or JPEG, re-encoded at upload); null: none. */
    crestKey: text('crest_key'),
    updatedBy: uuid('updated_by').references(() => officers.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('letterhead_one_row', sql`${t.id} = 1`)],
);
