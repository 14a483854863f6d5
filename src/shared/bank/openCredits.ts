import { z } from 'zod';
import { PageQuery, pageOf } from '../pagination';
import { AccountNumber } from './accounts';
import { OPEN_CREDIT_STATES } from './enums';

/**
 * The credits still waiting for an officer, across the collection accounts (docs/bank-matching.md
 * "Credits waiting"): unmatched or ambiguous, the oldest value date first. The work queue's
 * "unmatched bank credits" count is this list's total (docs/work-queues.md).
 */

export { OPEN_CREDIT_STATES };

export const OpenCreditListQuery = PageQuery.extend({
  /** One account only; every account when left out. */
  accountNumber: AccountNumber.optional(),
  /** Unmatched or ambiguous only; both when left out. */
  state: z.enum(OPEN_CREDIT_STATES).optional(),
  /** The same filter as a file, every row not a page (docs/decisions/0029-one-export-path.md). */
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type OpenCreditListQuery = z.output<typeof OpenCreditListQuery>;

export const OpenCreditView = z
  .object({
    id: z.uuid(),
    accountNumber: z.string(),
    accountName: z.string(),
    bankReference: z.string(),
    valueDate: z.string(),
    amountKobo: z.number().int(),
    narration: z.string(),
    state: z.enum(OPEN_CREDIT_STATES),
    /** The payments an ambiguous credit could be (0 for an unmatched one). */
    candidateCount: z.number().int(),
  })
  .meta({ id: 'OpenCreditView' });
export type OpenCreditView = z.infer<typeof OpenCreditView>;

export const OpenCreditPage = pageOf(OpenCreditView)
  .extend({
    /** The whole filter's count and sum. */
    totals: z.object({ count: z.number().int(), amountKobo: z.number().int() }),
  })
  .meta({ id: 'OpenCreditPage' });
export type OpenCreditPage = z.infer<typeof OpenCreditPage>;
