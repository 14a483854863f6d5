import { z } from 'zod';
import { PAYMENT_CHANNELS } from '../payments/enums';
import { reportPeriodFields, withPeriodChecks } from './period';

/**
 * Collections by MDA (docs/product.md §2 reporting/collection-by-mda): money paid in the period,
 * net of reversals on the day they happen, per MDA and channel, from the collection totals
 * (ADR 0034) — the figure every report gives for the same period.
 */
export const CollectionsByMdaQuery = withPeriodChecks(
  z.object({
    ...reportPeriodFields,
    channel: z.enum(PAYMENT_CHANNELS).optional(),
    format: z.enum(['csv', 'xlsx']).optional(),
  }),
);
export type CollectionsByMdaQuery = z.infer<typeof CollectionsByMdaQuery>;

const byChannel = z.object(
  Object.fromEntries(PAYMENT_CHANNELS.map((c) => [c, z.number().int()])) as Record<
    (typeof PAYMENT_CHANNELS)[number],
    z.ZodNumber
  >,
);

export const CollectionsByMdaItem = z.object({
  mdaId: z.uuid(),
  mdaName: z.string(),
  count: z.number().int(),
  amountKobo: z.number().int(),
  /** This MDA's part of the period's total, 0–1 (0 when nothing was collected). */
  share: z.number(),
  /** Net amount per channel, kobo. */
  byChannel,
});
export type CollectionsByMdaItem = z.infer<typeof CollectionsByMdaItem>;

export const CollectionsByMdaReport = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(CollectionsByMdaItem),
  totals: z.object({ count: z.number().int(), amountKobo: z.number().int() }),
});
export type CollectionsByMdaReport = z.infer<typeof CollectionsByMdaReport>;

const figures = { count: z.number().int(), amountKobo: z.number().int() };
const mdaId = z.uuid({ error: 'Not an MDA id' });

/**
 * An MDA's revenue report (docs/reports.md "MDA revenue report"): the period's net collections
 * per revenue head and Lagos month, of one MDA or, left out, of every MDA the officer may see.
 */
export const MdaRevenueQuery = withPeriodChecks(
  z.object({
    ...reportPeriodFields,
    mdaId: mdaId.optional(),
    format: z.enum(['csv', 'xlsx']).optional(),
  }),
);
export type MdaRevenueQuery = z.infer<typeof MdaRevenueQuery>;

export const MdaRevenueHeadRow = z.object({
  revenueHeadCode: z.string(),
  revenueHeadName: z.string(),
  ...figures,
  /** Net amount per month of `months`, in the same order, kobo. */
  byMonth: z.array(z.number().int()),
});
export type MdaRevenueHeadRow = z.infer<typeof MdaRevenueHeadRow>;

export const MdaRevenueReport = z.object({
  from: z.string(),
  to: z.string(),
  /** The MDA asked for; null: every MDA the officer may see. */
  mda: z.object({ mdaId, mdaName: z.string() }).nullable(),
  /** The first day of each Lagos month the period touches. */
  months: z.array(z.string()),
  items: z.array(MdaRevenueHeadRow),
  monthly: z.array(z.object({ month: z.string(), ...figures })),
  totals: z.object(figures),
});
export type MdaRevenueReport = z.infer<typeof MdaRevenueReport>;

/** One MDA's summary (docs/reports.md "MDA summary report"): the MDA is required. */
export const MdaSummaryQuery = withPeriodChecks(
  z.object({
    ...reportPeriodFields,
    mdaId,
    format: z.enum(['csv', 'xlsx']).optional(),
  }),
);
export type MdaSummaryQuery = z.infer<typeof MdaSummaryQuery>;

const noticeSums = z.object({
  count: z.number().int(),
  billedKobo: z.number().int(),
  paidKobo: z.number().int(),
  outstandingKobo: z.number().int(),
});

export const MdaSummaryReport = z.object({
  from: z.string(),
  to: z.string(),
  mda: z.object({ mdaId, mdaName: z.string(), mdaCode: z.string() }),
  collections: z.object({ ...figures, byChannel }),
  byRevenueHead: z.array(
    z.object({ revenueHeadCode: z.string(), revenueHeadName: z.string(), ...figures }),
  ),
  /** The demand notices issued in the period, as the MDA transaction report adds them up. */
  demandNotices: noticeSums,
  /** Recorded POS takings in the period (the POS daily totals). */
  pos: z.object(figures),
  /** Every demand notice of the MDA past its due date and not fully paid, today. */
  arrears: z.object({ count: z.number().int(), outstandingKobo: z.number().int() }),
  /** Budget against actual for the period's year; null when no budget is recorded. */
  budget: z
    .object({ year: z.number().int(), budgetKobo: z.number().int(), actualKobo: z.number().int() })
    .nullable(),
});
export type MdaSummaryReport = z.infer<typeof MdaSummaryReport>;
