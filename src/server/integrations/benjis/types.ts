import type { PullPage } from './protocol';

/**
 * The POS provider (Benjis) as the server sees it (docs/pos.md "The provider's protocol").
 * Failures are thrown as AppError('POS_PROVIDER_UNAVAILABLE') in words an officer reads.
 */
export interface BenjisClient {
  /** One page of the day's transactions, every terminal (`day` a Lagos day, YYYY-MM-DD). */
  listTransactions(day: string, page: number): Promise<PullPage>;
}
