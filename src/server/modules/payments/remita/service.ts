import { formatKoboAsNaira } from '../../../../shared/money';
import type { EvasStatusView, RecheckResult, RrrStatusView } from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import { AppError } from '../../../errors';
import type { RemitaRrrStatus } from '../../../integrations/remita/types';
import { recordAudit } from '../../audit/service';
import { remitaFaultOf } from '../../mdas/remitaFault';
import { createMdaService } from '../../mdas/service';
import type { PaymentDeps } from '../deps';
import { createLedger } from '../ledger/ledger';
import type { PaymentRow } from '../ledger/queries';
import { findPaymentByRrr } from './queries';
import { recordPaidStatus } from './recording';

function paymentRef(row: PaymentRow | null): RrrStatusView['payment'] {
  return row ? { id: row.id, receiptNumber: row.receiptNumber, status: row.status } : null;
}

function statusView(status: RemitaRrrStatus, payment: PaymentRow | null): RrrStatusView {
  return {
    rrr: status.rrr,
    payerName: status.payerName,
    status: status.status,
    statusCode: status.statusCode,
    orderId: status.orderId,
    amountKobo: status.amountKobo,
    message: status.message,
    transactionDate: status.transactionDate,
    isPaid: status.isPaid,
    outcome: status.outcome,
    payment: paymentRef(payment),
  };
}

/**
 * The RRR check dialogs and "Re-check and record" (docs/product.md §2, §7 remita/check-status,
 * invoicing/repush-rrr; docs/remita.md "In docs/product.md": Remita has no re-push, a status query catches up):
 * each asks Remita with the chosen MDA's credentials, which the MDA service gives only for an
 * MDA in the officer's scope.
 */
export function createRemitaService({
  db,
  config,
  integrations,
  secrets,
  settlements,
}: PaymentDeps) {
  const mdas = createMdaService({ db, secrets });
  const ledger = createLedger({ receiptPrefix: config.receiptPrefix, settlements });

  /**
   * Records a paid answer the ledger does not hold as paid yet, with the checking officer as
   * actor. A bill whose amount differs from Remita's is left as it is: the answer is shown
   * with `isPaid: false` (Remita's code and words unchanged) and a message saying why, and
   * the mismatch is audited for the administrator.
   */
  async function recordIfPaid(
    actor: Actor,
    mdaId: string,
    status: RemitaRrrStatus,
  ): Promise<RrrStatusView> {
    const known = await findPaymentByRrr(db, status.rrr);
    if (!status.isPaid || status.amountKobo === null || known?.status === 'paid') {
      return statusView(status, known);
    }
    if (known?.status === 'reversed') return statusView(status, known);
    const paidKobo = status.amountKobo;
    try {
      const { payment } = await db.transaction((tx) =>
        ledger.recordConfirmedPayment(tx, actor, {
          rrr: status.rrr,
          mdaId,
          amountKobo: paidKobo,
          paidAt: status.transactionDate ? new Date(status.transactionDate) : new Date(),
          arrival: 'status-check',
          payerName: status.payerName,
          payerPhone: status.payerPhone,
          payerEmail: status.payerEmail,
          orderId: status.orderId,
          sourceReference: status.transactionRef,
        }),
      );
      return statusView(status, payment);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'AMOUNT_MISMATCH') throw err;
      const bill = await findPaymentByRrr(db, status.rrr);
      await recordAudit(db, actor, {
        action: 'payment.amount_mismatch',
        entityType: 'payment',
        entityId: bill?.id ?? null,
        after: {
          rrr: status.rrr,
          paidKobo,
          billKobo: bill?.amountKobo ?? null,
          via: 'status-check',
        },
      });
      return {
        ...statusView(status, bill),
        isPaid: false,
        message: `Remita says ${formatKoboAsNaira(paidKobo)} was paid, but the bill is for ${formatKoboAsNaira(bill?.amountKobo ?? 0)}. RevDesk has not recorded it; tell the administrator.`,
      };
    }
  }

  async function recheckOutcome(
    actor: Actor,
    mdaId: string,
    status: RemitaRrrStatus,
  ): Promise<RecheckResult> {
    const answer = { rrr: status.rrr, statusCode: status.statusCode };
    const paidKobo = status.amountKobo;
    if (!status.isPaid || paidKobo === null) {
      const known = await findPaymentByRrr(db, status.rrr);
      return {
        ...answer,
        outcome: 'not-paid',
        message: `Not paid yet. Remita says: ${status.message} (${status.status}, code ${status.statusCode}). Nothing was recorded.`,
        payment: paymentRef(known),
      };
    }
    try {
      const { payment, isNew } = await db.transaction((tx) =>
        recordPaidStatus(tx, ledger, actor, {
          mdaId,
          status: { ...status, amountKobo: paidKobo },
          arrival: 'status-check',
        }),
      );
      return {
        ...answer,
        outcome: isNew ? 'recorded' : 'already-recorded',
        message: isNew
          ? `Remita says ${formatKoboAsNaira(paidKobo)} was paid. Recorded now, receipt ${payment.receiptNumber}.`
          : `Already recorded${payment.receiptNumber ? `, receipt ${payment.receiptNumber}` : ''}: nothing more to do.`,
        payment: paymentRef(payment),
      };
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'AMOUNT_MISMATCH') throw err;
      const bill = await findPaymentByRrr(db, status.rrr);
      await recordAudit(db, actor, {
        action: 'payment.amount_mismatch',
        entityType: 'payment',
        entityId: bill?.id ?? null,
        after: { rrr: status.rrr, paidKobo, billKobo: bill?.amountKobo ?? null, via: 'recheck' },
      });
      return {
        ...answer,
        outcome: 'amount-mismatch',
        message: `Remita says ${formatKoboAsNaira(paidKobo)} was paid, but the bill is for ${formatKoboAsNaira(bill?.amountKobo ?? 0)}. Not recorded; tell the administrator.`,
        payment: paymentRef(bill),
      };
    }
  }

  return {
    async checkRrrStatus(actor: Actor, rrr: string, mdaId: string): Promise<RrrStatusView> {
      const credentials = await mdas.getRemitaCredentials(actor, mdaId);
      let status: RemitaRrrStatus;
      try {
        status = await integrations.remita.getRrrStatus(credentials, rrr);
      } catch (err) {
        // 013, 020, 023, 024: the MDA's settings, not the RRR (ADR 0021).
        const fault = remitaFaultOf(err);
        if (fault) throw await mdas.recordRemitaFault(actor, mdaId, fault);
        throw err;
      }
      await mdas.clearRemitaFault(actor, mdaId);
      return recordIfPaid(actor, mdaId, status);
    },

    /**
     * "Re-check and record": asks Remita for the RRR's status and records a paid one exactly as
     * a notification would (recordPaidStatus), once however many re-checks and notifications
     * race. Says what happened; audited, whatever it was.
     */
    async recheckRrr(actor: Actor, rrr: string, mdaId: string): Promise<RecheckResult> {
      const credentials = await mdas.getRemitaCredentials(actor, mdaId);
      const status = await integrations.remita.getRrrStatus(credentials, rrr);
      const result = await recheckOutcome(actor, mdaId, status);
      await recordAudit(db, actor, {
        action: 'rrr.rechecked',
        entityType: 'payment',
        entityId: result.payment?.id ?? null,
        after: { rrr, mdaId, outcome: result.outcome, statusCode: result.statusCode },
      });
      return result;
    },

    async checkEvasStatus(_actor: Actor, rrr: string): Promise<EvasStatusView> {
      const answer = await integrations.evas.getRrrStatus(rrr);
      return {
        rrr: answer.rrr,
        customerId: answer.customerId,
        statusCode: answer.statusCode,
        message: answer.message,
        transactionDate: answer.transactionDate,
        isRegistered: answer.isRegistered,
      };
    },
  };
}
