import type { StatementDirection } from '../../../shared/bank/enums';

/**
 * Fidelity Bank's statement API as the server sees it (protocol.ts). Failures are thrown as
 * AppError('BANK_UNAVAILABLE') with words an officer reads: down, too slow, unreadable, or
 * the bank's own refusal.
 */

/** The days asked for, both included (YYYY-MM-DD). */
export type StatementRange = { startDate: string; endDate: string };

export type BankStatementLine = {
  /** The bank's own reference for the line (`tranId`): unique within the account. */
  bankReference: string;
  valueDate: string;
  /** When the bank posted it (ISO 8601), when it says. */
  postedAt: string | null;
  direction: StatementDirection;
  /** Positive: the direction says which way. */
  amountKobo: number;
  narration: string;
};

export type BankAggregate = { totalKobo: number; count: number };

export interface FidelityClient {
  getStatement(accountNumber: string, range: StatementRange): Promise<BankStatementLine[]>;
  getCreditAggregate(accountNumber: string, range: StatementRange): Promise<BankAggregate>;
  getCredits(accountNumber: string, range: StatementRange): Promise<BankStatementLine[]>;
  getDebitAggregate(accountNumber: string, range: StatementRange): Promise<BankAggregate>;
  getDebits(accountNumber: string, range: StatementRange): Promise<BankStatementLine[]>;
}
