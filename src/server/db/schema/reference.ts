import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Reference data the registry relies on. The rows are a curated data set loaded by a migration
 * (drizzle/0004_reference_data.sql; sources in drizzle/README.md), with fixed ids so that every
 * database, test and seed agrees on them.
 */

/** The 36 states and the Federal Capital Territory. */
export const states = pgTable(
  'states',
  {
    id: smallint('id').primaryKey(),
    /** Two-letter code, e.g. BY for Bayelsa, FC for the FCT. */
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('states_code_key').on(t.code), uniqueIndex('states_name_key').on(t.name)],
);

/** The 774 local government areas. */
export const lgas = pgTable(
  'lgas',
  {
    id: integer('id').primaryKey(),
    stateId: smallint('state_id')
      .notNull()
      .references(() => states.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('lgas_state_name_key').on(t.stateId, t.name)],
);

/** Towns and wards; curated for Bayelsa's LGAs. */
export const towns = pgTable(
  'towns',
  {
    id: integer('id').primaryKey(),
    lgaId: integer('lga_id')
      .notNull()
      .references(() => lgas.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('towns_lga_name_key').on(t.lgaId, t.name)],
);

export const occupations = pgTable(
  'occupations',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('occupations_name_key').on(t.name)],
);

export const professionCategories = pgTable(
  'profession_categories',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('profession_categories_code_key').on(t.code)],
);

export const professionSubcategories = pgTable(
  'profession_subcategories',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => professionCategories.id),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('profession_subcategories_code_key').on(t.code),
    index('profession_subcategories_category_idx').on(t.categoryId),
  ],
);

export const professions = pgTable(
  'professions',
  {
    id: integer('id').primaryKey(),
    code: text('code').notNull(),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => professionSubcategories.id),
    name: text('name').notNull(),
  },
  (t) => [
    uniqueIndex('professions_code_key').on(t.code),
    index('professions_subcategory_idx').on(t.subcategoryId),
  ],
);

/**
 * One row: which state the reference tables above are in. Statement-level triggers on each of
 * them (drizzle/0015_reference_data_version.sql) set a fresh random `version` in the same
 * transaction as any insert, update, delete or truncate, so a reader that sees a version knows
 * exactly which names go with it, whichever instance made the change (ADR 0018).
 */
export const referenceDataVersion = pgTable(
  'reference_data_version',
  {
    /** Always true: the table holds one row. */
    isSingleRow: boolean('is_single_row').primaryKey().default(true),
    version: uuid('version').notNull().defaultRandom(),
  },
  (t) => [check('reference_data_version_single_row', sql`${t.isSingleRow}`)],
);
