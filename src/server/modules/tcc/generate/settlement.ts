import { recordAudit } from '../../audit/service';
import type { Settlement, Settlements } from '../../payments/ledger/settlements';
import { auditedTcc } from '../common';
import { findTccForUpdate, insertTccHistory, selectTccNumbers, transitionTcc } from '../queries';

/**
 * The ledger's settlement of a certificate's processing fee (ADR 0010/0011), in the payment's
 * own transaction: once the fee's payment is paid, a certificate awaiting payment enters the
 * chain (docs/architecture.md §5, pending_director_assessment) with a `fee_paid` history row. Anything else
 * does nothing: a second notification of the same payment, a reversal (the chain has started;
 * a reversed fee is a matter for the approvers, not a transition), a certificate already moved,
 * a payment short of the fee.
 */
export const settleTccFee: Settlement = async (tx, actor, payment) => {
  if (payment.status !== 'paid') return;
  const row = await findTccForUpdate(tx, payment.subjectId);
  // A fee naming no certificate is refused: the ledger would record money against nothing.
  if (!row) {
    throw new Error(
      `Payment ${payment.id} pays certificate ${payment.subjectId}, which does not exist`,
    );
  }
  if (row.status !== 'awaiting_payment') return;
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

/** Registers the certificates' payable kind, their fee (app.ts, once per app). */
export function registerTccSettlement(settlements: Settlements): void {
  settlements.register('tcc', { settle: settleTccFee, referencesOf: selectTccNumbers });
}
