/** The closed lists of bank statements and reconciliation (docs/bank.md). */

export const BANKS = ['fidelity'] as const;
export type Bank = (typeof BANKS)[number];

/** The labels staff read for each bank. */
export const BANK_LABELS = { fidelity: 'Fidelity Bank' } as const satisfies Record<Bank, string>;

export const STATEMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type StatementDirection = (typeof STATEMENT_DIRECTIONS)[number];

/**
 * A credit's standing against the ledger: `matched` to one payment (by the rule named with it),
 * `ambiguous` (several candidates: an officer picks one), `unmatched` (none: an officer posts it
 * as a payment or marks it not revenue), `not-revenue` (with a reason). A debit has none.
 */
export const STATEMENT_LINE_STATES = ['matched', 'ambiguous', 'unmatched', 'not-revenue'] as const;
export type StatementLineState = (typeof STATEMENT_LINE_STATES)[number];

/** The states of a credit still waiting for an officer (docs/bank-matching.md "Credits waiting"). */
export const OPEN_CREDIT_STATES = ['unmatched', 'ambiguous'] as const;

/**
 * The longest range of days the bank pages take at once — a statement fetched, lines listed,
 * days reconciled, credits matched again: a quarter (docs/product.md "Post transactions").
 */
export const BANK_RANGE_MAX_DAYS = 92;

/** The rules a credit's match names (docs/bank-matching.md); the matcher decides by these too. */
export const LINE_RULES = [
  'rrr-in-narration',
  'receipt-in-narration',
  'split',
  'amount-and-date',
  'picked',
  'posted',
  'reversed',
  'reversal',
] as const;
export type LineRule = (typeof LINE_RULES)[number];

export const LINE_RULE_WORDS: Record<LineRule, string> = {
  'rrr-in-narration': 'RRR in the narration',
  'receipt-in-narration': 'Receipt number in the narration',
  split: 'Split credit (parts add up to the payment)',
  'amount-and-date': 'Amount and value date',
  picked: 'Picked by an officer',
  posted: 'Posted as a payment',
  reversed: 'Reversed by the bank',
  reversal: 'Reversal of a credit',
};

export const STATE_WORDS = {
  matched: 'Matched',
  ambiguous: 'Ambiguous',
  unmatched: 'Unmatched',
  'not-revenue': 'Not revenue',
} as const;
