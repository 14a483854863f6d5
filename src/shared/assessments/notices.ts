import { z } from 'zod';
import { INCOME_SOURCES, type IncomeSource, type ReliefKind } from '../tax/laws';
import { ASSESSMENT_KINDS, ASSESSMENT_STATUSES, TRADE_CATEGORY_RULES, TRADER_SIZES } from './enums';

/**
 * The documents of an assessment (docs/product.md §7 Assessment): the notice of assessment, the public
 * check of a notice's QR code, and the letter answering an objection.
 */

export const NoticeAssessmentParams = z.object({ id: z.uuid({ error: 'Not an assessment id' }) });
export const ObjectionIdParams = z.object({ id: z.uuid({ error: 'Not an objection id' }) });

/**
 * What the public verify page may say of a notice: that it is genuine, its status, whose (the
 * name masked), the year, the kind, the tax and the day it was issued. Nothing more: no BTIN,
 * no income, no address.
 */
export const PublicAssessmentView = z
  .object({
    noticeNumber: z.string(),
    /** Issued by this service and still standing (not revised by an objection, not cancelled). */
    isGenuine: z.boolean(),
    status: z.enum(ASSESSMENT_STATUSES),
    /** "Ebiere Alamieyeseigha" → "E***** A*************", as every public check (shared/publicCode.ts). */
    maskedName: z.string(),
    taxYear: z.number().int(),
    kind: z.enum(ASSESSMENT_KINDS),
    /** The tax assessed, in kobo. */
    amountKobo: z.number().int(),
    /** The day it was issued, in Lagos (YYYY-MM-DD): never the time (ADR 0032). */
    issuedOn: z.string(),
  })
  .meta({ id: 'PublicAssessment' });
export type PublicAssessmentView = z.infer<typeof PublicAssessmentView>;

/**
 * How a stored presumptive computation is read back (src/shared/tax/presumptive.ts's output).
 * The notice reads the row defensively: what does not parse is printed from the columns alone.
 */
export const StoredPresumptiveComputation = z.object({
  rule: z.enum(TRADE_CATEGORY_RULES),
  categoryName: z.string(),
  size: z.enum(TRADER_SIZES).nullable(),
  estimatedTurnoverKobo: z.number().int().nullable(),
  turnoverThresholdKobo: z.number().int().nullable(),
  rateBasisPoints: z.number().int().nullable(),
  exempt: z.boolean(),
  taxKobo: z.number().int(),
  note: z.string(),
});
export type StoredPresumptiveComputation = z.infer<typeof StoredPresumptiveComputation>;

/** The income lines a direct assessment was computed from (the engine's input, as stored). */
export const StoredIncomeLines = z.object({
  incomes: z.array(z.object({ source: z.enum(INCOME_SOURCES), amountKobo: z.number().int() })),
});

export const INCOME_SOURCE_LABELS = {
  employment: 'Employment',
  trade: 'Trade, business or profession',
  rent: 'Rent',
  investment: 'Investment (dividends, interest)',
  other: 'Other income',
} as const satisfies Record<IncomeSource, string>;

export const RELIEF_LABELS = {
  consolidatedRelief: 'Consolidated Relief Allowance (CRA)',
  pension: 'Pension contribution',
  nhf: 'National Housing Fund',
  nhis: 'National Health Insurance',
  lifeAssurance: 'Life assurance / annuity premium',
  mortgageInterest: 'Interest on owner-occupied house loan',
  rentRelief: 'Rent relief',
} as const satisfies Record<ReliefKind, string>;
