import { z } from 'zod';
import { isValidBtin } from '../btin';
import { todayInLagos } from '../dates';
import { PG_INTEGER_MAX } from '../ids';
import { isoDay } from '../isoDay';
import {
  computeIncomeTaxInputSchema,
  DeductionsInput,
  EARLIEST_TAX_YEAR,
  IncomeLineInput,
  latestTaxYear,
  MAX_INCOME_LINES,
} from '../tax';
import { ASSESSMENT_KINDS, TRADER_SIZES } from './enums';
import { optionalText, requiredText } from './text';

/**
 * What the assessment routes take (API contract); the web forms parse with the same schemas.
 * No OpenAPI component ids here: a body schema with a default has an input and an output shape,
 * which fastify-type-provider-zod refuses to register under one name.
 */

/** ₦100,000,000,000.00: beyond this an amount is a typing slip. */
export const MAX_ASSESSMENT_KOBO = 10_000_000_000_000;

const Kobo = z
  .int({ error: 'Enter an amount in whole kobo' })
  .min(0, { error: 'An amount cannot be negative' })
  .max(MAX_ASSESSMENT_KOBO, { error: 'This amount is too large' });

/** A BTIN whose check digit is right (src/shared/btin.ts): a mistyped one is a 422, not a 404. */
export const AssessmentBtin = z
  .string()
  .trim()
  .regex(/^\d{10}$/, { error: 'A BTIN is 10 digits' })
  .refine(isValidBtin, { error: 'This BTIN’s check digit is wrong: check the number' });

const TaxYear = z
  .int({ error: 'Enter the year of assessment, e.g. 2025' })
  .min(EARLIEST_TAX_YEAR, { error: `Years before ${EARLIEST_TAX_YEAR} cannot be assessed here` })
  .refine((year) => year <= latestTaxYear(new Date()), {
    error: () => `The year of assessment can be at most ${latestTaxYear(new Date())}`,
  });

const EvidenceNote = optionalText(2_000);

/** A direct assessment draft: the engine's input (ComputeIncomeTaxInput) for a taxpayer. */
export const DirectAssessmentInput = computeIncomeTaxInputSchema().extend({
  btin: AssessmentBtin,
  evidenceNote: EvidenceNote,
});
export type DirectAssessmentInput = z.output<typeof DirectAssessmentInput>;

/** A draft's new figures, with the version read (409 when someone saved in between). */
export const DirectAssessmentUpdate = computeIncomeTaxInputSchema().extend({
  evidenceNote: EvidenceNote,
  version: z.int().min(1).max(PG_INTEGER_MAX),
});
export type DirectAssessmentUpdate = z.output<typeof DirectAssessmentUpdate>;

export const PresumptiveAssessmentInput = z.object({
  btin: AssessmentBtin,
  taxYear: TaxYear,
  tradeCategoryId: z.uuid({ error: 'Choose the trade category' }),
  size: z.enum(TRADER_SIZES, { error: 'Choose small, medium or large' }).optional(),
  estimatedTurnoverKobo: Kobo.optional(),
  // lgas.id is an integer column: a larger number is a 422, not a database error.
  lgaId: z.int({ error: 'Choose the LGA' }).positive().max(PG_INTEGER_MAX).optional(),
  tradeLocation: optionalText(200),
  evidenceNote: EvidenceNote,
});
export type PresumptiveAssessmentInput = z.output<typeof PresumptiveAssessmentInput>;

/** A presumptive draft's new figures, as a direct draft's are edited (the taxpayer stays). */
export const PresumptiveAssessmentUpdate = PresumptiveAssessmentInput.omit({ btin: true }).extend({
  version: z.int().min(1).max(PG_INTEGER_MAX),
});
export type PresumptiveAssessmentUpdate = z.output<typeof PresumptiveAssessmentUpdate>;

/** Why an assessment is cancelled, a penalty waived… (audited with the change). */
export const AssessmentReasonInput = z.object({
  reason: requiredText(10, 500, 'Give the reason in at least 10 characters'),
});
export type AssessmentReasonInput = z.output<typeof AssessmentReasonInput>;

/**
 * The bill of an assessment. Without an MDA, the first active MDA the officer may bill for
 * (by code) that has an active revenue head, and its first active revenue head (by code).
 */
export const AssessmentBillInput = z.object({
  mdaId: z.uuid({ error: 'Choose the MDA' }).optional(),
  revenueHeadCode: z
    .string()
    .trim()
    .regex(/^\d{8}$/, { error: 'Choose the revenue head' })
    .optional(),
  /**
   * The pending bill to cancel and replace (its payment id, from BILL_PENDING's details).
   * Without it, an assessment with a pending bill answers 409 BILL_PENDING naming that bill.
   */
  replacePendingBill: z.uuid({ error: 'Not a bill id' }).optional(),
});
export type AssessmentBillInput = z.output<typeof AssessmentBillInput>;

const isoDate = isoDay('Use a date like 2024-01-31');

/** One receipt of a backlog entry: an RRR (checked with Remita), or a paper receipt's number. */
export const BacklogReceiptInput = z
  .object({
    mdaId: z.uuid({ error: 'Choose the MDA the receipt was paid to' }),
    /** 12 digits, dashes allowed (the service drops them). */
    rrr: z
      .string()
      .trim()
      .regex(/^\d{4}-?\d{4}-?\d{4}$/, { error: 'An RRR is 12 digits' })
      .optional(),
    receiptNumber: optionalText(64),
    amountKobo: Kobo.min(1, { error: 'The amount is at least 1 kobo' }),
    paidOn: isoDate,
  })
  .refine((r) => r.rrr || r.receiptNumber, {
    error: 'Enter the RRR or the receipt number',
    path: ['receiptNumber'],
  });
export type BacklogReceiptInput = z.output<typeof BacklogReceiptInput>;

/** A past year's assessment paid outside RevDesk, entered with its figures and receipts. */
export const BacklogAssessmentInput = z.object({
  kind: z.enum(ASSESSMENT_KINDS),
  btin: AssessmentBtin,
  taxYear: TaxYear.refine((year) => year < Number(todayInLagos().slice(0, 4)), {
    error: 'A backlog entry is for a past year',
  }),
  grossIncomeKobo: Kobo,
  chargeableIncomeKobo: Kobo.optional(),
  taxKobo: Kobo,
  tradeCategoryId: z.uuid().optional(),
  evidenceNote: EvidenceNote,
  receipts: z
    .array(BacklogReceiptInput)
    .min(1, { error: 'Enter at least one receipt' })
    .max(20, { error: 'At most 20 receipts' }),
});
export type BacklogAssessmentInput = z.output<typeof BacklogAssessmentInput>;

export const ObjectionInput = z.object({
  grounds: requiredText(10, 4_000, 'State the grounds in at least 10 characters'),
  disputedKobo: Kobo,
  lateReason: optionalText(1_000),
});
export type ObjectionInput = z.output<typeof ObjectionInput>;

export const OBJECTION_OUTCOMES = ['upheld', 'partly_upheld', 'refused'] as const;

export const RevisedFigures = z.union([
  z.object({
    incomes: z.array(IncomeLineInput).min(1).max(MAX_INCOME_LINES),
    deductions: DeductionsInput.default({}),
  }),
  z.object({ taxKobo: Kobo }),
]);
export type RevisedFigures = z.output<typeof RevisedFigures>;

export const DecideObjectionInput = z.object({
  outcome: z.enum(OBJECTION_OUTCOMES),
  reasons: requiredText(10, 4_000, 'Give the reasons in at least 10 characters'),
  revised: RevisedFigures.optional(),
  version: z.int().min(1).max(PG_INTEGER_MAX).optional(),
});
export type DecideObjectionInput = z.output<typeof DecideObjectionInput>;
