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
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  INSTRUMENT_STATUSES,
  INSTRUMENT_TYPES,
  PARTY_ROLES,
  STAMP_EXEMPTION_KINDS,
  STAMP_LAWS,
  STAMP_RULE_KINDS,
} from '../../../shared/stampDuty/enums';
import type { LeaseTier, StampDutyRule } from '../../../shared/stampDuty/rules';
import { storedFiles } from './files';
import { officers } from './officers';
import { payments } from './payments';
import { taxpayers } from './taxpayers';

export const stampInstrumentType = pgEnum('stamp_instrument_type', INSTRUMENT_TYPES);
export const stampPartyRole = pgEnum('stamp_party_role', PARTY_ROLES);
export const stampInstrumentStatus = pgEnum('stamp_instrument_status', INSTRUMENT_STATUSES);
export const stampRuleKind = pgEnum('stamp_rule_kind', STAMP_RULE_KINDS);
export const stampExemptionKind = pgEnum('stamp_exemption_kind', STAMP_EXEMPTION_KINDS);
export const stampLaw = pgEnum('stamp_law', STAMP_LAWS);

/**
 * Stamp duty rules, dated (docs/tax-rules.md, "Stamp duty"): one row per instrument type and
 * period, chosen by the date of execution. Seeded by the migration from
 * SEEDED_STAMP_DUTY_RULES; an administrator keeps them. An instrument stores the rule it was
 * assessed under (stamp_instruments.rule), so a later change never alters its duty.
 */
export const stampDutyRules = pgTable(
  'stamp_duty_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instrumentType: stampInstrumentType('instrument_type').notNull(),
    name: text('name').notNull(),
    law: stampLaw('law').notNull(),
    kind: stampRuleKind('kind').notNull(),
    /** Parts per million of the consideration (1.5 % = 15,000). */
    ratePpm: integer('rate_ppm'),
    flatKobo: bigint('flat_kobo', { mode: 'number' }),
    leaseTiers: jsonb('lease_tiers').$type<LeaseTier[]>(),
    exemptionKind: stampExemptionKind('exemption_kind').notNull().default('none'),
    exemptionThresholdKobo: bigint('exemption_threshold_kobo', { mode: 'number' }),
    chargedPartyRole: stampPartyRole('charged_party_role').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
    toConfirm: boolean('to_confirm').notNull().default(false),
    source: text('source').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stamp_duty_rules_type_idx').on(t.instrumentType, t.validFrom),
    check('stamp_duty_rules_dates', sql`${t.validTo} is null or ${t.validTo} >= ${t.validFrom}`),
  ],
);

/** The late-stamping penalty of each law, dated by the date of execution. */
export const stampPenaltyRules = pgTable('stamp_penalty_rules', {
  id: uuid('id').primaryKey().defaultRandom(),
  law: stampLaw('law').notNull(),
  graceDays: smallint('grace_days').notNull(),
  penaltyBasisPoints: integer('penalty_basis_points').notNull(),
  /** 'mpr': at the Monetary Policy Rate in force on the day billed; 'fixed': the rate below. */
  interestBasis: text('interest_basis', { enum: ['mpr', 'fixed'] }).notNull(),
  interestAnnualBasisPoints: integer('interest_annual_basis_points'),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validTo: date('valid_to', { mode: 'string' }),
  toConfirm: boolean('to_confirm').notNull().default(false),
  source: text('source').notNull(),
});

/** The Central Bank's Monetary Policy Rate, dated (the interest of a late stamping from 2026). */
export const stampMprRates = pgTable('stamp_mpr_rates', {
  id: uuid('id').primaryKey().defaultRandom(),
  annualBasisPoints: integer('annual_basis_points').notNull(),
  validFrom: date('valid_from', { mode: 'string' }).notNull(),
  validTo: date('valid_to', { mode: 'string' }),
  toConfirm: boolean('to_confirm').notNull().default(false),
  source: text('source').notNull(),
});

/** Certificate numbers SD/<year>/<sequence>: one sequence, never reused. */
export const stampCertificateSeq = pgSequence('stamp_certificate_seq', { startWith: 1 });

/** Snapshot of the rule an instrument was assessed under (its row may change later). */
export type StoredStampRule = StampDutyRule & { id: string | null };

export const stampInstruments = pgTable(
  'stamp_instruments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instrumentType: stampInstrumentType('instrument_type').notNull(),
    executedOn: date('executed_on', { mode: 'string' }).notNull(),
    considerationKobo: bigint('consideration_kobo', { mode: 'number' }).notNull(),
    termYears: smallint('term_years'),
    description: text('description').notNull(),
    /** The instrument's scan, kept like photos (ADR 0016). */
    scanFileKey: text('scan_file_key').references(() => storedFiles.key),
    status: stampInstrumentStatus('status').notNull().default('assessed'),
    dutyKobo: bigint('duty_kobo', { mode: 'number' }).notNull(),
    /** The late-stamping penalty and interest: computed at assessment, again on the day billed. */
    penaltyKobo: bigint('penalty_kobo', { mode: 'number' }).notNull().default(0),
    law: stampLaw('law').notNull(),
    chargedPartyRole: stampPartyRole('charged_party_role').notNull(),
    ruleId: uuid('rule_id').references(() => stampDutyRules.id),
    rule: jsonb('rule').$type<StoredStampRule>().notNull(),
    exemption: text('exemption'),
    possiblyFederal: boolean('possibly_federal').notNull().default(false),
    paymentId: uuid('payment_id').references(() => payments.id),
    billedAt: timestamp('billed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    certificateNumber: text('certificate_number'),
    stampedAt: timestamp('stamped_at', { withTimezone: true }),
    stampedBy: uuid('stamped_by').references(() => officers.id),
    certificatePrints: integer('certificate_prints').notNull().default(0),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** ADR 0032: the code the certificate's QR names, drawn by revdesk_public_code(). */
    publicCode: text('public_code').notNull().default(sql`revdesk_public_code()`),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => officers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stamp_instruments_certificate_key').on(t.certificateNumber),
    uniqueIndex('stamp_instruments_public_code_key').on(t.publicCode),
    index('stamp_instruments_status_idx').on(t.status, t.createdAt),
    index('stamp_instruments_executed_idx').on(t.executedOn, t.id),
    // The arrears indicators (docs/indicators.md): the bills raised in a month, and the
    // instruments billed or changed since a day.
    index('stamp_instruments_billed_idx').on(t.billedAt).where(sql`${t.billedAt} is not null`),
    index('stamp_instruments_status_updated_idx').on(t.status, t.updatedAt),
    check('stamp_instruments_amounts', sql`${t.dutyKobo} >= 0 and ${t.penaltyKobo} >= 0`),
  ],
);

export const stampParties = pgTable(
  'stamp_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instrumentId: uuid('instrument_id')
      .notNull()
      .references(() => stampInstruments.id),
    role: stampPartyRole('role').notNull(),
    btin: text('btin').references(() => taxpayers.btin),
    /** A taxpayer's name as it was when added; a named person's as typed. */
    name: text('name').notNull(),
    phone: text('phone'),
    isCompany: boolean('is_company').notNull().default(false),
    position: smallint('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stamp_parties_instrument_idx').on(t.instrumentId, t.position),
    index('stamp_parties_btin_idx').on(t.btin),
  ],
);
