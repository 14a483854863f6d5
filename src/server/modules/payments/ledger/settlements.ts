import { PAYMENT_SUBJECT_KINDS, type PaymentSubjectKind } from '../../../../shared/payments/enums';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import type { PaymentRow } from './queries';

/**
 * What a payment pays is settled by the domain that owns it, in the payment's own transaction
 * (ADR 0011, keyed by subject kind since ADR 0028): when a payment of an assessment or a
 * certificate's fee (later a stamp duty instrument, a demand notice, an SSC schedule…) becomes
 * paid or is reversed, that record brings itself up to date before the payment commits. The
 * payments module knows nothing of those domains; each registers its kind once when the app is
 * built (src/server/app.ts).
 */
export type Settlement = (tx: Db, actor: Actor, payment: SubjectPayment) => Promise<void>;

/** A payment row whose subject is known (the ledger's row, narrowed). */
export type SubjectPayment = PaymentRow & { subjectKind: PaymentSubjectKind; subjectId: string };

/**
 * What a domain tells the ledger about its payable records: how a payment settles one, and the
 * number staff know each by (an assessment's notice number, a certificate's number), which an
 * export writes instead of an internal id.
 */
export type PaymentSubject = {
  settle: Settlement;
  /** The numbers of the records `ids` that have one; an id without a number is left out. */
  referencesOf(db: Db, ids: readonly string[]): Promise<Map<string, string>>;
};

export type Settlements = {
  /** Throws when the kind is registered already: two settlements for one record would both run. */
  register(kind: PaymentSubjectKind, subject: PaymentSubject): void;
  /**
   * Throws unless every kind of PAYMENT_SUBJECT_KINDS is registered: buildApp calls it once
   * its domains have registered, so a kind added without its settlement stops the app at boot
   * instead of leaving its payments unsettled.
   */
  assertComplete(): void;
  /**
   * Runs the settlement of the payment's subject; a payment of nothing particular settles
   * nothing. A subject whose kind has no settlement throws (the payment is refused, not
   * recorded half-done): assertComplete makes that unreachable in the app.
   */
  settle(tx: Db, actor: Actor, payment: PaymentRow): Promise<void>;
  /**
   * The numbers staff know for `ids` of one kind, for exports and lists; ids that have none
   * (unknown, or a draft without a notice number) are absent from the map.
   */
  referencesOf(
    db: Db,
    kind: PaymentSubjectKind,
    ids: readonly string[],
  ): Promise<Map<string, string>>;
};

export function createSettlements(): Settlements {
  const byKind = new Map<PaymentSubjectKind, PaymentSubject>();
  function subjectOf(kind: PaymentSubjectKind): PaymentSubject {
    const subject = byKind.get(kind);
    if (!subject) throw new Error(`No settlement is registered for payments of kind '${kind}'`);
    return subject;
  }
  return {
    register(kind, subject) {
      if (byKind.has(kind)) {
        throw new Error(`A settlement for payments of kind '${kind}' is registered twice`);
      }
      byKind.set(kind, subject);
    },
    assertComplete() {
      const missing = PAYMENT_SUBJECT_KINDS.filter((kind) => !byKind.has(kind));
      if (missing.length > 0) {
        throw new Error(
          `No settlement is registered for payments of kind ${missing.map((k) => `'${k}'`).join(', ')} (ADR 0028)`,
        );
      }
    },
    async settle(tx, actor, payment) {
      const { subjectKind, subjectId } = payment;
      if (subjectKind === null || subjectId === null) return;
      await subjectOf(subjectKind).settle(tx, actor, { ...payment, subjectKind, subjectId });
    },
    async referencesOf(db, kind, ids) {
      const subject = subjectOf(kind);
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      return subject.referencesOf(db, unique);
    },
  };
}
