import { TCC_PAYMENT_TYPE } from '../../../../shared/tcc/enums';
import { recordAudit } from '../../audit/service';
import type { Settlement, Settlements } from '../../payments/ledger/settlements';
import { auditedTcc } from '../common';
import { findTccForUpdate, insertTccHistory, transitionTcc } from '../queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The ledger's settlement of a certificate's processing fee (ADR 0010/0011), in the payment's
 * own transaction: once the fee's payment is paid, a certificate awaiting payment enters the
 * chain (DESIGN.md §5, pending_director_assessment) with a `fee_paid` history row. Anything else
 * does nothing: a second notification of the same payment, a reversal (the chain has started;
 * a reversed fee is a matter for the approvers, not a transition), a certificate already moved,
 * a payment short of the fee.
 */
export const settleTccFee: Settlement = async (tx, actor, payment) => {
  if (payment.status !== 'paid' || !payment.assessmentId || !UUID.test(payment.assessmentId)) {
    return;
  }
  const row = await findTccForUpdate(tx, payment.assessmentId);
  if (row?.status !== 'awaiting_payment') return;
  // Only the whole fee releases the certificate: a smaller payment linked to it changes nothing.
  if (payment.amountKobo < row.feeKobo) return;
  const moved = await transitionTcc(
    tx,
    row.id,
    'awaiting_payment',
    { status: 'pending_director_assessment', feePaymentId: payment.id },
    new Date(),
  );
  if (!moved) return;
  await insertTccHistory(tx, {
    tccId: row.id,
    action: 'fee_paid',
    fromStatus: 'awaiting_payment',
    toStatus: 'pending_director_assessment',
    actorId: actor.officerId,
    comment: `Fee paid: receipt ${payment.receiptNumber ?? payment.rrr ?? payment.id}`,
  });
  await recordAudit(tx, actor, {
    action: 'tcc.fee_paid',
    entityType: 'tcc',
    entityId: row.id,
    before: auditedTcc(row),
    after: { ...auditedTcc(moved), feePaymentId: payment.id },
  });
};

/** Registers the fee's settlement for payments of type `tcc` (app.ts, once per app). */
export function registerTccSettlement(settlements: Settlements): void {
  settlements.register(TCC_PAYMENT_TYPE, settleTccFee);
}
