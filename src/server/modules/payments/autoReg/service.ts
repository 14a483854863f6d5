import type { AutoRegPage, AutoRegQuery, PaymentView } from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import { isMdaInScope, mdaScopeOf, whereInActorMdas } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { payments } from '../../../db/schema';
import { AppError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { findTaxpayerByBtin } from '../../taxpayers/service';
import { auditedPayment } from '../ledger/ledger';
import { findPaymentByIdForUpdate, type PaymentRow, updatePayment } from '../ledger/queries';
import { selectPaymentById } from '../queries';
import { toPaymentView } from '../view';
import { selectAutoRegPage } from './queries';

/**
 * Gives a payment that came without a BTIN its taxpayer, audited as `payment.matched`: by the
 * notification path (auto-registration, a BTIN the payer gave) or by an officer.
 */
export async function linkPaymentToTaxpayer(
  tx: Db,
  actor: Actor,
  payment: PaymentRow,
  btin: string,
  via: 'notification' | 'officer',
): Promise<PaymentRow> {
  const updated = await updatePayment(tx, payment.id, { btin });
  await recordAudit(tx, actor, {
    action: 'payment.matched',
    entityType: 'payment',
    entityId: payment.id,
    before: { btin: payment.btin },
    after: { btin, via, payment: auditedPayment(updated) },
  });
  return updated;
}

/** transactions/auto-reg: payers who paid with no BTIN, and matching them by hand. */
export function createAutoRegService({ db }: { db: Db }) {
  return {
    async findAutoRegPayments(actor: Actor, query: AutoRegQuery): Promise<AutoRegPage> {
      const { items, total } = await selectAutoRegPage(
        db,
        { ...query, scope: whereInActorMdas(actor, payments.mdaId) },
        { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
      );
      return { items, page: query.page, pageSize: query.pageSize, total };
    },

    async matchPayer(actor: Actor, paymentId: string, btin: string): Promise<PaymentView> {
      await db.transaction(async (tx) => {
        const payment = await findPaymentByIdForUpdate(tx, paymentId);
        if (!payment || !isMdaInScope(mdaScopeOf(actor), payment.mdaId)) {
          throw new AppError('NOT_FOUND', 'No such payment.');
        }
        if (payment.btin) {
          throw new AppError(
            'CONFLICT',
            `This payment belongs to the taxpayer with BTIN ${payment.btin} already.`,
            { details: { btin: payment.btin } },
          );
        }
        if (payment.status !== 'paid') {
          throw new AppError(
            'CONFLICT',
            `Only a payment received can be matched to a taxpayer; this one is ${payment.status}.`,
            { details: { status: payment.status } },
          );
        }
        if (!(await findTaxpayerByBtin(tx, btin))) {
          throw new AppError('TAXPAYER_NOT_FOUND', `No taxpayer has BTIN ${btin}.`);
        }
        await linkPaymentToTaxpayer(tx, actor, payment, btin, 'officer');
      });
      const row = await selectPaymentById(db, paymentId, undefined);
      if (!row) throw new Error(`payment ${paymentId} vanished after it was matched`);
      return toPaymentView(row);
    },
  };
}
