import { z } from 'zod';
import { isoDay } from '../isoDay';
import { PageQuery, pageOf } from '../pagination';
import { POS_TRANSACTION_STATES, POS_TRANSACTION_STATUSES } from './enums';

/**
 * The POS transactions list (docs/product.md §2 transactions/benjis and benjis-report; §7
 * `GET pos/officer/benjis-report/keyword`): filters, a page, the totals of the whole filter,
 * and its export (docs/api.md).
 */

/** The longest date range one list answers: a year of a busy day's transactions is plenty. */
export const POS_LIST_MAX_DAYS = 366;

export const PosTransactionListQuery = PageQuery.extend({
  terminalId: z.string().trim().min(1).max(32).optional(),
  agentId: z.uuid({ error: 'Not an agent id' }).optional(),
  mdaId: z.uuid({ error: 'Not an MDA id' }).optional(),
  /** What the provider said of it: approved, declined or reversed. */
  status: z.enum(POS_TRANSACTION_STATUSES).optional(),
  /** Where it stands in RevDesk: recorded, held, declined, reversed or rejected. */
  state: z.enum(POS_TRANSACTION_STATES).optional(),
  from: isoDay('Give the first day as YYYY-MM-DD').optional(),
  to: isoDay('Give the last day as YYYY-MM-DD').optional(),
  /** An RRN, STAN or terminal id exactly; a payer's phone; words of an agent's or payer's name. */
  keyword: z
    .string()
    .trim()
    .min(2, { error: 'Type at least 2 characters to search' })
    .max(80, { error: 'Type at most 80 characters' })
    .optional(),
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type PosTransactionListQuery = z.output<typeof PosTransactionListQuery>;

export const PosTransactionView = z
  .object({
    id: z.uuid(),
    terminalId: z.string(),
    stan: z.string(),
    rrn: z.string(),
    amountKobo: z.number().int(),
    transactedAt: z.string(),
    status: z.enum(POS_TRANSACTION_STATUSES),
    state: z.enum(POS_TRANSACTION_STATES),
    agentId: z.uuid().nullable(),
    agentName: z.string().nullable(),
    mdaId: z.uuid().nullable(),
    mdaName: z.string().nullable(),
    revenueHeadCode: z.string().nullable(),
    payerName: z.string().nullable(),
    payerPhone: z.string().nullable(),
    paymentId: z.uuid().nullable(),
  })
  .meta({ id: 'PosTransactionView' });
export type PosTransactionView = z.infer<typeof PosTransactionView>;

export const PosTransactionPage = pageOf(PosTransactionView)
  .extend({
    /** `total` was counted only this far: more match (a keyword, ADR 0019). Show "1,000+". */
    isTotalCapped: z.boolean(),
    /**
     * Of every transaction the filter matches, not only this page. A keyword matching more
     * than the count reads (`isCapped`) has `count` = `total` and no sum (`amountKobo` null):
     * the sum of part of the set would be taken for the whole.
     */
    totals: z.object({
      amountKobo: z.number().int().nullable(),
      count: z.number().int(),
      isCapped: z.boolean(),
    }),
  })
  .meta({ id: 'PosTransactionPage' });
export type PosTransactionPage = z.infer<typeof PosTransactionPage>;

export const POS_STATE_LABELS = {
  recorded: 'Recorded',
  held: 'Held for review',
  declined: 'Declined',
  reversed: 'Reversed',
  rejected: 'Rejected',
} as const satisfies Record<(typeof POS_TRANSACTION_STATES)[number], string>;

export const POS_STATUS_LABELS = {
  approved: 'Approved',
  declined: 'Declined',
  reversed: 'Reversed',
} as const satisfies Record<(typeof POS_TRANSACTION_STATUSES)[number], string>;
