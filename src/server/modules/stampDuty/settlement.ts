import { recordAudit } from '../audit/service';
import type { Settlement, Settlements } from '../payments/ledger/settlements';
import { findInstrumentForUpdate, selectCertificateNumbers, updateInstrument } from './queries';
import { auditedInstrument } from './service';

/**
 * The ledger's settlement for payments of kind 'stamp_duty' (ADR 0028), in the payment's own
 * transaction under the instrument's row lock: its bill paid moves it `billed` → `paid`; the
 * bill cancelled or failed moves it back to `assessed` (billable again), a paid bill reversed
 * moves a paid instrument back too. A stamped or cancelled instrument keeps its status; the
 * change is in its history.
 */
export const settleStampDutyPayment: Settlement = async (tx, actor, payment) => {
  const row = await findInstrumentForUpdate(tx, payment.subjectId);
  if (!row) {
    throw new Error(
      `Payment ${payment.id} pays stamp duty instrument ${payment.subjectId}, which does not exist`,
    );
  }
  const isItsBill = row.paymentId === payment.id;
  let status = row.status;
  if (isItsBill && payment.status === 'paid' && row.status === 'billed') status = 'paid';
  if (
    isItsBill &&
    (payment.status === 'cancelled' || payment.status === 'failed') &&
    row.status === 'billed'
  ) {
    status = 'assessed';
  }
  if (isItsBill && payment.status === 'reversed' && row.status === 'paid') status = 'assessed';
  const updated =
    status === row.status
      ? row
      : await updateInstrument(tx, row.id, {
          status,
          paidAt: status === 'paid' ? (payment.paidAt ?? new Date()) : null,
          ...(status === 'assessed' ? { paymentId: null } : {}),
        });
  await recordAudit(tx, actor, {
    action: `stamp_duty.payment_${payment.status}`,
    entityType: 'stamp_instrument',
    entityId: row.id,
    before: auditedInstrument(row),
    after: { ...auditedInstrument(updated ?? row), paymentId: payment.id, rrr: payment.rrr },
  });
};

/** Registers the stamp duty payable kind (app.ts, once per app). */
export function registerStampDutySettlement(settlements: Settlements): void {
  settlements.register('stamp_duty', {
    settle: settleStampDutyPayment,
    referencesOf: selectCertificateNumbers,
  });
}
