import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
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
import {
  ASSESSMENT_KINDS,
  ASSESSMENT_SOURCES,
  ASSESSMENT_STATUSES,
  OBJECTION_STATUSES,
  TRADE_CATEGORY_RULES,
  TRADER_SIZES,
} from '../../../shared/assessments/enums';
import { officers } from './officers';
import { lgas } from './reference';
import { taxpayers } from './taxpayers';

export const assessmentKind = pgEnum('assessment_kind', ASSESSMENT_KINDS);
export const assessmentSource = pgEnum('assessment_source', ASSESSMENT_SOURCES);
export const assessmentStatus = pgEnum('assessment_status', ASSESSMENT_STATUSES);
export const objectionStatus = pgEnum('objection_status', OBJECTION_STATUSES);
export const tradeCategoryRule = pgEnum('trade_category_rule', TRADE_CATEGORY_RULES);
export const traderSize = pgEnum('trader_size', TRADER_SIZES);

/**
 * Trade categories of presumptive tax (docs/tax-rules.md): an administrator keeps them. A
 * category presumes a fixed annual amount by the trader's size, or a percentage of estimated
 * turnover above a threshold. Demo categories say so (`isDemo`): their amounts are not law.
 */
export const tradeCategories = pgTable(
  'trade_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    rule: tradeCategoryRule('rule').notNull(),
    /** fixed_by_size: the annual amount for each size. */
    smallKobo: bigint('small_kobo', { mode: 'number' }),
    mediumKobo: bigint('medium_kobo', { mode: 'number' }),
    largeKobo: bigint('large_kobo', { mode: 'number' }),
    /** percent_of_turnover: turnover up to the threshold pays nothing, above it the rate. */
    turnoverThresholdKobo: bigint('turnover_threshold_kobo', { mode: 'number' }),
    rateBasisPoints: integer('rate_basis_points'),
    isActive: boolean('is_active').notNull().default(true),
    isDemo: boolean('is_demo').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trade_categories_name_key').on(sql`lower(${t.name})`),
    check(
      'trade_categories_rule_amounts',
      sql`(${t.rule} = 'fixed_by_size' and ${t.smallKobo} is not null and ${t.mediumKobo} is not null and ${t.largeKobo} is not null)
        or (${t.rule} = 'percent_of_turnover' and ${t.turnoverThresholdKobo} is not null and ${t.rateBasisPoints} is not null)`,
    ),
    check(
      'trade_categories_amounts_not_negative',
      sql`coalesce(${t.smallKobo}, 0) >= 0 and coalesce(${t.mediumKobo}, 0) >= 0 and coalesce(${t.largeKobo}, 0) >= 0
        and coalesce(${t.turnoverThresholdKobo}, 0) >= 0 and coalesce(${t.rateBasisPoints}, 0) between 0 and 10000`,
    ),
  ],
);

/**
 * Direct and presumptive assessments, assessed here or captured as backlog. What was computed is
 * stored as computed (`computation`): a later change of rates never changes an issued notice.
 * `paidKobo` is the sum of the paid ledger rows whose subject it is (payments.subject_kind
 * 'assessment' and subject_id, ADR 0028), kept in the same transaction as each payment (ADR
 * 0010, the ledger's settlements).
 */
export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `<prefix>/DA/<year>/<sequence>` or `<prefix>/PT/…`; given when the assessment is issued. */
    noticeNumber: text('notice_number'),
    /**
     * The unguessable code its verification address carries, in its QR code and typed (ADR 0032):
     * ten characters of PUBLIC_CODE_ALPHABET, drawn by revdesk_public_code() (migration).
     */
    publicCode: text('public_code').notNull().default(sql`revdesk_public_code()`),
    kind: assessmentKind('kind').notNull(),
    source: assessmentSource('source').notNull(),
    status: assessmentStatus('status').notNull(),
    btin: text('btin')
      .notNull()
      .references(() => taxpayers.btin),
    taxYear: smallint('tax_year').notNull(),
    /** direct: the income lines and deductions the officer entered (the engine's input). */
    input: jsonb('input').notNull(),
    /** The computation as computed when it was saved (the engine's or the trade rule's output). */
    computation: jsonb('computation').notNull(),
    /** Which law or rule computed it: PITA, NTA2025, a trade category rule, or `backlog`. */
    law: text('law').notNull(),
    /** What evidence of income and deductions the officer saw. */
    evidenceNote: text('evidence_note'),
    grossIncomeKobo: bigint('gross_income_kobo', { mode: 'number' }).notNull(),
    chargeableIncomeKobo: bigint('chargeable_income_kobo', { mode: 'number' }).notNull(),
    taxKobo: bigint('tax_kobo', { mode: 'number' }).notNull(),
    paidKobo: bigint('paid_kobo', { mode: 'number' }).notNull().default(0),
    /** presumptive: the category, size, turnover and place of trade it was presumed from. */
    tradeCategoryId: uuid('trade_category_id').references(() => tradeCategories.id),
    traderSize: traderSize('trader_size'),
    estimatedTurnoverKobo: bigint('estimated_turnover_kobo', { mode: 'number' }),
    lgaId: integer('lga_id').references(() => lgas.id),
    tradeLocation: text('trade_location'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: uuid('issued_by').references(() => officers.id),
    dueDate: date('due_date', { mode: 'string' }),
    /** The assessment this one revises (an upheld objection); the old one is then `revised`. */
    revisionOf: uuid('revision_of'),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by').references(() => officers.id),
    /** Penalty and interest waived by a director, with the reason (docs/tax-rules.md). */
    penaltyWaivedAt: timestamp('penalty_waived_at', { withTimezone: true }),
    penaltyWaivedBy: uuid('penalty_waived_by').references(() => officers.id),
    penaltyWaiverReason: text('penalty_waiver_reason'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assessments_notice_number_key').on(t.noticeNumber),
    uniqueIndex('assessments_public_code_key').on(t.publicCode),
    // One assessment stands for a taxpayer, year and kind at a time (STANDING_ASSESSMENT_STATUSES).
    uniqueIndex('assessments_standing_key')
      .on(t.btin, t.taxYear, t.kind)
      .where(sql`${t.status} in ('issued', 'part_paid', 'paid', 'objected')`),
    index('assessments_btin_idx').on(t.btin, t.taxYear),
    index('assessments_kind_created_idx').on(t.kind, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('assessments_status_idx').on(t.status),
    index('assessments_year_idx').on(t.taxYear),
    index('assessments_created_by_idx').on(t.createdBy),
    index('assessments_issued_at_idx').on(t.issuedAt),
    index('assessments_revision_of_idx').on(t.revisionOf),
    // The arrears and on-time payment indicators (docs/indicators.md): the assessments due in a
    // month, and those open or changed since a day, without reading every assessment.
    index('assessments_due_date_idx').on(t.dueDate).where(sql`${t.dueDate} is not null`),
    index('assessments_status_updated_idx').on(t.status, t.updatedAt),
    check('assessments_tax_year', sql`${t.taxYear} between 2000 and 2100`),
    check(
      'assessments_amounts_not_negative',
      sql`${t.grossIncomeKobo} >= 0 and ${t.chargeableIncomeKobo} >= 0 and ${t.taxKobo} >= 0 and ${t.paidKobo} >= 0`,
    ),
    check(
      'assessments_issued_has_notice',
      sql`${t.status} in ('draft', 'cancelled') or ${t.source} = 'backlog' or (${t.noticeNumber} is not null and ${t.issuedAt} is not null and ${t.dueDate} is not null)`,
    ),
    check(
      'assessments_presumptive_has_category',
      sql`${t.kind} <> 'presumptive' or ${t.source} = 'backlog' or ${t.tradeCategoryId} is not null`,
    ),
  ],
);

/** The last notice sequence given per year and kind: notice numbers restart every January. */
export const assessmentNoticeCounters = pgTable(
  'assessment_notice_counters',
  {
    year: smallint('year').notNull(),
    kind: assessmentKind('kind').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.year, t.kind] })],
);

/**
 * Objections to an assessment (docs/tax-rules.md): filed within 30 days of the notice (later
 * only with a reason an officer records), answered within 90 by a director of assessment.
 */
export const objections = pgTable(
  'objections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assessmentId: uuid('assessment_id')
      .notNull()
      .references(() => assessments.id),
    status: objectionStatus('status').notNull().default('open'),
    grounds: text('grounds').notNull(),
    disputedKobo: bigint('disputed_kobo', { mode: 'number' }).notNull(),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Why an objection filed after the 30 days was accepted; null when it was in time. */
    lateReason: text('late_reason'),
    /** The day the service must answer by: filed + 90 days, in Lagos. */
    answerDueDate: date('answer_due_date', { mode: 'string' }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => officers.id),
    decisionReasons: text('decision_reasons'),
    /** Upheld or partly upheld: the assessment that replaced the one objected to. */
    revisedAssessmentId: uuid('revised_assessment_id').references(() => assessments.id),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('objections_one_open_key').on(t.assessmentId).where(sql`${t.status} = 'open'`),
    index('objections_assessment_idx').on(t.assessmentId),
    index('objections_open_due_idx').on(t.answerDueDate).where(sql`${t.status} = 'open'`),
    // The dispute indicator reads a month's decisions (docs/indicators.md).
    index('objections_decided_idx').on(t.decidedAt).where(sql`${t.decidedAt} is not null`),
    check('objections_disputed_not_negative', sql`${t.disputedKobo} >= 0`),
  ],
);

/**
 * Settings of the tax rules that change with time (penalty and interest rates, the days to pay
 * a notice), each value in force from its date: a rate changed today never reprices a past day.
 */
export const taxSettings = pgTable(
  'tax_settings',
  {
    key: text('key').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    value: jsonb('value').notNull(),
    /** Where the value comes from, or that it is still to confirm. */
    note: text('note').notNull(),
    setBy: uuid('set_by').references(() => officers.id),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.key, t.effectiveFrom] })],
);
