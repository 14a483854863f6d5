import { z } from 'zod';
import {
  DEMAND_NOTICE_SORTS,
  DEMAND_NOTICE_VIEW_STATUSES,
  type DemandNoticeViewStatus,
  MAX_DEMAND_NOTICE_KOBO,
  MAX_DEMAND_NOTICE_LINES,
} from './demandNoticeEnums';
import { isoDay } from './isoDay';
import { PageQuery, pageOf } from './pagination';
import { normaliseNigerianPhone } from './phone';

/**
 * MDA demand notices (docs/product.md §2 mda/generate-assessment) and the MDA transaction report
 * (reporting/mda-transaction-report): what the API takes and answers, shared with the screens.
 */

/**
 * What is stored. `overdue` is never stored: a notice issued or part paid whose due date has
 * passed reads `overdue` (DEMAND_NOTICE_VIEW_STATUSES), so no nightly job has to move it and a
 * notice paid on its due date never reads overdue a moment too long.
 */
export const DEMAND_NOTICE_STATUSES = ['issued', 'part_paid', 'paid', 'cancelled'] as const;
export type DemandNoticeStatus = (typeof DEMAND_NOTICE_STATUSES)[number];

export {
  DEMAND_NOTICE_SORTS,
  DEMAND_NOTICE_STATUS_LABELS,
  DEMAND_NOTICE_VIEW_STATUSES,
  type DemandNoticeSort,
  type DemandNoticeViewStatus,
  MAX_DEMAND_NOTICE_KOBO,
  MAX_DEMAND_NOTICE_LINES,
} from './demandNoticeEnums';

/** The status a notice reads as on `today` (YYYY-MM-DD in Lagos): past due and unpaid is overdue. */
export function demandNoticeViewStatus(
  status: DemandNoticeStatus,
  dueOn: string,
  today: string,
): DemandNoticeViewStatus {
  if ((status === 'issued' || status === 'part_paid') && dueOn < today) return 'overdue';
  return status;
}

const isoDate = isoDay('Use a date like 2026-01-31');

export const DemandNoticeLineInput = z.object({
  revenueHeadCode: z
    .string()
    .trim()
    .regex(/^\d{8}$/, { error: 'Choose the revenue head (its 8-digit code)' }),
  description: z
    .string()
    .trim()
    .min(3, { error: 'Say what the line is for (at least 3 characters)' })
    .max(200, { error: 'At most 200 characters' }),
  quantity: z
    .number({ error: 'The quantity is a whole number' })
    .int({ error: 'The quantity is a whole number' })
    .min(1, { error: 'The quantity is at least 1' })
    .max(1_000_000, { error: 'The quantity is at most 1,000,000' }),
  unitAmountKobo: z
    .number({ error: 'The unit amount is in whole kobo' })
    .int({ error: 'The unit amount is in whole kobo' })
    .min(100, { error: 'The unit amount is at least ₦1.00' })
    .max(MAX_DEMAND_NOTICE_KOBO, { error: 'The unit amount is at most ₦100,000,000.00' }),
});
export type DemandNoticeLineInput = z.infer<typeof DemandNoticeLineInput>;

export const DemandNoticePayerInput = z.union([
  z.object({
    btin: z
      .string()
      .trim()
      .regex(/^\d{10}$/, { error: 'A BTIN is 10 digits' }),
  }),
  z.object({
    name: z
      .string()
      .trim()
      .min(3, { error: "Give the payer's name" })
      .max(120, { error: 'At most 120 characters' }),
    phone: z
      .string()
      .trim()
      .refine((v) => normaliseNigerianPhone(v) !== null, {
        error: 'Enter a Nigerian phone number, e.g. 0803 123 4567',
      }),
  }),
]);
export type DemandNoticePayerInput = z.infer<typeof DemandNoticePayerInput>;

export const DemandNoticeInput = z.object({
  mdaId: z.uuid({ error: 'Choose the MDA' }),
  payer: DemandNoticePayerInput,
  lines: z
    .array(DemandNoticeLineInput)
    .min(1, { error: 'Add at least one line' })
    .max(MAX_DEMAND_NOTICE_LINES, { error: `At most ${MAX_DEMAND_NOTICE_LINES} lines` }),
  dueOn: isoDate,
});
export type DemandNoticeInput = z.infer<typeof DemandNoticeInput>;

export const DemandNoticeCreated = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: z.literal('issued'),
    totalKobo: z.number().int(),
    /**
     * The notice's one bill. When Remita's answer was lost `rrr` is null and
     * `isRrrPendingConfirmation` true: the notice and its bill are recorded, and RevDesk asks
     * Remita for the RRR by the bill's order id (ADR 0020); never raise the notice again.
     */
    bill: z.object({
      id: z.uuid(),
      rrr: z.string().nullable(),
      isRrrPendingConfirmation: z.boolean(),
    }),
  })
  .meta({ id: 'DemandNoticeCreated' });
export type DemandNoticeCreated = z.infer<typeof DemandNoticeCreated>;

export const DemandNoticeIdParams = z.object({ id: z.uuid({ error: 'Not a demand notice id' }) });

export const DemandNoticeLineView = z.object({
  revenueHeadCode: z.string(),
  revenueHeadName: z.string().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unitAmountKobo: z.number().int(),
  amountKobo: z.number().int(),
});

const MdaRef = z.object({ id: z.uuid(), code: z.string(), name: z.string() });

export const DemandNoticeView = z
  .object({
    id: z.uuid(),
    number: z.string(),
    status: z.enum(DEMAND_NOTICE_VIEW_STATUSES),
    mda: MdaRef,
    btin: z.string(),
    payerName: z.string(),
    payerPhone: z.string().nullable(),
    lines: z.array(DemandNoticeLineView),
    totalKobo: z.number().int(),
    paidKobo: z.number().int(),
    outstandingKobo: z.number().int(),
    /** YYYY-MM-DD, Lagos. */
    issuedOn: z.string(),
    dueOn: z.string(),
    /** `isRrrPendingConfirmation`: no RRR yet, RevDesk is confirming it with Remita (ADR 0020). */
    bill: z
      .object({
        id: z.uuid(),
        rrr: z.string().nullable(),
        status: z.string(),
        isRrrPendingConfirmation: z.boolean(),
      })
      .nullable(),
    cancelReason: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'DemandNotice' });
export type DemandNoticeView = z.infer<typeof DemandNoticeView>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/** The filters of the list and of the MDA transaction report (the contract's names). */
export const DemandNoticeFilters = z.object({
  mdaId: z.uuid({ error: 'Not an MDA id' }).optional(),
  revenueHeadCode: z
    .string()
    .trim()
    .regex(/^\d{8}$/, { error: 'A revenue head code is 8 digits' })
    .optional(),
  status: z.enum(DEMAND_NOTICE_VIEW_STATUSES).optional(),
  /** Issued on or after (YYYY-MM-DD, Lagos). */
  from: isoDate.optional(),
  /** Issued on or before. */
  to: isoDate.optional(),
  /** Part of the payer's name, or their BTIN. */
  payer: optionalText(100),
});
export type DemandNoticeFilters = z.infer<typeof DemandNoticeFilters>;

export const DemandNoticeListQuery = PageQuery.extend(DemandNoticeFilters.shape).extend({
  sort: z.enum(DEMAND_NOTICE_SORTS).default('-issuedOn'),
});
export type DemandNoticeListQuery = z.infer<typeof DemandNoticeListQuery>;

export const DemandNoticePage = pageOf(DemandNoticeView).meta({ id: 'DemandNoticePage' });
export type DemandNoticePage = z.infer<typeof DemandNoticePage>;

export const CancelDemandNoticeInput = z.object({
  reason: z
    .string()
    .trim()
    .min(10, { error: 'Give the reason in at least 10 characters' })
    .max(500, { error: 'At most 500 characters' }),
});

/** The MDA transaction report: one item per demand notice (the contract's shape). */
export const MdaTransactionQuery = DemandNoticeListQuery.extend({
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type MdaTransactionQuery = z.infer<typeof MdaTransactionQuery>;

export const MdaTransactionItem = z.object({
  id: z.uuid(),
  number: z.string(),
  mdaId: z.uuid(),
  mdaName: z.string(),
  payerName: z.string(),
  status: z.enum(DEMAND_NOTICE_VIEW_STATUSES),
  totalKobo: z.number().int(),
  paidKobo: z.number().int(),
  issuedOn: z.string(),
  dueOn: z.string(),
  rrr: z.string().nullable(),
});
export type MdaTransactionItem = z.infer<typeof MdaTransactionItem>;

export const MdaTransactionTotals = z.object({
  /** What the notices that stand ask for (a cancelled notice bills nothing). */
  billedKobo: z.number().int(),
  /** What the ledger holds as paid against them (payments of kind demand_notice, status paid). */
  paidKobo: z.number().int(),
  /** Billed less paid, notice by notice, never below nothing. */
  outstandingKobo: z.number().int(),
});

export const MdaTransactionReport = pageOf(MdaTransactionItem)
  .extend({
    totals: MdaTransactionTotals,
    countsByStatus: z.object({
      issued: z.number().int(),
      part_paid: z.number().int(),
      overdue: z.number().int(),
      paid: z.number().int(),
      cancelled: z.number().int(),
    }),
  })
  .meta({ id: 'MdaTransactionReport' });
export type MdaTransactionReport = z.infer<typeof MdaTransactionReport>;

/** The public check of a notice (ADR 0032): one verdict, the name masked, no BTIN, RRR or phone. */
export const PublicDemandNoticeView = z
  .object({
    number: z.string(),
    /** Stands: not cancelled. */
    isGenuine: z.boolean(),
    status: z.enum(DEMAND_NOTICE_VIEW_STATUSES),
    mdaName: z.string(),
    maskedName: z.string(),
    totalKobo: z.number().int(),
    issuedOn: z.string(),
    dueOn: z.string(),
  })
  .meta({ id: 'PublicDemandNotice' });
export type PublicDemandNoticeView = z.infer<typeof PublicDemandNoticeView>;
