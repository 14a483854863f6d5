/** The closed lists of POS collections (docs/pos.md), shared by the database enums, the API and the screens. */

/** The POS providers RevDesk takes pushes from; each has its own shared secret. */
export const POS_PROVIDERS = ['benjis'] as const;
export type PosProvider = (typeof POS_PROVIDERS)[number];

/** What the provider says of a transaction. */
export const POS_TRANSACTION_STATUSES = ['approved', 'declined', 'reversed'] as const;
export type PosTransactionStatus = (typeof POS_TRANSACTION_STATUSES)[number];

/**
 * Where a transaction stands in RevDesk: `recorded` (a payment in the ledger), `held` (from an
 * unknown or inactive terminal: not revenue until an officer assigns it), `declined` (kept, never
 * revenue), `reversed` (its payment reversed), `rejected` (a held one an officer refused).
 */
export const POS_TRANSACTION_STATES = [
  'recorded',
  'held',
  'declined',
  'reversed',
  'rejected',
] as const;
export type PosTransactionState = (typeof POS_TRANSACTION_STATES)[number];

/** How a transaction reached RevDesk: pushed by the provider, pulled by the daily catch-up, or from a settlement file. */
export const POS_ARRIVALS = ['push', 'pull', 'file'] as const;
export type PosArrival = (typeof POS_ARRIVALS)[number];
