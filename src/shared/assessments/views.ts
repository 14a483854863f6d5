import { z } from 'zod';
import { PG_INTEGER_MAX } from '../ids';
import { isoDay } from '../isoDay';
import { PageQuery, pageOf } from '../pagination';
import { PAYMENT_STATUSES } from '../payments/enums';
import { PaymentView } from '../payments/views';
import { PersonalIncomeTaxComputation } from '../tax/schemas';
import {
  ASSESSMENT_KINDS,
  ASSESSMENT_SOURCES,
  ASSESSMENT_STATUSES,
  OBJECTION_STATUSES,
  TRADE_CATEGORY_RULES,
  TRADER_SIZES,
} from './enums';
import { optionalText } from './text';

/** What the assessment routes answer (API contract; the TCC work reads these names). */

const Kobo = z.number().int();
const OfficerRef = z.object({ id: z.uuid(), name: z.string() }).nullable();

export const PresumptiveComputation = z.object({
  rule: z.enum(TRADE_CATEGORY_RULES),
  categoryName: z.string(),
  size: z.enum(TRADER_SIZES).nullable(),
  estimatedTurnoverKobo: Kobo.nullable(),
  turnoverThresholdKobo: Kobo.nullable(),
  rateBasisPoints: z.number().int().nullable(),
  exempt: z.boolean(),
  taxKobo: Kobo,
  note: z.string(),
});

/** A backlog entry's figures as the officer entered them from the old notice. */
export const BacklogComputation = z.object({
  backlog: z.literal(true),
  grossIncomeKobo: Kobo,
  chargeableIncomeKobo: Kobo,
  taxKobo: Kobo,
});

export const AssessmentComputation = z.union([
  PersonalIncomeTaxComputation,
  PresumptiveComputation,
  BacklogComputation,
]);

export const ObjectionSummary = z.object({
  id: z.uuid(),
  status: z.enum(OBJECTION_STATUSES),
  filedAt: z.string(),
  answerDueDate: z.string(),
  disputedKobo: Kobo,
});

export const AssessmentView = z
  .object({
    id: z.uuid(),
    /** `<prefix>/DA/<year>/<sequence>` or `…/PT/…`; null for a draft (and a backlog entry). */
    noticeNumber: z.string().nullable(),
    btin: z.string(),
    taxpayerName: z.string(),
    kind: z.enum(ASSESSMENT_KINDS),
    taxYear: z.number().int(),
    status: z.enum(ASSESSMENT_STATUSES),
    source: z.enum(ASSESSMENT_SOURCES),
    /** PITA, NTA2025, the trade rule (`fixed_by_size`, `percent_of_turnover`) or `backlog`. */
    law: z.string(),
    grossIncomeKobo: Kobo,
    chargeableIncomeKobo: Kobo,
    taxKobo: Kobo,
    /** The sum of the paid payments linked to it (the ledger's), across its revisions. */
    paidKobo: Kobo,
    /**
     * Tax still unpaid: max(0, tax − paid) while issued, part paid or objected; 0 for a draft
     * (not owed yet), a revised or a cancelled one (no longer owed). Payments go to the tax first.
     */
    outstandingKobo: Kobo,
    /** Paid beyond the tax: kept as the taxpayer's credit, never lost. */
    creditKobo: Kobo,
    /** Late-payment penalty and interest on the outstanding tax today (0 when waived or not late). */
    penaltyKobo: Kobo,
    interestKobo: Kobo,
    daysLate: z.number().int(),
    /** What a bill raised today would ask: outstanding + penalty + interest. */
    amountDueKobo: Kobo,
    isPenaltyWaived: z.boolean(),
    dueDate: z.string().nullable(),
    issuedAt: z.string().nullable(),
    issuedBy: OfficerRef,
    createdAt: z.string(),
    createdBy: OfficerRef,
    evidenceNote: z.string().nullable(),
    tradeCategory: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    traderSize: z.enum(TRADER_SIZES).nullable(),
    estimatedTurnoverKobo: Kobo.nullable(),
    lgaId: z.number().int().nullable(),
    tradeLocation: z.string().nullable(),
    revisionOf: z.uuid().nullable(),
    cancelReason: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    openObjection: ObjectionSummary.nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'Assessment' });
export type AssessmentView = z.infer<typeof AssessmentView>;

export const AssessmentPaymentLine = z.object({
  id: z.uuid(),
  rrr: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  amountKobo: Kobo,
  status: z.enum(PAYMENT_STATUSES),
  paidAt: z.string().nullable(),
  channel: z.string(),
  /** The MDA it is paid to: "Check RRR" from the assessment asks Remita with its credentials. */
  mdaId: z.uuid(),
  /** The assessment the payment was raised for (an earlier revision's counts toward this one). */
  assessmentId: z.string().nullable(),
});

export const ObjectionView = z
  .object({
    id: z.uuid(),
    assessmentId: z.uuid(),
    noticeNumber: z.string().nullable(),
    btin: z.string(),
    taxpayerName: z.string(),
    kind: z.enum(ASSESSMENT_KINDS),
    status: z.enum(OBJECTION_STATUSES),
    grounds: z.string(),
    disputedKobo: Kobo,
    filedAt: z.string(),
    lateReason: z.string().nullable(),
    answerDueDate: z.string(),
    /** Days until the answer is due (negative: overdue); null once decided. */
    daysLeft: z.number().int().nullable(),
    decidedAt: z.string().nullable(),
    decisionReasons: z.string().nullable(),
    revisedAssessmentId: z.uuid().nullable(),
    createdBy: z.string().nullable(),
  })
  .meta({ id: 'Objection' });
export type ObjectionView = z.infer<typeof ObjectionView>;

export const AssessmentHistoryLine = z.object({
  action: z.string(),
  occurredAt: z.string(),
  actorUsername: z.string().nullable(),
  actorName: z.string().nullable().meta({
    description:
      "Who did it, by the officer's full name as it reads now (a history names people, not usernames); null for a system actor.",
  }),
  /** A bill raised or cancelled: its RRR (null while Remita has not confirmed it). */
  rrr: z.string().nullable(),
});

export const AssessmentDetail = AssessmentView.extend({
  input: z.unknown(),
  computation: AssessmentComputation,
  payments: z.array(AssessmentPaymentLine),
  objections: z.array(ObjectionView),
  history: z.array(AssessmentHistoryLine),
}).meta({ id: 'AssessmentDetail' });
export type AssessmentDetail = z.infer<typeof AssessmentDetail>;

export const ASSESSMENT_SORTS = [
  '-createdAt',
  'createdAt',
  '-taxYear',
  'taxYear',
  '-taxKobo',
  'taxKobo',
  '-issuedAt',
  'issuedAt',
] as const;
export type AssessmentSort = (typeof ASSESSMENT_SORTS)[number];

const isoDate = isoDay('Use a date like 2026-01-31');
const yesNo = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

export const AssessmentListQuery = PageQuery.extend({
  /** A BTIN, a notice number, or part of the taxpayer's name. */
  search: optionalText(100),
  kind: z.enum(ASSESSMENT_KINDS).optional(),
  taxYear: z.coerce.number().int().min(2000).max(2100).optional(),
  status: z.enum(ASSESSMENT_STATUSES).optional(),
  source: z.enum(ASSESSMENT_SOURCES).optional(),
  btin: z
    .string()
    .trim()
    .regex(/^\d{10}$/, { error: 'A BTIN is 10 digits' })
    .optional(),
  /** Only the assessments the signed-in officer created. */
  mine: yesNo,
  createdBy: z.uuid().optional(),
  /** The taxpayer's LGA (an integer column: a larger id is a 422, not a database error). */
  lgaId: z.coerce.number().int().positive().max(PG_INTEGER_MAX).optional(),
  issuedFrom: isoDate.optional(),
  issuedTo: isoDate.optional(),
  sort: z.enum(ASSESSMENT_SORTS).default('-createdAt'),
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type AssessmentListQuery = z.output<typeof AssessmentListQuery>;

export const AssessmentTotals = z.object({
  count: z.number().int(),
  taxKobo: Kobo,
  paidKobo: Kobo,
  outstandingKobo: Kobo,
});

export const AssessmentPage = pageOf(AssessmentView)
  .extend({ totals: AssessmentTotals })
  .meta({ id: 'AssessmentPage' });
export type AssessmentPage = z.infer<typeof AssessmentPage>;

/** The officers who created assessments of the kinds one reads: the list's officer filter. */
export const AssessingOfficersQuery = z.object({ kind: z.enum(ASSESSMENT_KINDS).optional() });
export type AssessingOfficersQuery = z.output<typeof AssessingOfficersQuery>;

export const AssessingOfficerList = z
  .object({ items: z.array(z.object({ id: z.uuid(), name: z.string() })) })
  .meta({ id: 'AssessingOfficerList' });
export type AssessingOfficerList = z.infer<typeof AssessingOfficerList>;

export const AssessmentIdParams = z.object({ id: z.uuid({ error: 'Not an assessment id' }) });
export const ObjectionIdParams = z.object({ id: z.uuid({ error: 'Not an objection id' }) });

export const ObjectionListQuery = PageQuery.extend({
  status: z.enum(OBJECTION_STATUSES).optional(),
});
export type ObjectionListQuery = z.output<typeof ObjectionListQuery>;

export const ObjectionPage = pageOf(ObjectionView).meta({ id: 'ObjectionPage' });
export type ObjectionPage = z.infer<typeof ObjectionPage>;

/** An assessment's bill: the RRR raised and the assessment it is for. */
export const AssessmentBillView = z
  .object({ assessment: AssessmentView, bill: PaymentView })
  .meta({ id: 'AssessmentBill' });
export type AssessmentBillView = z.infer<typeof AssessmentBillView>;
