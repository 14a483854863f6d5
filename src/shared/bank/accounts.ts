import { z } from 'zod';
import { isoDay } from '../isoDay';
import { BANKS } from './enums';

/**
 * The service's collection accounts (docs/bank.md "Collection accounts") and the statement
 * fetch (docs/bank.md "The bank's protocol"): the shapes the server checks and the page's forms
 * use.
 */

// Zod-free, for the lists' first draw (docs/architecture.md §9 "Web"); kept importable from here.
export { BANK_LABELS, BANK_RANGE_MAX_DAYS } from './enums';

export const AccountNumber = z
  .string({ error: 'Enter the ten-digit account number (NUBAN)' })
  .trim()
  .regex(/^[0-9]{10}$/, { error: 'An account number (NUBAN) is ten digits' });

const AccountName = z
  .string({ error: 'Enter the account’s name' })
  .trim()
  .min(3, { error: 'Enter the account’s name as the bank holds it' })
  .max(120, { error: 'At most 120 characters' });

/** The matcher's window (docs/bank-matching.md "The window"): whole days either side. */
export const MATCH_WINDOW_DEFAULT_DAYS = 3;
export const MATCH_WINDOW_MAX_DAYS = 31;
const MatchWindowDays = z
  .number({ error: 'Enter the matching window in whole days' })
  .int({ error: 'The matching window is a whole number of days' })
  .min(0, { error: 'The matching window is 0 days or more' })
  .max(MATCH_WINDOW_MAX_DAYS, {
    error: `The matching window is at most ${MATCH_WINDOW_MAX_DAYS} days`,
  });

export const BankAccountView = z.object({
  id: z.uuid(),
  accountNumber: z.string(),
  bank: z.enum(BANKS),
  name: z.string(),
  /** The MDA collecting into it; null for the service's general account. */
  mdaId: z.uuid().nullable(),
  mdaName: z.string().nullable(),
  /** Days either side of a credit's value date the matcher looks for a payment of its amount. */
  matchWindowDays: z.number().int(),
  isActive: z.boolean(),
});
export type BankAccountView = z.infer<typeof BankAccountView>;

export const BankAccountList = z.object({ items: z.array(BankAccountView) });
export type BankAccountList = z.infer<typeof BankAccountList>;

export const BankAccountListQuery = z.object({
  /** The page of collection accounts asks for the deactivated ones too. */
  includeInactive: z.stringbool().optional(),
});

export const BankAccountInput = z.object({
  bank: z.enum(BANKS, { error: 'Choose the bank' }),
  accountNumber: AccountNumber,
  name: AccountName,
  mdaId: z.uuid({ error: 'Choose the MDA, or none for the general account' }).nullable(),
  /** Left out: MATCH_WINDOW_DEFAULT_DAYS. */
  matchWindowDays: MatchWindowDays.optional(),
});
export type BankAccountInput = z.infer<typeof BankAccountInput>;

export const BankAccountChange = z
  .object({
    name: AccountName.optional(),
    mdaId: z
      .uuid({ error: 'Choose the MDA, or none for the general account' })
      .nullable()
      .optional(),
    matchWindowDays: MatchWindowDays.optional(),
    isActive: z.boolean().optional(),
  })
  .refine(
    (c) =>
      c.name !== undefined ||
      c.mdaId !== undefined ||
      c.matchWindowDays !== undefined ||
      c.isActive !== undefined,
    {
      error:
        'Say what to change: the name, the MDA, the matching window or whether the account is active',
    },
  );
export type BankAccountChange = z.infer<typeof BankAccountChange>;

export const BankAccountParams = z.object({ accountNumber: AccountNumber });

export const StatementRangeInput = z.object({
  accountNumber: AccountNumber,
  from: isoDay('Enter the first day as YYYY-MM-DD'),
  to: isoDay('Enter the last day as YYYY-MM-DD'),
});
export type StatementRangeInput = z.infer<typeof StatementRangeInput>;

export const StatementFetchQueued = z.object({ jobId: z.uuid() });

export const StatementFetchParams = z.object({ jobId: z.uuid({ error: 'Not a fetch id' }) });

export const StatementFetchView = z.object({
  jobId: z.uuid(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  accountNumber: z.string(),
  from: z.string(),
  to: z.string(),
  /** Days fetched so far, of `total`. */
  processed: z.number().int(),
  total: z.number().int(),
  /** Statement lines stored by this fetch (lines already held are not counted again). */
  stored: z.number().int(),
  /** Why it failed, in words for the officer. */
  error: z.string().optional(),
});
export type StatementFetchView = z.infer<typeof StatementFetchView>;

const LinesSum = z.object({ count: z.number().int(), amountKobo: z.number().int() });

export const BankAggregates = z.object({
  creditKobo: z.number().int(),
  creditCount: z.number().int(),
  debitKobo: z.number().int(),
  debitCount: z.number().int(),
  /** The lines RevDesk holds for the range, each way: they add up to the bank's when all is fetched. */
  stored: z.object({ credits: LinesSum, debits: LinesSum }),
  /**
   * Null when the stored lines add up to the bank's figures. Otherwise the bank's lines of the
   * range (its credits and debits by date range) that RevDesk does not hold, and the days they
   * are on, so the officer fetches those days (docs/bank.md "The aggregates").
   */
  notStored: z
    .object({ credits: LinesSum, debits: LinesSum, days: z.array(z.string()) })
    .nullable(),
});
export type BankAggregates = z.infer<typeof BankAggregates>;
