import type { RrrOutcome } from '../../../shared/payments';
import { AppError } from '../../errors';
import type { RemitaCredentials } from '../../modules/mdas/service';

/**
 * What RevDesk asks of Remita (docs/remita.md), as the rest of the server sees it.
 * client.ts speaks the HTTP protocol; simulator.ts answers it on loopback (demo and tests).
 *
 * Failures are thrown as AppError with one of: REMITA_UNAVAILABLE (timeout, network, 5xx,
 * unreadable answer), REMITA_AUTH_FAILED (020, 023, 401/403), RRR_NOT_FOUND (022).
 * Every other status code is an answer, not an error.
 */
export type { RemitaCredentials };

export type RemitaRrrStatus = {
  rrr: string;
  /** Remita's code as sent: 00, 01, 021, 025, 02, 999 (020/022/023 are thrown, see above). */
  statusCode: string;
  /** The code in words: "Completed", "Approved", "Pending", "Payment reference generated", "Failed", "Unknown error". */
  status: string;
  outcome: RrrOutcome;
  isPaid: boolean;
  /** Remita's `amount` (naira, with kobo as decimals) in whole kobo; null when absent. */
  amountKobo: number | null;
  payerName: string | null;
  payerEmail: string | null;
  payerPhone: string | null;
  orderId: string | null;
  message: string;
  /** ISO 8601 of `transactiontime` (or `paymentDate`), Lagos time when Remita gives no zone. */
  transactionDate: string | null;
  /** `remitaTransRef`, when Remita gives it. */
  transactionRef: string | null;
};

export type RemitaInvoiceRequest = {
  serviceTypeId: string;
  amountKobo: number;
  orderId: string;
  payerName: string;
  payerEmail: string;
  payerPhone: string;
  description: string;
};

export type RemitaInvoice = { rrr: string; statusCode: string; message: string };

/**
 * paymentinit sent and no answer read (time-out, network error, 5xx, unreadable): Remita may
 * have raised the RRR all the same. Not a refusal: the bill stays "RRR pending confirmation"
 * and is settled by its order id (ADR 0020).
 */
export class InvoiceAnswerLost extends AppError {
  constructor(reason: string) {
    super('REMITA_UNAVAILABLE', reason);
  }
}

export interface RemitaClient {
  /** The status of one RRR, asked with the MDA's credentials. Idempotent: retried with backoff. */
  getRrrStatus(credentials: RemitaCredentials, rrr: string): Promise<RemitaRrrStatus>;
  /** A new RRR for a bill. Not idempotent: never retried (a retry could bill twice). */
  generateRrr(
    credentials: RemitaCredentials,
    request: RemitaInvoiceRequest,
  ): Promise<RemitaInvoice>;
  /**
   * The status of the RRR Remita raised for an order id (orderstatus.reg, then the RRR's own
   * status); null when Remita has no RRR for it. Idempotent.
   */
  getOrderStatus(credentials: RemitaCredentials, orderId: string): Promise<RemitaRrrStatus | null>;
}
