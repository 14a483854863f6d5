import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { jobs } from './jobs';
import { mdas } from './mdas';
import { officers } from './officers';

/**
 * The state's revenue budget (docs/budgets.md): a year's budget is a series of versions, each
 * whole (every line of the year), never edited once stored. A revision is a new version with who
 * made it, when and why; reports read the newest version of a year unless asked for another, and
 * print which one they used.
 */
export const budgetVersions = pgTable(
  'budget_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: smallint('year').notNull(),
    /** 1 for the year's first budget, then 2, 3 … for each revision. */
    version: integer('version').notNull(),
    /** Why this version was made ("Approved budget", "Supplementary budget, July"). */
    note: text('note').notNull(),
    /** How its lines came: typed on the budget page, or imported from a file. */
    source: text('source', { enum: ['entry', 'import'] }).notNull(),
    /** The import job that stored it (its file and per-row results), for an import. */
    jobId: uuid('job_id').references(() => jobs.id),
    createdBy: uuid('created_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('budget_versions_year_version_key').on(t.year, t.version),
    check('budget_versions_year_check', sql`${t.year} between 2000 and 2100`),
  ],
);

/**
 * One line of a budget version: an MDA's expected revenue under one economic code (the revenue
 * head's code of the National Chart of Accounts, mda_revenue_heads.code), for the year and phased
 * by month. The twelve months add up to the annual amount (checked when stored).
 */
export const budgetLines = pgTable(
  'budget_lines',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => budgetVersions.id, { onDelete: 'cascade' }),
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
    economicCode: text('economic_code').notNull(),
    annualKobo: bigint('annual_kobo', { mode: 'number' }).notNull(),
    /** January to December, kobo; they add up to annual_kobo. */
    monthsKobo: bigint('months_kobo', { mode: 'number' }).array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'budget_lines_pkey', columns: [t.versionId, t.mdaId, t.economicCode] }),
    index('budget_lines_mda_idx').on(t.mdaId),
    check('budget_lines_annual_check', sql`${t.annualKobo} >= 0`),
    check('budget_lines_months_check', sql`cardinality(${t.monthsKobo}) = 12`),
  ],
);

/**
 * A budget file accepted for import (docs/budgets.md "Import"): the year and note sent with it,
 * kept with its job until the job stores the version. Every row was checked at upload; a file
 * with a bad row was refused whole and left nothing here.
 */
export const budgetImports = pgTable('budget_imports', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id),
  year: smallint('year').notNull(),
  note: text('note').notNull(),
});

/** One accepted row of a budget file, as the version will hold it. */
export const budgetImportRows = pgTable(
  'budget_import_rows',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => budgetImports.jobId),
    /** The line in the file (the header is line 1). */
    lineNumber: integer('line_number').notNull(),
    mdaId: uuid('mda_id')
      .notNull()
      .references(() => mdas.id),
    economicCode: text('economic_code').notNull(),
    annualKobo: bigint('annual_kobo', { mode: 'number' }).notNull(),
    monthsKobo: bigint('months_kobo', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ name: 'budget_import_rows_pkey', columns: [t.jobId, t.lineNumber] })],
);
