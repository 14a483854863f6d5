import type { PaymentType } from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import type { PaymentRow } from './queries';

/**
 * What a payment pays for is settled by the domain that owns it, in the payment's own
 * transaction (ADR 0010): when a linked payment becomes paid or is reversed, the assessment (or,
 * later, the stamp duty instrument, the demand notice…) brings its paid amount and status up to
 * date before the payment commits. The payments module knows nothing of those domains; each
 * registers a settlement for its payment type when the app is built (src/server/app.ts).
 */
export type Settlement = (tx: Db, actor: Actor, payment: PaymentRow) => Promise<void>;

export type Settlements = {
  register(type: PaymentType, settle: Settlement): void;
  /** Runs the settlement of the payment's type, if it pays for something that has one. */
  settle(tx: Db, actor: Actor, payment: PaymentRow): Promise<void>;
};

export function createSettlements(): Settlements {
  const byType = new Map<PaymentType, Settlement>();
  return {
    register(type, settle) {
      if (byType.has(type))
        throw new Error(`A settlement for ${type} payments is registered twice`);
      byType.set(type, settle);
    },
    async settle(tx, actor, payment) {
      if (!payment.type || !payment.assessmentId) return;
      await byType.get(payment.type)?.(tx, actor, payment);
    },
  };
}
