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
