import { eq } from 'drizzle-orm';
import type { Actor } from '../../../auth/actor';
import type { Config } from '../../../config';
import { payments } from '../../../db/schema';
import { AppError } from '../../../errors';
import { remitaPayerPhone } from '../../../integrations/remita/protocol';
import {
  InvoiceAnswerLost,
  type RemitaCredentials,
  type RemitaInvoiceRequest,
} from '../../../integrations/remita/types';
import { recordAudit } from '../../audit/service';
import { remitaFaultOf } from '../../mdas/remitaFault';
import { createMdaService } from '../../mdas/service';
import type { PaymentDeps } from '../deps';
import { createLedger } from '../ledger/ledger';
import {
  claimRrrRequest,
  type PaymentRow,
  recordRrrConfirmFailure,
  selectUnconfirmedBillIds,
} from '../ledger/queries';
import { recordPaidStatus } from '../remita/recording';

/**
 * A bill's RRR, asked of Remita after the bill is recorded (ADR 0020): paymentinit is sent for
 * a bill the ledger already holds with its order id, and a bill whose answer was lost ("RRR
 * pending confirmation") is settled by asking Remita for its order: by the sweep and when an
 * officer opens the bill. Remita never holds an RRR the ledger has no row for, and a bill never
 * gets two order ids or two RRRs.
 */

/** True while paymentinit was sent and its RRR is not known. */
export function isRrrPendingConfirmation(bill: PaymentRow): boolean {
  return bill.rrr === null && bill.rrrRequestedAt !== null && bill.status === 'pending';
}

/**
 * A bill Remita has no order for is sent again only this long after its last paymentinit: far
 * beyond any call's deadline (REMITA_TIMEOUT_MS, at most 120 s), so a call still in flight
 * (whose RRR the order status does not show yet) is never doubled.
 */
export const PAYMENTINIT_RESEND_AFTER_MS = 5 * 60_000;

/**
 * A bill that could not be settled is looked at again after 1 minute, then 2, 4, … and at most
 * every hour (ADR 0031): a stuck MDA's bills stop filling the sweep within a few minutes, and a
 * bill whose MDA is mended is settled within the hour without anyone asking.
 */
export const RRR_CONFIRM_FIRST_BACKOFF_MS = 60_000;
export const RRR_CONFIRM_MAX_BACKOFF_MS = 60 * 60_000;

export function nextRrrConfirmAt(attempts: number, now: Date = new Date()): Date {
  const wait = Math.min(
    RRR_CONFIRM_FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1),
    RRR_CONFIRM_MAX_BACKOFF_MS,
  );
  return new Date(now.getTime() + wait);
}

export type RrrConfirmationDeps = Pick<
  PaymentDeps,
  'db' | 'integrations' | 'secrets' | 'settlements' | 'log'
> & { config: Pick<Config, 'receiptPrefix' | 'publicUrl' | 'contactPhone'> };

export function createRrrConfirmation({
  db,
  config,
  integrations,
  secrets,
  settlements,
  log,
}: RrrConfirmationDeps) {
  const mdas = createMdaService({ db, secrets });
  const ledger = createLedger({ receiptPrefix: config.receiptPrefix, settlements });

  // Remita refuses a bill without an e-mail; a taxpayer without one gets this address, which
  // nobody reads, rather than no bill. The ledger keeps the taxpayer's own (none).
  const placeholderEmail = `noreply@${config.publicUrl ? new URL(config.publicUrl).hostname : 'revdesk.ng'}`;

  function invoiceRequestOf(bill: PaymentRow, serviceTypeId: string): RemitaInvoiceRequest {
    if (!bill.orderId) throw new Error(`bill ${bill.id} has no order id`);
    return {
      serviceTypeId,
      amountKobo: bill.amountKobo,
      orderId: bill.orderId,
      payerName: bill.payerName ?? '',
      payerEmail: bill.payerEmail ?? placeholderEmail,
      // Digits only, as Remita's samples send it; the service's number when the payer has none (ADR 0021).
      payerPhone: remitaPayerPhone(bill.payerPhone, config.contactPhone),
      description: bill.description ?? '',
    };
  }

  /**
   * Sends the bill's paymentinit with its own order id. The RRR is recorded on the bill; a
   * lost answer leaves it pending confirmation (audited); a clear refusal fails the bill and
   * is thrown, as before the bill was recorded first.
   */
  async function requestRrr(
    actor: Actor,
    bill: PaymentRow,
    credentials: RemitaCredentials,
    serviceTypeId: string,
  ): Promise<PaymentRow> {
    let rrr: string;
    try {
      rrr = (
        await integrations.remita.generateRrr(credentials, invoiceRequestOf(bill, serviceTypeId))
      ).rrr;
    } catch (err) {
      if (err instanceof InvoiceAnswerLost) {
        await recordAudit(db, actor, {
          action: 'payment.rrr_unconfirmed',
          entityType: 'payment',
          entityId: bill.id,
          after: { orderId: bill.orderId, reason: err.message },
        });
        return bill;
      }
      if (err instanceof AppError) {
        await db.transaction((tx) => ledger.refuseBill(tx, actor, bill.id, err.message));
      }
      // A refusal of the MDA's settings (013, 020, 023, 024) is kept on the MDA for an
      // administrator, as a refused status check is (ADR 0021).
      const fault = remitaFaultOf(err);
      if (fault) throw await mdas.recordRemitaFault(actor, bill.mdaId, fault);
      throw err;
    }
    return db.transaction((tx) => ledger.confirmRrr(tx, actor, bill.id, rrr));
  }

  /**
   * Asks Remita for the order of a bill pending confirmation, once. Found: the RRR goes on the
   * bill, and a paid RRR is recorded as a notification records it. Not found, and the last
   * paymentinit long past: paymentinit again with the same order id. Throws what kept it from
   * being settled (Remita unreachable, the MDA's settings).
   */
  async function lookAtBill(actor: Actor, bill: PaymentRow & { orderId: string }): Promise<void> {
    const credentials = await mdas.getRemitaCredentials(actor, bill.mdaId);
    let order: Awaited<ReturnType<typeof integrations.remita.getOrderStatus>>;
    try {
      order = await integrations.remita.getOrderStatus(credentials, bill.orderId);
    } catch (err) {
      // A refusal of the MDA's settings is kept on the MDA for an administrator (ADR 0021).
      const fault = remitaFaultOf(err);
      if (fault) throw await mdas.recordRemitaFault(actor, bill.mdaId, fault);
      throw err;
    }
    if (!order) {
      const serviceTypeId = credentials.serviceTypeIds[0];
      if (!serviceTypeId) {
        throw new AppError(
          'REMITA_NOT_CONFIGURED',
          'Remita has no RRR for this bill and it cannot be sent again: its MDA has no Remita service type. An administrator can add one under Manage MDAs.',
        );
      }
      const sentBefore = new Date(Date.now() - PAYMENTINIT_RESEND_AFTER_MS);
      const claimed = await claimRrrRequest(db, bill.id, sentBefore);
      if (!claimed) return;
      await requestRrr(actor, claimed, credentials, serviceTypeId);
      return;
    }
    const found = order;
    await db.transaction((tx) => ledger.confirmRrr(tx, actor, bill.id, found.rrr));
    const paidKobo = found.amountKobo;
    if (!found.isPaid || paidKobo === null) return;
    try {
      await db.transaction((tx) =>
        recordPaidStatus(tx, ledger, actor, {
          mdaId: bill.mdaId,
          status: { ...found, amountKobo: paidKobo },
          arrival: 'status-check',
        }),
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'AMOUNT_MISMATCH') throw err;
      await recordAudit(db, actor, {
        action: 'payment.amount_mismatch',
        entityType: 'payment',
        entityId: bill.id,
        after: { rrr: found.rrr, paidKobo, billKobo: bill.amountKobo, via: 'order-status' },
      });
    }
  }

  /**
   * A look that failed: the bill backs off (ADR 0031), the reason is kept for "Payments needing
   * attention", and an audit row is written in the same transaction when the bill first fails or
   * fails for a new reason (not on every hourly look, which would fill the trail with repeats).
   * A fault of ours (not an AppError) is kept too, in general words: its detail is in the log.
   */
  async function recordFailedLook(actor: Actor, bill: PaymentRow, err: unknown): Promise<void> {
    const reason =
      err instanceof AppError
        ? err.message
        : 'RevDesk could not settle this bill because of an internal error (see the server log).';
    log?.warn(
      { err, paymentId: bill.id, orderId: bill.orderId, attempts: bill.rrrConfirmAttempts + 1 },
      'a bill pending RRR confirmation could not be settled',
    );
    await db.transaction(async (tx) => {
      const changed = await recordRrrConfirmFailure(tx, bill.id, {
        reason,
        nextAt: (attempts) => nextRrrConfirmAt(attempts),
      });
      if (!changed || changed.before.rrrConfirmError === reason) return;
      await recordAudit(tx, actor, {
        action: 'payment.rrr_confirmation_failed',
        entityType: 'payment',
        entityId: bill.id,
        before: { rrrConfirmError: changed.before.rrrConfirmError },
        after: {
          orderId: bill.orderId,
          rrrConfirmError: reason,
          rrrConfirmAttempts: changed.after.rrrConfirmAttempts,
          rrrConfirmNextAt: changed.after.rrrConfirmNextAt?.toISOString() ?? null,
        },
      });
    });
  }

  /**
   * One look at a bill pending confirmation (the sweep, an officer opening it). What kept it
   * from being settled is recorded on the bill (back-off, reason, audit) and then thrown.
   */
  async function settleBill(actor: Actor, billId: string): Promise<void> {
    const [bill] = await db.select().from(payments).where(eq(payments.id, billId));
    if (!bill || !isRrrPendingConfirmation(bill) || !bill.orderId) return;
    try {
      await lookAtBill(actor, { ...bill, orderId: bill.orderId });
    } catch (err) {
      await recordFailedLook(actor, bill, err);
      throw err;
    }
  }

  return {
    requestRrr,
    settleBill,

    /** One look at every bill pending confirmation, longest waiting first (the sweep). */
    async settleUnconfirmedBills(
      actor: Actor,
      options: { limit: number; onError: (billId: string, err: unknown) => void },
    ): Promise<number> {
      // Only the bills whose next look is due, the least failed first (ADR 0031).
      const ids = await selectUnconfirmedBillIds(db, options.limit);
      for (const id of ids) {
        try {
          await settleBill(actor, id);
        } catch (err) {
          // One bill's refusal (a bad MDA key, a clash) must not stop the others: said, not swallowed.
          options.onError(id, err);
        }
      }
      return ids.length;
    },
  };
}
