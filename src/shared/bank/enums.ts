/** The closed lists of bank statements and reconciliation (docs/bank.md). */

export const BANKS = ['fidelity'] as const;
export type Bank = (typeof BANKS)[number];

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
