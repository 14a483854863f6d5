import { formatKoboAsNaira } from '../../../../shared/money';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import type { CardChargeState } from '../../../integrations/card/types';
import { recordAudit } from '../../audit/service';
import type { Ledger } from '../ledger/ledger';
import { findPaymentByIdForUpdate } from '../ledger/queries';
import { type CardAttemptRow, findAttemptForUpdate, updateAttempt } from './queries';

/**
 * How a card attempt ends (docs/card.md): what the gateway said — or that it said nothing — is
 * written on an attempt still open, under its row lock, with its audit row. An approval pays the
 * bill through the ledger (ADR 0010) in the same transaction, so the charge's own answer, an
 * officer's check and the sweep racing each other record one payment.
 */

/** What is known of the charge: the gateway's state, its answer lost, or it took nothing on. */
export type Settlement =
  | { kind: 'state'; state: CardChargeState }
  | { kind: 'lost' }
  | { kind: 'refused'; reason: string };

export function auditedAttempt(row: CardAttemptRow) {
  return {
    reference: row.reference,
    paymentId: row.paymentId,
    rrr: row.rrr,
    amountKobo: row.amountKobo,
    status: row.status,
    gatewayReference: row.gatewayReference,
    declineCode: row.declineCode,
    declineReason: row.declineReason,
    note: row.note,
  };
}

export type CardSettle = (
  actor: Actor,
  reference: string,
  settlement: Settlement,
  arrival: 'notification' | 'status-check',
) => Promise<CardAttemptRow>;

export function createCardSettlement({ db, ledger }: { db: Db; ledger: Ledger }): CardSettle {
  /**
   * Writes what the gateway said (or that it said nothing) on an attempt still open; one
   * settled meanwhile by someone else (a check racing the charge's own answer) is left as it is.
   */
  return async function settle(
    actor: Actor,
    reference: string,
    settlement: Settlement,
    arrival: 'notification' | 'status-check',
  ): Promise<CardAttemptRow> {
    return db.transaction(async (tx) => {
      const attempt = await findAttemptForUpdate(tx, reference);
      if (!attempt) throw new Error(`card attempt ${reference} vanished`);
      if (attempt.status !== 'pending' && attempt.status !== 'unknown') return attempt;
      const state = settlement.kind === 'state' ? settlement.state : null;
      const now = new Date();
      let change: Partial<CardAttemptRow>;
      let action: string;
      if (state?.status === 'approved' && state.amountKobo !== attempt.amountKobo) {
        // The gateway says it took another amount than the bill's: nothing is recorded (the
        // ledger would refuse it too) and the attempt stays open, so the bill takes no other
        // card until an administrator has settled it with the gateway.
        if (attempt.note) return attempt;
        change = {
          status: 'unknown',
          gatewayReference: state.gatewayReference,
          note: `The gateway says it approved ${formatKoboAsNaira(state.amountKobo)}, but the bill is for ${formatKoboAsNaira(attempt.amountKobo)}. Nothing was recorded; tell the administrator, who settles it with the gateway (reference ${state.gatewayReference}).`,
        };
        action = 'card_payment.amount_mismatch';
      } else if (state?.status === 'approved') {
        const bill = await findPaymentByIdForUpdate(tx, attempt.paymentId);
        if (!bill) throw new Error(`payment ${attempt.paymentId} vanished`);
        // The ledger pays a bill once (ADR 0010): a bill paid another way while the card was at
        // the terminal stays as it was, and the officer is told the card holder is owed a refund.
        const { payment, isNew } = await ledger.recordConfirmedPayment(tx, actor, {
          rrr: attempt.rrr,
          mdaId: bill.mdaId,
          amountKobo: state.amountKobo,
          paidAt: new Date(state.approvedAt),
          // The gateway's own answer to the charge is its word that it was paid, as Remita's
          // notification is; an answer found by a status query is a status check.
          arrival,
          channel: 'card',
          sourceReference: state.gatewayReference,
        });
        change = {
          status: 'approved',
          gatewayReference: state.gatewayReference,
          settledAt: now,
          note: isNew
            ? null
            : `The bill was already ${payment.status}${payment.receiptNumber ? ` (receipt ${payment.receiptNumber})` : ''} when the gateway approved this card. Refund the card holder through the gateway (reference ${state.gatewayReference}).`,
        };
        action = isNew ? 'card_payment.approved' : 'card_payment.approved_on_paid_bill';
      } else if (state?.status === 'declined') {
        change = {
          status: 'declined',
          declineCode: state.declineCode || null,
          declineReason: state.declineReason,
          settledAt: now,
        };
        action = 'card_payment.declined';
      } else if (state?.status === 'not-found' || settlement.kind === 'refused') {
        change = {
          status: 'failed',
          declineReason:
            settlement.kind === 'refused'
              ? settlement.reason
              : 'The gateway never received this attempt; nothing was charged.',
          settledAt: now,
        };
        action = 'card_payment.failed';
      } else {
        // No answer, or the card is still at the terminal: only a later status query can tell.
        if (attempt.status === 'unknown') return attempt;
        change = { status: 'unknown' };
        action = 'card_payment.unanswered';
      }
      const updated = await updateAttempt(tx, attempt.id, change);
      await recordAudit(tx, actor, {
        action,
        entityType: 'card_payment',
        entityId: attempt.reference,
        before: auditedAttempt(attempt),
        after: { ...auditedAttempt(updated), confirmedBy: arrival },
      });
      return updated;
    });
  };
}
