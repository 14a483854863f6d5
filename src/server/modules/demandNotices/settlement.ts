import { recordAudit } from '../audit/service';
import type { Settlement, Settlements } from '../payments/ledger/settlements';
import {
  findDemandNoticeForUpdate,
  selectDemandNoticeNumbers,
  sumPaidForNotice,
  updateDemandNotice,
} from './queries';
import { auditedNotice } from './view';

/**
 * The ledger's settlement of a demand notice's payments (ADR 0011/0028), in the payment's own
 * transaction and under the notice's row lock: its paid amount is the sum of the paid payments
 * naming it (never an addition, so a repeated notification or a reversal counts right), and a
 * standing notice reads issued, part_paid or paid from it. A cancelled notice stays cancelled;
 * money reaching it anyway still shows in its paid amount, for the officer to refund or reverse.
 */
export const settleDemandNoticePayment: Settlement = async (tx, actor, payment) => {
  const row = await findDemandNoticeForUpdate(tx, payment.subjectId);
  if (!row) {
    throw new Error(
      `Payment ${payment.id} pays demand notice ${payment.subjectId}, which does not exist`,
    );
  }
  const paidKobo = await sumPaidForNotice(tx, row.id);
  const status =
    row.status === 'cancelled'
      ? 'cancelled'
      : paidKobo >= row.totalKobo
        ? 'paid'
        : paidKobo > 0
          ? 'part_paid'
          : 'issued';
  if (paidKobo === row.paidKobo && status === row.status) return;
  const updated = await updateDemandNotice(tx, row.id, { paidKobo, status });
  await recordAudit(tx, actor, {
    action:
      status === 'paid'
        ? 'demand_notice.paid'
        : status === 'part_paid'
          ? 'demand_notice.part_paid'
          : 'demand_notice.payment_changed',
    entityType: 'demand_notice',
    entityId: row.id,
    before: auditedNotice(row),
    after: { ...auditedNotice(updated), paymentId: payment.id },
  });
};

/** Registers the demand notices' payable kind (app.ts, once per app). */
export function registerDemandNoticeSettlement(settlements: Settlements): void {
  settlements.register('demand_notice', {
    settle: settleDemandNoticePayment,
    referencesOf: selectDemandNoticeNumbers,
  });
}
