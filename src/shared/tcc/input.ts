import { z } from 'zod';
import { AssessmentBtin, MAX_ASSESSMENT_KOBO } from '../assessments/input';
import { optionalText, requiredText } from '../assessments/text';
import { isoDay } from '../isoDay';
import { TCC_EXEMPTION_REASONS, TCC_PURPOSES, TCC_YEARS_COVERED } from './enums';

/**
 * What the TCC routes take (API contract; the web forms parse with the same schemas). docs/product.md §7
 * TCC: generate (individual, corporate employee, MDA employee), the approvals, revocation.
 * No OpenAPI component ids on bodies with defaults (see src/shared/assessments/input.ts).
 */

const Kobo = z
  .int({ error: 'Enter an amount in whole kobo' })
  .min(0, { error: 'An amount cannot be negative' })
  .max(MAX_ASSESSMENT_KOBO, { error: 'This amount is too large' });

const isoDate = isoDay('Use a date like 2025-01-31');
const Year = z.int({ error: 'Enter a year, e.g. 2025' }).min(2000).max(2100);

/** A written justification for a year flagged in red (arrears, or no assessment). */
export const TccJustification = z.object({
  year: Year,
  text: requiredText(10, 1_000, 'Explain in at least 10 characters why this year may go on'),
});
export type TccJustification = z.output<typeof TccJustification>;

/** A receipt of tax paid: the employer's remittance, or a payment's receipt number. */
export const TccReceiptInput = z.object({
  number: requiredText(1, 64, 'Enter the receipt number'),
  date: isoDate,
  amountKobo: Kobo.min(1, { error: 'The amount is at least 1 kobo' }),
});
export type TccReceiptInput = z.output<typeof TccReceiptInput>;

/** One year of pay and tax entered by the officer (PAYE and MDA employees). */
export const TccEnteredYear = z.object({
  year: Year,
  incomeKobo: Kobo,
  taxKobo: Kobo,
  /** PAYE deducted and remitted by the employer. */
  paidKobo: Kobo,
  receipts: z.array(TccReceiptInput).max(20, { error: 'At most 20 receipts a year' }).default([]),
});
export type TccEnteredYear = z.output<typeof TccEnteredYear>;

const EnteredYears = z
  .array(TccEnteredYear)
  .length(TCC_YEARS_COVERED, { error: `Enter the ${TCC_YEARS_COVERED} preceding years` });

const common = {
  purpose: z.enum(TCC_PURPOSES, { error: 'Choose what the certificate is for' }),
  /** Required when the purpose is `other`: what for, in words. */
  purposeDetail: optionalText(200),
  sourceOfIncome: requiredText(2, 200, 'Enter the source of income (e.g. salary, trading)'),
  comment: optionalText(1_000),
  justifications: z.array(TccJustification).max(TCC_YEARS_COVERED).default([]),
  /**
   * Why a second certificate of this kind and purpose is generated while the taxpayer holds an
   * approved, unexpired one (refused with DUPLICATE_CERTIFICATE without it). Stored, audited and
   * shown at the top of the certificate to every approver.
   */
  duplicateReason: optionalText(1_000),
};

export const TccGenerateInput = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('direct-assessment'), btin: AssessmentBtin, ...common }),
    z.object({ kind: z.literal('presumptive'), btin: AssessmentBtin, ...common }),
    z.object({
      kind: z.literal('exemption'),
      btin: AssessmentBtin,
      ...common,
      exemptionReason: z.enum(TCC_EXEMPTION_REASONS, {
        error: 'Choose why the person is not liable',
      }),
      evidenceNote: requiredText(10, 2_000, 'Note the evidence seen in at least 10 characters'),
    }),
    z.object({
      kind: z.literal('paye'),
      btin: AssessmentBtin,
      /** The employer: a registered corporate taxpayer. */
      employerBtin: AssessmentBtin,
      ...common,
      years: EnteredYears,
    }),
    z.object({
      kind: z.literal('mda-employee'),
      btin: AssessmentBtin,
      mdaId: z.uuid({ error: 'Choose the MDA' }),
      staffNumber: optionalText(40),
      ...common,
      years: EnteredYears,
    }),
  ])
  .refine((input) => input.purpose !== 'other' || Boolean(input.purposeDetail?.trim()), {
    error: 'Say what the certificate is for',
    path: ['purposeDetail'],
  });
export type TccGenerateInput = z.output<typeof TccGenerateInput>;

/**
 * A rejected certificate amended by its officer and sent back into the chain. Absent fields stay
 * as they were; direct-assessment and presumptive years are read again from the ledger.
 */
export const TccResubmitInput = z.object({
  purpose: z.enum(TCC_PURPOSES).optional(),
  purposeDetail: optionalText(200),
  sourceOfIncome: requiredText(2, 200, 'Enter the source of income').optional(),
  comment: optionalText(1_000),
  justifications: z.array(TccJustification).max(TCC_YEARS_COVERED).optional(),
  exemptionReason: z.enum(TCC_EXEMPTION_REASONS).optional(),
  evidenceNote: requiredText(
    10,
    2_000,
    'Note the evidence seen in at least 10 characters',
  ).optional(),
  years: EnteredYears.optional(),
  /**
   * Why it goes back while the taxpayer holds an approved, unexpired certificate of its kind and
   * purpose (the generate rule, checked again: DUPLICATE_CERTIFICATE without it). A reason stored
   * for the same held certificate stands unless a new one is sent.
   */
  duplicateReason: optionalText(1_000),
  /** What the officer changed in answer to the rejection (kept in the history). */
  note: requiredText(5, 1_000, 'Say what you changed in at least 5 characters'),
});
export type TccResubmitInput = z.output<typeof TccResubmitInput>;

export const TccApproveInput = z.object({ comment: optionalText(1_000) });
export type TccApproveInput = z.output<typeof TccApproveInput>;

export const TccReasonInput = z.object({
  reason: requiredText(5, 1_000, 'Give the reason in at least 5 characters'),
});
export type TccReasonInput = z.output<typeof TccReasonInput>;

/** Approve many from a list: each certificate is its own transaction, with its own outcome. */
export const TccBulkApproveInput = z.object({
  ids: z
    .array(z.uuid())
    .min(1, { error: 'Select at least one certificate' })
    .max(100, { error: 'Approve at most 100 at a time' }),
  comment: optionalText(1_000),
});
export type TccBulkApproveInput = z.output<typeof TccBulkApproveInput>;

/** In enums.ts, zod-free: the generate form's first draw needs it (docs/architecture.md §9 "Web"). */
export { yearsCovered } from './enums';
