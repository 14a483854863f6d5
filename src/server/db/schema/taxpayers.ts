import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BTIN_FIRST_BODY, BTIN_LAST_BODY } from '../../../shared/btin';
import {
  CAC_KINDS,
  TAXPAYER_KINDS,
  TAXPAYER_SOURCES,
  TAXPAYER_STATUSES,
} from '../../../shared/taxpayers/enums';
import { officers } from './officers';
import { lgas, occupations, professions, states, towns } from './reference';

export const taxpayerKind = pgEnum('taxpayer_kind', TAXPAYER_KINDS);
export const taxpayerStatus = pgEnum('taxpayer_status', TAXPAYER_STATUSES);
export const taxpayerSource = pgEnum('taxpayer_source', TAXPAYER_SOURCES);
export const cacKind = pgEnum('cac_kind', CAC_KINDS);

/** The first nine digits of every BTIN; the tenth is a check digit (src/shared/btin.ts). Never reused. */
export const btinBodySeq = pgSequence('btin_body_seq', {
  startWith: BTIN_FIRST_BODY,
  minValue: BTIN_FIRST_BODY,
  maxValue: BTIN_LAST_BODY,
});

/**
 * Individuals and companies in one table: every later domain (assessments, payments, TCC)
 * refers to a taxpayer whatever its kind. Columns of the other kind stay empty, and checks
 * keep each kind's required columns filled.
 */
export const taxpayers = pgTable(
  'taxpayers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    btin: text('btin').notNull(),
    kind: taxpayerKind('kind').notNull(),
    status: taxpayerStatus('status').notNull().default('active'),
    source: taxpayerSource('source').notNull().default('registered'),
    /** The name the registry searches and sorts by: "First Middle Last", or the registered name. */
    displayName: text('display_name').notNull(),
    /**
     * The words of the name, lower-cased, split at spaces and ASCII punctuation: what the
     * name search matches exactly once it has found the words similar to what was typed in
     * taxpayer_name_words (listQueries.ts). Accented letters stay inside their word.
     */
    nameWords: text('name_words')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql`array_remove(regexp_split_to_array(lower(display_name), '[[:space:][:punct:]]+'), '')`,
      ),
    /** The national tax ID: the NIN of an individual, the CAC number of a company (JRB, 2026). */
    nationalTaxId: text('national_tax_id'),
    /** The 10-digit TIN the Joint Tax Board issued before 2026, when the taxpayer has one. */
    jtbTin: text('jtb_tin'),
    /** E.164, e.g. +2348031234567 (src/shared/phone.ts). */
    phone: text('phone'),
    /** Lower-cased. */
    email: text('email'),
    address: text('address'),
    stateId: smallint('state_id').references(() => states.id),
    lgaId: integer('lga_id').references(() => lgas.id),
    townId: integer('town_id').references(() => towns.id),

    // Individuals
    title: text('title'),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    gender: text('gender'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    maritalStatus: text('marital_status'),
    nin: text('nin'),
    bvn: text('bvn'),
    occupationId: integer('occupation_id').references(() => occupations.id),
    professionId: integer('profession_id').references(() => professions.id),
    employmentStatus: text('employment_status'),
    employerName: text('employer_name'),
    sourceOfIncome: text('source_of_income'),
    /** The taxpayer's portal username, where they have one (docs/product.md §3). */
    username: text('username'),

    // Companies
    registeredName: text('registered_name'),
    /** With its prefix: RC123456, BN2345678, IT12345. */
    cacNumber: text('cac_number'),
    cacKind: cacKind('cac_kind'),
    incorporationDate: date('incorporation_date', { mode: 'string' }),
    sector: text('sector'),
    businessType: text('business_type'),
    employeeCount: integer('employee_count'),

    /** Key of the photo in the file store, when one was uploaded. */
    photoKey: text('photo_key'),
    /** Bumped on every change; an edit made on an older version is refused (409). */
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => officers.id),
    updatedBy: uuid('updated_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('taxpayers_btin_key').on(t.btin),
    uniqueIndex('taxpayers_nin_key').on(t.nin),
    uniqueIndex('taxpayers_cac_number_key').on(t.cacNumber),
    index('taxpayers_phone_idx').on(t.phone),
    index('taxpayers_email_idx').on(t.email),
    index('taxpayers_jtb_tin_idx').on(t.jtbTin),
    // The name search: which taxpayers have a word (src/server/modules/taxpayers/list/listQueries.ts).
    index('taxpayers_name_words_idx').using('gin', t.nameWords),
    // The lists open on the newest of a kind, or sorted by name.
    index('taxpayers_kind_created_idx').on(t.kind, t.createdAt, t.id),
    index('taxpayers_kind_name_idx').on(t.kind, t.displayName, t.id),
    index('taxpayers_lga_created_idx').on(t.lgaId, t.createdAt),
    // Registry quality reads an individual's NIN rule and name rule through these
    // (indicators/figures/registry.ts): the members of the few groups taxpayer_match_values names.
    index('taxpayers_individual_nin_idx')
      .on(sql`coalesce(${t.nin}, ${t.nationalTaxId})`)
      .where(sql`${t.kind} = 'individual'`),
    index('taxpayers_individual_name_dob_idx')
      .on(t.dateOfBirth, sql`lower(${t.firstName})`, sql`lower(${t.lastName})`)
      .where(sql`${t.kind} = 'individual' and ${t.dateOfBirth} is not null`),
    check('taxpayers_btin_format', sql`${t.btin} ~ '^[0-9]{10}$'`),
    check(
      'taxpayers_individual_names',
      sql`${t.kind} <> 'individual' or (${t.firstName} is not null and ${t.lastName} is not null)`,
    ),
    check(
      'taxpayers_corporate_name',
      sql`${t.kind} <> 'corporate' or ${t.registeredName} is not null`,
    ),
  ],
);

/**
 * How many taxpayers there are of each kind, kept by triggers on \`taxpayers\` (migration 0005)
 * so that the registry's unfiltered list can show its exact total without counting a million rows.
 */
export const taxpayerCounts = pgTable('taxpayer_counts', {
  kind: taxpayerKind('kind').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
});

/**
 * Every word that has stood in a taxpayer's name, kept by triggers on `taxpayers` (migration
 * 0007). Misspellings are matched against these few thousand words by trigram similarity,
 * not against a million names; a word no name has any more only finds nobody.
 */
export const taxpayerNameWords = pgTable(
  'taxpayer_name_words',
  { word: text('word').primaryKey() },
  (t) => [index('taxpayer_name_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`)],
);

/**
 * How many taxpayers hold each value of a duplicate rule (`nin`, `phone`, `email`, `name`, the
 * rules of indicators/figures/registry.ts), and how many miss a national ID (`no-national-id`) or a
 * phone (`no-phone`, value ''), kept by statement triggers on `taxpayers` (migration
 * registry_kept_values) as `taxpayer_counts` is. The registry-quality figure reads the few
 * values held by two or more through the partial index, never the whole registry.
 */
export const taxpayerMatchValues = pgTable(
  'taxpayer_match_values',
  {
    rule: text('rule').notNull(),
    value: text('value').notNull(),
    holders: integer('holders').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rule, t.value] }),
    index('taxpayer_match_values_shared_idx').on(t.rule, t.value).where(sql`${t.holders} > 1`),
  ],
);

/**
 * Each taxpayer's registration day and the last day (Lagos) they were assessed or paid, kept by
 * triggers on `taxpayers`, `payments` (paid, naming a BTIN) and `assessments` (issued), migration
 * registry_kept_values. The later of the two is the last sign of life the inactivity fact reads
 * (docs/indicators.md) through its own index, never the ledger. Keyed by BTIN: payments and
 * assessments name the taxpayer by it, so the hot payment path needs no lookup.
 */
export const taxpayerLastActivity = pgTable(
  'taxpayer_last_activity',
  {
    btin: text('btin').primaryKey(),
    registeredOn: date('registered_on', { mode: 'string' }).notNull(),
    activeOn: date('active_on', { mode: 'string' }),
  },
  (t) => [
    index('taxpayer_last_activity_last_idx').on(sql`greatest(${t.registeredOn}, ${t.activeOn})`),
  ],
);

/** A company's directors, in the order they were given. */
export const taxpayerDirectors = pgTable(
  'taxpayer_directors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taxpayerId: uuid('taxpayer_id')
      .notNull()
      .references(() => taxpayers.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    /** The director's own BTIN, when they are a registered taxpayer. */
    btin: text('btin'),
  },
  (t) => [uniqueIndex('taxpayer_directors_position_key').on(t.taxpayerId, t.position)],
);
