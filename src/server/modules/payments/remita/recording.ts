import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import type { RemitaRrrStatus } from '../../../integrations/remita/types';
import { autoRegisterPayer } from '../../taxpayers/service';
import { linkPaymentToTaxpayer } from '../autoReg/service';
import type { Ledger, RecordResult } from '../ledger/ledger';

/**
 * Records an RRR Remita reports as paid, as a payment notification records it (docs/remita.md,
 * "Payment notification"): the ledger's one row per RRR (ADR 0010), so a second call or one
 * racing a notification records once, and a new payment with no taxpayer is auto-registered
 * from the payer Remita names. The caller opened the transaction and checked `isPaid`.
 */
export async function recordPaidStatus(
  tx: Db,
  ledger: Ledger,
  actor: Actor,
  input: {
    mdaId: string;
    status: RemitaRrrStatus & { amountKobo: number };
    arrival: 'notification' | 'status-check' | 'batch';
  },
): Promise<RecordResult> {
  const { status } = input;
  const result = await ledger.recordConfirmedPayment(tx, actor, {
    rrr: status.rrr,
    mdaId: input.mdaId,
    amountKobo: status.amountKobo,
    paidAt: status.transactionDate ? new Date(status.transactionDate) : new Date(),
    arrival: input.arrival,
    payerName: status.payerName,
    payerPhone: status.payerPhone,
    payerEmail: status.payerEmail,
    orderId: status.orderId,
    sourceReference: status.transactionRef,
  });
  if (result.isNew && !result.payment.btin && status.payerName && status.payerPhone) {
    const registered = await autoRegisterPayer(tx, actor, {
      name: status.payerName,
      phone: status.payerPhone,
      email: status.payerEmail,
    });
    if (registered) {
      const payment = await linkPaymentToTaxpayer(
        tx,
        actor,
        result.payment,
        registered.btin,
        'notification',
      );
      return { payment, isNew: true };
    }
  }
  return result;
}
