import { z } from 'zod';
import { daysSpanned } from '../dates';
import { isoDay } from '../isoDay';
import { PageQuery, pageOf } from '../pagination';
import { AccountNumber, BANK_RANGE_MAX_DAYS, StatementRangeInput } from './accounts';
import { LINE_RULES, STATEMENT_DIRECTIONS, STATEMENT_LINE_STATES } from './enums';

/**
 * The API's shapes for statement lines matched to the ledger and the day's reconciliation
 * (docs/bank-matching.md, docs/api.md).
 */

// Zod-free, for the bank pages' first draw (docs/architecture.md §9 "Web"); kept importable from here.
export { LINE_RULE_WORDS, LINE_RULES, type LineRule, STATE_WORDS } from './enums';

/** `from` and `to` given, in order, at most BANK_RANGE_MAX_DAYS days. */
function refineRange(value: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (value.to < value.from) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: 'The end date is before the start date',
    });
  } else if (daysSpanned(value.from, value.to) > BANK_RANGE_MAX_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['to'],
      message: `A range is at most ${BANK_RANGE_MAX_DAYS} days`,
    });
  }
}

export const StatementLineListQuery = PageQuery.extend({
  accountNumber: AccountNumber,
  from: isoDay('Give the start date as YYYY-MM-DD'),
  to: isoDay('Give the end date as YYYY-MM-DD'),
  state: z.enum(STATEMENT_LINE_STATES).optional(),
  /** Credits (the default: the lines matched to the ledger) or debits. */
  direction: z.enum(STATEMENT_DIRECTIONS).default('credit'),
}).superRefine(refineRange);
export type StatementLineListQuery = z.output<typeof StatementLineListQuery>;

/**
 * "Match again" (docs/bank-matching.md "Matching again"): the rules run anew over the range's
 * credits still unmatched or ambiguous that no officer decided — a payment recorded after the
 * fetch finds its credit.
 */
export const RematchInput = StatementRangeInput.superRefine(refineRange);
export type RematchInput = z.infer<typeof RematchInput>;

/** Open credits matched again in one call at most: beyond, a shorter range (a request's time). */
export const REMATCH_MAX_LINES = 10_000;

export const RematchResult = z
  .object({
    /** The credits the rules looked at again. */
    looked: z.number().int(),
    /** Of those, how they stand now. */
    matched: z.number().int(),
    ambiguous: z.number().int(),
    unmatched: z.number().int(),
    notRevenue: z.number().int(),
  })
  .meta({ id: 'RematchResult' });
export type RematchResult = z.infer<typeof RematchResult>;

export const LineCandidate = z.object({
  id: z.uuid(),
  receiptNumber: z.string().nullable(),
  rrr: z.string().nullable(),
  amountKobo: z.number().int(),
  paymentDate: z.string(),
  payerName: z.string().nullable(),
  mdaName: z.string(),
  channel: z.string(),
});
export type LineCandidate = z.infer<typeof LineCandidate>;

export const StatementLineView = z
  .object({
    id: z.uuid(),
    bankReference: z.string(),
    valueDate: z.string(),
    direction: z.enum(STATEMENT_DIRECTIONS),
    amountKobo: z.number().int(),
    narration: z.string(),
    /** Null for a debit. */
    state: z.enum(STATEMENT_LINE_STATES).nullable(),
    paymentId: z.uuid().nullable(),
    /** The matched or posted payment's receipt number. */
    receiptNumber: z.string().nullable(),
    rule: z.enum(LINE_RULES).nullable(),
    /** An ambiguous credit's candidates, nearest day first. */
    candidates: z.array(LineCandidate),
    /** Why it is not revenue (an officer's reason, or the reversal). */
    stateReason: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: 'StatementLineView' });
export type StatementLineView = z.infer<typeof StatementLineView>;

const CountAndSum = z.object({ count: z.number().int(), amountKobo: z.number().int() });
export type CountAndSum = z.infer<typeof CountAndSum>;

export const StatementLinePage = pageOf(StatementLineView)
  .extend({
    /** The whole filter's count and sum, and the credits of the range by state. */
    totals: CountAndSum.extend({
      byState: z.object({
        matched: CountAndSum,
        ambiguous: CountAndSum,
        unmatched: CountAndSum,
        'not-revenue': CountAndSum,
      }),
    }),
  })
  .meta({ id: 'StatementLinePage' });
export type StatementLinePage = z.infer<typeof StatementLinePage>;

export const StatementLineIdParams = z.object({ id: z.uuid({ error: 'Not a statement line id' }) });

/** Needed when the line's day is signed off; kept with the sign-off's changes. */
const Reason = z.string().trim().min(3, { error: 'Say why in a few words' }).max(500);

export const PostLineInput = z.object({
  mdaId: z.uuid({ error: 'Choose the MDA' }),
  revenueHeadCode: z.string().trim().min(1, { error: 'Choose the revenue head' }).max(50),
  btin: z.string().trim().min(1).max(20).optional(),
  payerName: z.string().trim().min(2, { error: 'Give the payer’s name' }).max(200).optional(),
  reason: Reason.optional(),
});
export type PostLineInput = z.infer<typeof PostLineInput>;

export const PickLineInput = z.object({
  paymentId: z.uuid({ error: 'Choose one of the candidates' }),
  reason: Reason.optional(),
});
export type PickLineInput = z.infer<typeof PickLineInput>;

export const NotRevenueInput = z.object({ reason: Reason });
export type NotRevenueInput = z.infer<typeof NotRevenueInput>;

export const UndoLineInput = z.object({ reason: Reason });
export type UndoLineInput = z.infer<typeof UndoLineInput>;

export const ReconciliationParams = z.object({ accountNumber: AccountNumber });
export const ReconciliationQuery = z
  .object({
    from: isoDay('Give the start date as YYYY-MM-DD'),
    to: isoDay('Give the end date as YYYY-MM-DD'),
  })
  .superRefine(refineRange);
export const SignOffParams = z.object({
  accountNumber: AccountNumber,
  day: isoDay('Give the day as YYYY-MM-DD'),
});
export const SignOffInput = z
  .object({
    /** Why bank and ledger differ: needed when they do. */
    note: z.string().trim().min(3, { error: 'Say why in a few words' }).max(1000).optional(),
  })
  // No body at all is a sign-off without a note.
  .nullish();
export type SignOffInput = NonNullable<z.infer<typeof SignOffInput>>;

export const DayFigures = z.object({
  /** Every credit of the day. */
  bankCredits: CountAndSum,
  /** Credits marked not revenue (an officer's reason, or reversed by the bank): left out. */
  notRevenue: CountAndSum,
  /** The ledger payments this account's day counts (docs/bank-matching.md). */
  ledgerPayments: CountAndSum,
  /** Credits matched to a payment (or posted as one). */
  matched: CountAndSum,
  /** Credits unmatched or ambiguous. */
  unmatchedBank: CountAndSum,
  /** Payments the day counts that no credit matched. */
  unmatchedLedger: CountAndSum,
  /** Revenue credits minus ledger payments, in kobo: zero when bank equals ledger. */
  differenceKobo: z.number().int(),
});
export type DayFigures = z.infer<typeof DayFigures>;

export const SignOffChangeView = z.object({
  at: z.string(),
  username: z.string(),
  lineId: z.string(),
  what: z.string(),
  reason: z.string(),
});

export const SignOffView = z.object({
  signedOffBy: z.string(),
  signedOffAt: z.string(),
  note: z.string().nullable(),
  /** The figures as they were when signed off. */
  figures: DayFigures,
  /** Each change to the day's lines since. */
  changes: z.array(SignOffChangeView),
});
export type SignOffView = z.infer<typeof SignOffView>;

export const ReconciliationDay = DayFigures.extend({
  day: z.string(),
  signOff: SignOffView.nullable(),
});
export type ReconciliationDay = z.infer<typeof ReconciliationDay>;

export const ReconciliationView = z
  .object({
    account: z.object({
      accountNumber: z.string(),
      name: z.string(),
      bank: z.string(),
      mdaId: z.uuid().nullable(),
      mdaName: z.string().nullable(),
    }),
    from: z.string(),
    to: z.string(),
    days: z.array(ReconciliationDay),
    /** The range's sums (counts and amounts added day by day). */
    totals: DayFigures,
  })
  .meta({ id: 'ReconciliationView' });
export type ReconciliationView = z.infer<typeof ReconciliationView>;

/** The payments a day counts for an MDA's account that no credit holds: the ledger side of "why not". */
export const UNMATCHED_PAYMENTS_SHOWN = 200;

export const UnmatchedPaymentList = z
  .object({
    items: z.array(
      z.object({
        id: z.uuid(),
        receiptNumber: z.string().nullable(),
        rrr: z.string().nullable(),
        amountKobo: z.number().int(),
        payerName: z.string().nullable(),
        channel: z.string(),
      }),
    ),
    /** All of them, of which the first UNMATCHED_PAYMENTS_SHOWN (largest first) are listed. */
    total: z.number().int(),
  })
  .meta({ id: 'UnmatchedPaymentList' });
export type UnmatchedPaymentList = z.infer<typeof UnmatchedPaymentList>;
