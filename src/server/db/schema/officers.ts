import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { USER_TYPES } from '../../../shared/userTypes';
import { mdas } from './mdas';

export const userType = pgEnum('user_type', USER_TYPES);

/** Feeds the human-readable Officer ID (OFF-000001…); never reused. */
export const officerNumberSeq = pgSequence('officer_number_seq', { startWith: 1 });

export const officers = pgTable(
  'officers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Shown as "Officer ID": human-readable, e.g. OFF-000042, drawn from officer_number_seq. */
    officerId: text('officer_id').notNull(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    phoneNumber: text('phone_number').notNull(),
    userType: userType('user_type').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The profile picture in the file store (src/server/files), if the officer gave one. */
    photoKey: text('photo_key'),
    /** The chairman's signature image (a PNG in the file store), printed on certificates. */
    signatureKey: text('signature_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('officers_officer_id_key').on(t.officerId),
    // Usernames and e-mails are compared case-insensitively at sign-in, so they are unique that way too.
    uniqueIndex('officers_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('officers_email_lower_key').on(sql`lower(${t.email})`),
    index('officers_user_type_idx').on(t.userType),
    // The officer lists sort by name (first page without a full sort) or by when they joined.
    index('officers_name_idx').on(t.surname, t.firstName, t.id),
    index('officers_created_at_idx').on(t.createdAt, t.id),
  ],
);

/** Which MDAs' data an officer may see (docs/product.md §3 mdaPrivilegeList). */
export const officerMdaPrivileges = pgTable(
  'officer_mda_privileges',
  {
    officerId: uuid('officer_id')
      .notNull()
      .references(() => officers.id, { onDelete: 'cascade' }),
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
  },
  (t) => [
    primaryKey({ columns: [t.officerId, t.mdaId] }),
    index('officer_mda_privileges_mda_idx').on(t.mdaId),
  ],
);
