import { z } from 'zod';
import { todayInLagos } from '../dates';
import { EARLIEST_TAX_YEAR, INCOME_SOURCES, RELIEF_KINDS, TAX_LAW_IDS } from './laws';

/**
 * What the income-tax engine takes and answers. The input schema checks the officer's form and
 * the API body; the output schema is the route's response schema (docs/architecture.md §3).
 */

/** A return lists a handful of income lines; 50 bounds the work one request can ask for. */
export const MAX_INCOME_LINES = 50;

/**
 * ₦100,000,000,000.00 (the bound of an assessment's amounts, src/shared/assessments/input.ts):
 * beyond it an amount is a typing slip, and a deduction near 2^53 kobo made the engine's
 * arithmetic leave the safe integers, a 500.
 */
const MAX_AMOUNT_KOBO = 10_000_000_000_000;

const AmountKobo = z
  .int({ error: 'Enter an amount in whole kobo' })
  .min(0, { error: 'An amount cannot be negative' })
  .max(MAX_AMOUNT_KOBO, { error: 'This amount is too large' });

export const IncomeLineInput = z.object({
  source: z.enum(INCOME_SOURCES, {
    error: 'Choose employment, trade, rent, investment or other',
  }),
  amountKobo: AmountKobo,
});

export const DeductionsInput = z.object({
  pensionKobo: AmountKobo.optional(),
  nhfKobo: AmountKobo.optional(),
  nhisKobo: AmountKobo.optional(),
  /** Under the NTA 2025: premiums paid in the year BEFORE the year of assessment (s.30). */
  lifeAssuranceKobo: AmountKobo.optional(),
  /** Interest on a loan for an owner-occupied house; not a relief before 2026. */
  mortgageInterestKobo: AmountKobo.optional(),
  /** Rent paid for the year; the relief is 20 % of it, at most ₦500,000 (NTA 2025); none before 2026. */
  annualRentKobo: AmountKobo.optional(),
});

/** The latest year of assessment that can be computed on `now`: next year, in Lagos time. */
export function latestTaxYear(now: Date): number {
  return Number(todayInLagos(now).slice(0, 4)) + 1;
}

/**
 * The input schema with its own clock: `now` is read at each parse, so a long-running server
 * moves to a new year at midnight in Lagos and a test can pin the date.
 */
export function computeIncomeTaxInputSchema(now: () => Date = () => new Date()) {
  return z.object({
    taxYear: z
      .int({ error: 'Enter the year of assessment, e.g. 2025' })
      .min(EARLIEST_TAX_YEAR, {
        error: `Years of assessment before ${EARLIEST_TAX_YEAR} cannot be computed here`,
      })
      .refine((year) => year <= latestTaxYear(now()), {
        error: () => `The year of assessment can be at most ${latestTaxYear(now())}`,
      }),
    incomes: z
      .array(IncomeLineInput)
      .min(1, { error: 'Enter at least one income' })
      .max(MAX_INCOME_LINES, { error: `Enter at most ${MAX_INCOME_LINES} income lines` })
      // Only once every line is whole kobo: a bad line already has its own message.
      .refine(
        (lines) =>
          !lines.every((line) => Number.isSafeInteger(line.amountKobo)) ||
          Number.isSafeInteger(lines.reduce((total, line) => total + line.amountKobo, 0)),
        { error: 'The total income is too large' },
      ),
    deductions: DeductionsInput.default({}),
  });
}

/** The input checked against the real clock. */
export const ComputeIncomeTaxInput = computeIncomeTaxInputSchema();
export type ComputeIncomeTaxInput = z.output<typeof ComputeIncomeTaxInput>;
export type IncomeLineInput = z.output<typeof IncomeLineInput>;
export type DeductionsInput = z.output<typeof DeductionsInput>;

const Kobo = z.number().int().min(0);

/** One slice of the band table: [fromKobo, toKobo] of chargeable income at one rate. */
export const IncomeTaxBandLine = z.object({
  fromKobo: Kobo,
  /** null for the open top band. */
  toKobo: Kobo.nullable(),
  /** Integer basis points: 1 % = 100, 15 % = 1 500. */
  rateBasisPoints: z.number().int().min(0).max(10_000),
  /** The part of chargeable income that falls in this slice. */
  taxableKobo: Kobo,
  /** taxableKobo × rate, rounded to the kobo half up. */
  taxKobo: Kobo,
});
export type IncomeTaxBandLine = z.output<typeof IncomeTaxBandLine>;

/** One relief line, with what the law allows of the claim and its cap, so the UI can say "capped". */
export const ReliefLine = z.object({
  kind: z.enum(RELIEF_KINDS),
  /** What was entered (for rent relief: the rent paid; for the CRA: the CRA itself, it is automatic). */
  claimedKobo: Kobo,
  allowedKobo: Kobo,
  /** The legal ceiling of the relief, or null when there is none. */
  capKobo: Kobo.nullable(),
  /** True when the cap, not the claim or the percentage, set allowedKobo. */
  capped: z.boolean(),
  /** Why this amount, in the tax office's words, with the section it comes from. */
  note: z.string(),
});
export type ReliefLine = z.output<typeof ReliefLine>;

export const ConsolidatedReliefBreakdown = z.object({
  /** Gross income (to 2020) or gross income less the allowed deductions (2021–2025). */
  baseKobo: Kobo,
  /** The higher of ₦200,000 and 1 % of the base. */
  higherOfKobo: Kobo,
  /** 20 % of the base. */
  percentOfBaseKobo: Kobo,
  amountKobo: Kobo,
});
export type ConsolidatedReliefBreakdown = z.output<typeof ConsolidatedReliefBreakdown>;

export const PersonalIncomeTaxComputation = z.object({
  taxYear: z.number().int(),
  law: z.enum(TAX_LAW_IDS),
  lawTitle: z.string(),
  grossIncomeKobo: Kobo,
  employmentIncomeKobo: Kobo,
  /** PITA only; null under the NTA 2025. */
  consolidatedRelief: ConsolidatedReliefBreakdown.nullable(),
  /** CRA plus every allowed deduction. */
  reliefsKobo: Kobo,
  /** max(0, gross − reliefs). */
  chargeableIncomeKobo: Kobo,
  /** The sum of the band lines' tax. */
  computedTaxKobo: Kobo,
  /** 1 % of gross income under PITA; null where the law has no minimum tax. */
  minimumTaxKobo: Kobo.nullable(),
  minimumTaxApplied: z.boolean(),
  /** The annual national minimum wage the exemption was tested against, when the law has one. */
  minimumWageAnnualKobo: Kobo.nullable(),
  exemptMinimumWage: z.boolean(),
  /** What is payable: 0 when exempt, else the minimum tax when it applies, else computedTaxKobo. */
  taxKobo: Kobo,
  bands: z.array(IncomeTaxBandLine),
  deductions: z.array(ReliefLine),
});
export type PersonalIncomeTaxComputation = z.output<typeof PersonalIncomeTaxComputation>;
