/** The closed lists of the payments ledger (ADR 0010), shared by the database enums, the API and the screens. */

/** How the money travelled. */
export const PAYMENT_CHANNELS = ['remita', 'card', 'pos', 'bank', 'manual'] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/**
 * `pending`: a bill (RRR) raised and not yet paid. `paid`: money received, with a receipt.
 * `failed`: Remita says the payment failed. `reversed`: a paid payment taken back, with a reason.
 * `cancelled`: a bill withdrawn by an officer before it was paid (the brief lists the first four;
 * a withdrawn bill is neither failed nor reversed, so it has its own word).
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'reversed', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How the payment reached the ledger. */
export const PAYMENT_ARRIVALS = [
  'notification',
  'status-check',
  'batch',
  'manual',
  'invoice',
  /** A POS provider pushed it (docs/pos.md). */
  'push',
  /** The daily pull of a POS provider's transactions caught it up. */
  'pull',
  /** An officer confirmed it from a POS provider's settlement file. */
  'file',
  /** An officer posted it from a bank statement credit (docs/bank.md). */
  'statement',
] as const;
export type PaymentArrival = (typeof PAYMENT_ARRIVALS)[number];

/** What a payment may pay for: the assessment kinds of docs/product.md §1 (the `type` filter of payment history). */
export const PAYMENT_TYPES = [
  'direct-assessment',
  'presumptive-tax',
  'stamp-duty',
  'tcc',
  'demand-notice',
  'paye',
  /** The SSC levy on public pay an MDA pays for its staff (docs/tax-rules.md "SSC levies"). */
  'ssc',
  'other',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYMENT_TYPE_LABELS = {
  'direct-assessment': 'Direct assessment',
  'presumptive-tax': 'Presumptive tax',
  'stamp-duty': 'Stamp duty',
  tcc: 'Tax clearance certificate',
  'demand-notice': 'MDA demand notice',
  paye: 'PAYE',
  ssc: 'SSC levy',
  other: 'Other',
} as const satisfies Record<PaymentType, string>;

/**
 * What a payment pays, as the record that settles it (ADR 0028): an assessment (direct or
 * presumptive, whose revision chain counts it) or a certificate's processing fee. A payment of
 * nothing particular (a bill raised by hand, a payment Remita announced for no RevDesk record)
 * has none. A new billing domain (stamp duty instruments, demand notices, SSC schedules) adds
 * its kind here, a migration (`drizzle-kit generate` adds the enum value), and one
 * `settlements.register` line in app.ts; the app refuses to start while a kind has no settlement.
 */
export const PAYMENT_SUBJECT_KINDS = [
  'assessment',
  'tcc',
  'ssc_schedule',
  'demand_notice',
  'stamp_duty',
] as const;
export type PaymentSubjectKind = (typeof PAYMENT_SUBJECT_KINDS)[number];

/**
 * `date` is the date the list shows: when it was paid, or when the bill was raised for one never
 * paid (a bill pending, failed, cancelled) — the same day `payment_date` counts it on. `-date`,
 * newest first, is the list's default: a receipt captured today for 2024 sorts in 2024, and a
 * bill raised today and not yet paid sorts among today's payments.
 */
export const PAYMENT_SORTS = [
  'date',
  '-date',
  'paidAt',
  '-paidAt',
  'createdAt',
  '-createdAt',
  'amount',
  '-amount',
] as const;
export type PaymentSort = (typeof PAYMENT_SORTS)[number];

/**
 * What RevDesk makes of a Remita status code (docs/remita.md). `paid` is trusted
 * only when the amount matches the bill.
 */
export const RRR_OUTCOMES = [
  'paid',
  'pending',
  'failed',
  'not-found',
  'configuration-error',
  /** A code Remita's table does not list: shown with Remita's own message, never as pending. */
  'unrecognised',
] as const;
export type RrrOutcome = (typeof RRR_OUTCOMES)[number];

/** One row's result in a batch check: a Remita outcome, a row that could not be checked, or an error. */
export const BATCH_ROW_OUTCOMES = [
  'paid',
  'pending',
  'failed',
  'not-found',
  'invalid',
  'error',
] as const;
export type BatchRowOutcome = (typeof BATCH_ROW_OUTCOMES)[number];

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The job kind "Check RRR (Multiple)" makes (src/server/modules/rrrBatches). */
export const RRR_STATUS_BATCH = 'rrr-status-batch';

/**
 * "Payments needing attention" (ADR 0031): what RevDesk could not do with a payment on its own,
 * for an administrator. Three kinds, most actionable first: an MDA whose Remita settings Remita
 * refuses, a bill still waiting for its RRR, a notification answered `OK` but not recorded.
 */
export const ATTENTION_KINDS = [
  'mda-remita-fault',
  'pending-confirmation',
  'refused-notification',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];
