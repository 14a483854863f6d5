import { z } from 'zod';
import { isoDay } from '../isoDay';
import { PageQuery, pageOf } from '../pagination';
import {
  BATCH_ROW_OUTCOMES,
  type BatchRowOutcome,
  JOB_STATUSES,
  PAYMENT_ARRIVALS,
  PAYMENT_CHANNELS,
  PAYMENT_SORTS,
  PAYMENT_STATUSES,
  PAYMENT_SUBJECT_KINDS,
  PAYMENT_TYPES,
  RRR_OUTCOMES,
} from './enums';
import { Rrr } from './rrr';

/** What the payments API takes and answers (API contract). No view carries an MDA's Remita key. */

export const RrrParams = z.object({ rrr: Rrr });

export const RrrStatusQuery = z.object({
  /** Whose Remita credentials to ask with (docs/product.md §3 "RRR check form"; the keys stay on the server). */
  mdaId: z.uuid({ error: 'Choose the MDA the RRR was paid to' }),
});

/** The ledger's payment an RRR check found or recorded, when there is one. */
const RecordedPaymentLink = z
  .object({
    id: z.uuid(),
    receiptNumber: z.string().nullable(),
    status: z.enum(PAYMENT_STATUSES),
  })
  .nullable();

/** docs/product.md §3 "RRR status result", with the code and what RevDesk makes of it. */
export const RrrStatusView = z
  .object({
    rrr: z.string(),
    payerName: z.string().nullable(),
    /** Remita's status in words, e.g. "Completed", "Pending". */
    status: z.string(),
    /** Remita's code as sent (docs/remita.md, "Status of an RRR"), including one RevDesk does not know. */
    statusCode: z.string(),
    orderId: z.string().nullable(),
    amountKobo: z.number().int().nullable(),
    message: z.string(),
    /** ISO 8601, when Remita gives one. */
    transactionDate: z.string().nullable(),
    isPaid: z.boolean(),
    outcome: z.enum(RRR_OUTCOMES),
    /** The ledger's payment for this RRR, when there is one (recorded now or before). */
    payment: RecordedPaymentLink,
  })
  .meta({ id: 'RrrStatus' });
export type RrrStatusView = z.infer<typeof RrrStatusView>;

/** docs/product.md §3 "Auto-reg status result": EVAS's `data` JSON string, parsed. */
export const EvasStatusView = z
  .object({
    rrr: z.string(),
    customerId: z.string().nullable(),
    statusCode: z.string(),
    message: z.string(),
    transactionDate: z.string().nullable(),
    isRegistered: z.boolean(),
  })
  .meta({ id: 'EvasStatus' });
export type EvasStatusView = z.infer<typeof EvasStatusView>;

/**
 * What "Re-check and record" did: `recorded` now, `already-recorded` (by a notification or an
 * earlier check), `not-paid` (Remita's words in `message`), `amount-mismatch` (not recorded).
 */
export const RECHECK_OUTCOMES = [
  'recorded',
  'already-recorded',
  'not-paid',
  'amount-mismatch',
] as const;
export const RecheckResult = z
  .object({
    rrr: z.string(),
    outcome: z.enum(RECHECK_OUTCOMES),
    statusCode: z.string(),
    message: z.string(),
    payment: RecordedPaymentLink,
  })
  .meta({ id: 'RecheckResult' });
export type RecheckResult = z.infer<typeof RecheckResult>;

/** ₦100,000,000.00: a bill above this is a typing slip, not a tax bill an officer raises here. */
export const MAX_INVOICE_KOBO = 10_000_000_000;

export const InvoiceInput = z
  .object({
    btin: z
      .string()
      .trim()
      .regex(/^\d{10}$/, { error: 'A BTIN is 10 digits' }),
    mdaId: z.uuid({ error: 'Choose the MDA' }),
    revenueHeadCode: z
      .string()
      .trim()
      .regex(/^\d{8}$/, { error: 'Choose the revenue head' }),
    amountKobo: z
      .number()
      .int({ error: 'The amount is in whole kobo' })
      .min(100, { error: 'The amount is at least ₦1.00' })
      .max(MAX_INVOICE_KOBO, { error: 'The amount is at most ₦100,000,000.00' }),
    description: z
      .string()
      .trim()
      .min(3, { error: 'Say what the bill is for' })
      .max(200, { error: 'At most 200 characters' }),
    type: z.enum(PAYMENT_TYPES).optional(),
    assessmentId: z.string().trim().min(1).max(64).optional().meta({
      deprecated: true,
      description:
        'Deprecated: a reference to a record RevDesk does not hold (a paper demand notice), kept at the end of the description as "Ref. …". An assessment or a certificate bills itself.',
    }),
  })
  .meta({ id: 'InvoiceInput' });
export type InvoiceInput = z.infer<typeof InvoiceInput>;

export const ReasonInput = z
  .object({
    reason: z
      .string()
      .trim()
      .min(10, { error: 'Give the reason in at least 10 characters' })
      .max(500, { error: 'At most 500 characters' }),
  })
  .meta({ id: 'ReasonInput' });
export type ReasonInput = z.infer<typeof ReasonInput>;

export const PaymentIdParams = z.object({ id: z.uuid({ error: 'Not a payment id' }) });

const MdaRef = z.object({ id: z.uuid(), code: z.string(), name: z.string() });

export const PaymentView = z
  .object({
    id: z.uuid(),
    /** `<prefix>/<year>/<sequence>`; given when the payment is paid. */
    receiptNumber: z.string().nullable(),
    rrr: z.string().nullable(),
    /**
     * A bill sent to Remita whose answer was lost: no RRR yet, one is being confirmed by its
     * order id (shown as "RRR pending confirmation").
     */
    isRrrPendingConfirmation: z.boolean(),
    amountKobo: z.number().int(),
    mda: MdaRef,
    revenueHeadCode: z.string().nullable(),
    revenueHeadName: z.string().nullable(),
    btin: z.string().nullable(),
    payerName: z.string().nullable(),
    payerPhone: z.string().nullable(),
    payerEmail: z.string().nullable(),
    channel: z.enum(PAYMENT_CHANNELS),
    status: z.enum(PAYMENT_STATUSES),
    type: z.enum(PAYMENT_TYPES).nullable(),
    /** The record it pays (ADR 0028); both null for a payment of nothing particular. */
    subjectKind: z.enum(PAYMENT_SUBJECT_KINDS).nullable(),
    subjectId: z.string().nullable(),
    assessmentId: z.string().nullable().meta({
      deprecated: true,
      description:
        "Deprecated: read subjectKind and subjectId. The subject's id when subjectKind is 'assessment', else null.",
    }),
    description: z.string().nullable(),
    orderId: z.string().nullable(),
    /** Remita's transaction reference, a POS terminal and STAN, a bank's reference… */
    sourceReference: z.string().nullable(),
    arrival: z.enum(PAYMENT_ARRIVALS),
    paidAt: z.string().nullable(),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    /** Why the payment was reversed or the bill cancelled, by whom and when. */
    statusReason: z.string().nullable(),
    statusChangedAt: z.string().nullable(),
    statusChangedBy: z.string().nullable(),
  })
  .meta({ id: 'Payment' });
export type PaymentView = z.infer<typeof PaymentView>;

const isoDate = isoDay('Use a date like 2026-01-31');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** docs/product.md §3 "Payment history filters", with channel and status. */
export const PaymentListQuery = PageQuery.extend({
  assessmentId: optionalText(64),
  btin: optionalText(10),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
  customerName: optionalText(100),
  /** An RRR, a receipt number or a source reference. */
  paymentReference: optionalText(64),
  type: z.enum(PAYMENT_TYPES).optional(),
  mdaCode: optionalText(12),
  channel: z.enum(PAYMENT_CHANNELS).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  sort: z.enum(PAYMENT_SORTS).default('-date'),
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type PaymentListQuery = z.infer<typeof PaymentListQuery>;

export const PaymentTotals = z.object({
  /** Payments matching the filter; with `isCapped`, only this many were counted and more match. */
  count: z.number().int(),
  /**
   * The sum of every matching payment's amount, whatever its status. Null when `isCapped`: the
   * sum of a set that was not counted to its end would mislead.
   */
  amountKobo: z.number().int().nullable(),
  /** The sum of the matching payments that are paid: money the state holds. Null when `isCapped`. */
  paidAmountKobo: z.number().int().nullable(),
  /**
   * A name search (`customerName`) matching more than 1,000 payments past the page is counted
   * only that far (ADR 0019): `count` is a lower bound ("more than 1,000 payments") and the
   * sums are left out. Every other filter is counted and summed exactly.
   */
  isCapped: z.boolean(),
  /**
   * Present when the filter is a period (`startDate` and `endDate`) and nothing else but the
   * MDA and the channel: the money collected on those Lagos days, net of reversals on the day
   * they were made, from the collection totals (ADR 0034) — the same figure every report gives
   * for the period (docs/reports.md "One set of figures"). It differs from `paidAmountKobo`
   * (payments dated in the period and paid now) by the reversals of payments made outside the
   * period or reversed after it.
   */
  collected: z.object({ count: z.number().int(), amountKobo: z.number().int() }).optional(),
});
export type PaymentTotals = z.infer<typeof PaymentTotals>;

/** `total` equals `totals.count`; `isTotalCapped` equals `totals.isCapped` (show "1,000+"). */
export const PaymentPage = pageOf(PaymentView)
  .extend({ isTotalCapped: z.boolean(), totals: PaymentTotals })
  .meta({ id: 'PaymentPage' });
export type PaymentPage = z.infer<typeof PaymentPage>;

/** The bills raised here (POST /invoices), by taxpayer and status, newest first. */
export const InvoiceListQuery = PageQuery.extend({
  btin: optionalText(10),
  status: z.enum(PAYMENT_STATUSES).optional(),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

export const InvoicePage = pageOf(PaymentView).meta({ id: 'InvoicePage' });
export type InvoicePage = z.infer<typeof InvoicePage>;

/** What the public verify page may say of a receipt: enough to prove it, nothing more. */
export const PublicReceiptView = z
  .object({
    receiptNumber: z.string(),
    /** A receipt the ledger issued for a payment it holds as paid. A reversed one is not genuine any more. */
    isGenuine: z.boolean(),
    status: z.enum(['paid', 'reversed']),
    amountKobo: z.number().int(),
    /** The day it was paid, in Lagos (YYYY-MM-DD): never the time (ADR 0032). */
    paidOn: z.string(),
    mdaName: z.string(),
    /** Masked as every public check masks a name, "Ebiere Alamieyeseigha" → "E***** A*************" (shared/publicCode.ts); "" when no name was recorded. */
    payerName: z.string(),
  })
  .meta({ id: 'PublicReceipt' });
export type PublicReceiptView = z.infer<typeof PublicReceiptView>;

/** Payers who paid with no BTIN: auto-registered ones, and ones waiting to be matched. */
export const AUTO_REG_STATES = ['auto-registered', 'unmatched'] as const;
export type AutoRegState = (typeof AUTO_REG_STATES)[number];

export const AutoRegQuery = PageQuery.extend({
  state: z.enum(AUTO_REG_STATES).optional(),
  search: optionalText(100),
});
export type AutoRegQuery = z.infer<typeof AutoRegQuery>;

export const AutoRegEntry = z
  .object({
    paymentId: z.uuid(),
    rrr: z.string().nullable(),
    receiptNumber: z.string().nullable(),
    amountKobo: z.number().int(),
    paidAt: z.string().nullable(),
    mda: MdaRef,
    payerName: z.string().nullable(),
    payerPhone: z.string().nullable(),
    payerEmail: z.string().nullable(),
    state: z.enum(AUTO_REG_STATES),
    /** The taxpayer the payment belongs to, once auto-registered or matched. */
    btin: z.string().nullable(),
    taxpayerName: z.string().nullable(),
  })
  .meta({ id: 'AutoRegEntry' });
export type AutoRegEntry = z.infer<typeof AutoRegEntry>;

export const AutoRegPage = pageOf(AutoRegEntry).meta({ id: 'AutoRegPage' });
export type AutoRegPage = z.infer<typeof AutoRegPage>;

export const MatchPayerInput = z
  .object({
    btin: z
      .string()
      .trim()
      .regex(/^\d{10}$/, { error: 'A BTIN is 10 digits' }),
  })
  .meta({ id: 'MatchPayerInput' });
export type MatchPayerInput = z.infer<typeof MatchPayerInput>;

/** Batch check limits. */
export const BATCH_MAX_ROWS = 10_000;
export const BATCH_MAX_BYTES = 2 * 1024 * 1024;

export const JobIdParams = z.object({ jobId: z.uuid({ error: 'Not a job id' }) });

/**
 * Rows so far by outcome, one property per outcome: a `z.record` over an enum documents as
 * `required` keys without `properties`, which OpenAPI tools cannot read.
 */
const OutcomeCounts = z.object(
  Object.fromEntries(BATCH_ROW_OUTCOMES.map((outcome) => [outcome, z.number().int()])) as Record<
    BatchRowOutcome,
    z.ZodNumber
  >,
);

export const JobView = z
  .object({
    id: z.uuid(),
    kind: z.literal('rrr-status-batch'),
    status: z.enum(JOB_STATUSES),
    fileName: z.string(),
    total: z.number().int(),
    processed: z.number().int(),
    /** Rows so far by outcome. */
    counts: OutcomeCounts,
    /** Why the whole job failed, in words for the officer. */
    error: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'Job' });
export type JobView = z.infer<typeof JobView>;

export const JobAccepted = z.object({ jobId: z.uuid() }).meta({ id: 'JobAccepted' });
