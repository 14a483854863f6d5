import { SERVICE_TIME_ZONE } from '../../../../shared/dates';
import type { PaymentArrival, PaymentChannel, PaymentType } from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import {
  findPaymentByIdForUpdate,
  findPaymentByRrrForUpdate,
  findReceivedPaymentForUpdate,
  findUnconfirmedBillByOrderIdForUpdate,
  insertPayment,
  insertPaymentUnlessRrrExists,
  lockRrr,
  lockSourceReference,
  type NewPaymentRow,
  type PaymentRow,
  takeReceiptSequence,
  updatePayment,
} from './queries';
import type { Settlements } from './settlements';

/**
 * The rules of the payments ledger (ADR 0010), used by every way money arrives: a Remita
 * notification, an officer's status check, a batch check, a bill raised here. Call each with
 * the transaction the caller opened; each writes its own audit row in it.
 *
 * - One row per RRR: the unique index decides who was first, so the same RRR arriving twice
 *   at once (a notification replayed, a check while the notification lands) records once.
 * - A receipt number is given when, and only when, a payment becomes paid.
 * - Nothing is deleted; amount and status changes are audited.
 * - One payment per transaction: recording locks the RRR, then the year's receipt counter;
 *   a transaction recording two RRRs could wait for a second RRR while holding the counter
 *   another transaction waits for (a deadlock).
 */

export type LedgerDeps = {
  receiptPrefix: string;
  /** What a linked payment settles (an assessment's paid amount), in the same transaction. */
  settlements: Settlements;
};

/** The year a payment counts in: its Lagos calendar year. */
export function receiptYear(paidAt: Date): number {
  return Number(
    new Intl.DateTimeFormat('en-CA', { timeZone: SERVICE_TIME_ZONE, year: 'numeric' }).format(
      paidAt,
    ),
  );
}

/** BIRS/2026/0000042: seven digits hold ten million receipts a year before the width grows. */
export function formatReceiptNumber(prefix: string, year: number, sequence: number): string {
  return `${prefix}/${year}/${String(sequence).padStart(7, '0')}`;
}

export async function nextReceiptNumber(tx: Db, prefix: string, paidAt: Date): Promise<string> {
  const year = receiptYear(paidAt);
  return formatReceiptNumber(prefix, year, await takeReceiptSequence(tx, year));
}

/** What the audit row keeps of a payment: the money facts, not the whole row. */
export function auditedPayment(row: PaymentRow) {
  return {
    receiptNumber: row.receiptNumber,
    rrr: row.rrr,
    amountKobo: row.amountKobo,
    mdaId: row.mdaId,
    revenueHeadCode: row.revenueHeadCode,
    btin: row.btin,
    payerName: row.payerName,
    channel: row.channel,
    status: row.status,
    arrival: row.arrival,
    paidAt: row.paidAt?.toISOString() ?? null,
    sourceReference: row.sourceReference,
    statusReason: row.statusReason,
  };
}

/** A payment Remita confirmed as paid (status 00 or 01, amount checked by the caller). */
export type ConfirmedRemitaPayment = {
  rrr: string;
  mdaId: string;
  amountKobo: number;
  paidAt: Date;
  arrival: Exclude<PaymentArrival, 'invoice'>;
  /** How the money came; unset keeps a bill's own channel (a card payment sets `card`). */
  channel?: PaymentChannel;
  payerName?: string | null;
  payerPhone?: string | null;
  payerEmail?: string | null;
  btin?: string | null;
  revenueHeadCode?: string | null;
  orderId?: string | null;
  sourceReference?: string | null;
  description?: string | null;
};

/**
 * Money that reached the service without an RRR: a POS transaction (pushed, pulled or in a
 * settlement file) or a bank credit an officer posted. `sourceReference` names it once per
 * channel (payments_received_source_key): a POS transaction by provider, terminal, STAN and
 * day; a bank credit by account and the bank's reference.
 */
export type ReceivedPayment = {
  channel: 'pos' | 'bank';
  sourceReference: string;
  arrival: Extract<PaymentArrival, 'push' | 'pull' | 'file' | 'statement'>;
  mdaId: string;
  amountKobo: number;
  paidAt: Date;
  revenueHeadCode?: string | null;
  type?: PaymentType | null;
  btin?: string | null;
  payerName?: string | null;
  payerPhone?: string | null;
  description?: string | null;
};

export type RecordResult = {
  payment: PaymentRow;
  /** True when this call recorded the payment; false when the ledger had it as paid already. */
  isNew: boolean;
};

export function createLedger({ receiptPrefix, settlements }: LedgerDeps) {
  async function markPaid(
    tx: Db,
    actor: Actor,
    existing: PaymentRow,
    confirmed: ConfirmedRemitaPayment,
  ): Promise<RecordResult> {
    if (existing.status === 'paid' || existing.status === 'reversed') {
      return { payment: existing, isNew: false };
    }
    if (existing.amountKobo !== confirmed.amountKobo) {
      throw new AppError(
        'AMOUNT_MISMATCH',
        `Remita says ${confirmed.amountKobo} kobo was paid for RRR ${confirmed.rrr}, but the bill is for ${existing.amountKobo} kobo. It was not recorded; ask the administrator to look into it.`,
        { details: { billKobo: existing.amountKobo, paidKobo: confirmed.amountKobo } },
      );
    }
    const receiptNumber = await nextReceiptNumber(tx, receiptPrefix, confirmed.paidAt);
    const updated = await updatePayment(tx, existing.id, {
      status: 'paid',
      receiptNumber,
      paidAt: confirmed.paidAt,
      // `arrival` stays how the row came: a bill raised here stays 'invoice' once paid (the
      // invoice list finds bills by it); how the payment was confirmed is in the audit row.
      // The channel is how the money came when the confirmation says so: a bill raised for
      // Remita and paid at the counter by card is a card payment (docs/card.md).
      channel: confirmed.channel ?? existing.channel,
      sourceReference: confirmed.sourceReference ?? existing.sourceReference,
      payerName: existing.payerName ?? confirmed.payerName ?? null,
      payerPhone: existing.payerPhone ?? confirmed.payerPhone ?? null,
      payerEmail: existing.payerEmail ?? confirmed.payerEmail ?? null,
    });
    await recordAudit(tx, actor, {
      action: 'payment.paid',
      entityType: 'payment',
      entityId: updated.id,
      before: auditedPayment(existing),
      after: { ...auditedPayment(updated), confirmedBy: confirmed.arrival },
    });
    await settlements.settle(tx, actor, updated);
    return { payment: updated, isNew: true };
  }

  /** Gives an unconfirmed bill the RRR Remita raised for it; the caller holds lockRrr(rrr). */
  async function fillRrr(tx: Db, actor: Actor, bill: PaymentRow, rrr: string) {
    const updated = await updatePayment(tx, bill.id, { rrr });
    await recordAudit(tx, actor, {
      action: 'payment.rrr_confirmed',
      entityType: 'payment',
      entityId: updated.id,
      before: auditedPayment(bill),
      after: { ...auditedPayment(updated), orderId: updated.orderId },
    });
    return updated;
  }

  return {
    /**
     * Records a confirmed Remita payment once. A bill raised here for this RRR becomes paid;
     * an RRR the ledger has never seen becomes a new paid payment; one already paid is left
     * as it is (`isNew: false`).
     */
    async recordConfirmedPayment(
      tx: Db,
      actor: Actor,
      confirmed: ConfirmedRemitaPayment,
    ): Promise<RecordResult> {
      // Without this lock every replay of a notification would find no row, take a receipt
      // number, lose the insert to the first and leave a gap in the receipt sequence; under
      // it the replay finds the first one's committed row and takes nothing.
      await lockRrr(tx, confirmed.rrr);
      const existing = await findPaymentByRrrForUpdate(tx, confirmed.rrr);
      if (existing) return markPaid(tx, actor, existing, confirmed);
      // A bill whose paymentinit answer was lost (ADR 0020) is this payment's bill when
      // Remita gives its order id: it takes the RRR, rather than a second row for one bill.
      const unconfirmed = confirmed.orderId
        ? await findUnconfirmedBillByOrderIdForUpdate(tx, confirmed.mdaId, confirmed.orderId)
        : null;
      if (unconfirmed) {
        const bill = await fillRrr(tx, actor, unconfirmed, confirmed.rrr);
        return markPaid(tx, actor, bill, confirmed);
      }

      const receiptNumber = await nextReceiptNumber(tx, receiptPrefix, confirmed.paidAt);
      const row: NewPaymentRow = {
        rrr: confirmed.rrr,
        receiptNumber,
        amountKobo: confirmed.amountKobo,
        mdaId: confirmed.mdaId,
        revenueHeadCode: confirmed.revenueHeadCode ?? null,
        btin: confirmed.btin ?? null,
        payerName: confirmed.payerName ?? null,
        payerPhone: confirmed.payerPhone ?? null,
        payerEmail: confirmed.payerEmail ?? null,
        channel: confirmed.channel ?? 'remita',
        status: 'paid',
        orderId: confirmed.orderId ?? null,
        sourceReference: confirmed.sourceReference ?? null,
        description: confirmed.description ?? null,
        arrival: confirmed.arrival,
        paidAt: confirmed.paidAt,
        createdBy: actor.officerId,
      };
      const inserted = await insertPaymentUnlessRrrExists(tx, row);
      if (!inserted) {
        // Another transaction recorded this RRR between our look and our insert; its row is
        // committed now (the unique index waited for it), so take it as it is.
        const winner = await findPaymentByRrrForUpdate(tx, confirmed.rrr);
        if (!winner) throw new Error(`RRR ${confirmed.rrr} clashed but cannot be found`);
        return markPaid(tx, actor, winner, confirmed);
      }
      await recordAudit(tx, actor, {
        action: 'payment.recorded',
        entityType: 'payment',
        entityId: inserted.id,
        after: auditedPayment(inserted),
      });
      await settlements.settle(tx, actor, inserted);
      return { payment: inserted, isNew: true };
    },

    /**
     * Records money received without an RRR once (ReceivedPayment): a second arrival of the same
     * source reference, at once or later, returns the first's row (`isNew: false`) and takes no
     * receipt number. Such a payment pays no particular record, so it settles nothing.
     */
    async recordReceivedPayment(
      tx: Db,
      actor: Actor,
      received: ReceivedPayment,
    ): Promise<RecordResult> {
      await lockSourceReference(tx, received.channel, received.sourceReference);
      const existing = await findReceivedPaymentForUpdate(
        tx,
        received.channel,
        received.sourceReference,
      );
      if (existing) return { payment: existing, isNew: false };
      const inserted = await insertPayment(tx, {
        receiptNumber: await nextReceiptNumber(tx, receiptPrefix, received.paidAt),
        amountKobo: received.amountKobo,
        mdaId: received.mdaId,
        revenueHeadCode: received.revenueHeadCode ?? null,
        type: received.type ?? null,
        btin: received.btin ?? null,
        payerName: received.payerName ?? null,
        payerPhone: received.payerPhone ?? null,
        channel: received.channel,
        status: 'paid',
        sourceReference: received.sourceReference,
        description: received.description ?? null,
        arrival: received.arrival,
        paidAt: received.paidAt,
        createdBy: actor.officerId,
      });
      await recordAudit(tx, actor, {
        action: 'payment.recorded',
        entityType: 'payment',
        entityId: inserted.id,
        after: auditedPayment(inserted),
      });
      return { payment: inserted, isNew: true };
    },

    /**
     * A bill raised here, nothing paid yet. Recorded before paymentinit with no RRR and
     * `rrrRequestedAt` ("RRR pending confirmation", ADR 0020); the RRR follows (confirmRrr).
     */
    async recordBill(
      tx: Db,
      actor: Actor,
      bill: Omit<NewPaymentRow, 'status' | 'arrival' | 'receiptNumber' | 'paidAt' | 'createdBy'>,
    ): Promise<PaymentRow> {
      const inserted = await insertPaymentUnlessRrrExists(tx, {
        ...bill,
        status: 'pending',
        arrival: 'invoice',
        createdBy: actor.officerId,
      });
      if (!inserted) {
        throw new AppError(
          'CONFLICT',
          `Remita gave RRR ${bill.rrr}, which the ledger has already.`,
        );
      }
      await recordAudit(tx, actor, {
        action: 'payment.billed',
        entityType: 'payment',
        entityId: inserted.id,
        after: auditedPayment(inserted),
      });
      return inserted;
    },

    /**
     * The RRR Remita raised for a bill recorded before its paymentinit (ADR 0020). Once: a
     * second confirmation of the same RRR changes nothing; a different RRR for the same bill,
     * or an RRR the ledger holds on another row, is refused and nothing is written.
     */
    async confirmRrr(tx: Db, actor: Actor, billId: string, rrr: string): Promise<PaymentRow> {
      await lockRrr(tx, rrr);
      const bill = await findPaymentByIdForUpdate(tx, billId);
      if (!bill) throw new AppError('NOT_FOUND', 'No bill has this id.');
      if (bill.rrr === rrr) return bill;
      const other = await findPaymentByRrrForUpdate(tx, rrr);
      if (bill.rrr !== null || other) {
        throw new AppError(
          'CONFLICT',
          `Remita gave RRR ${rrr} for order ${bill.orderId}, but the ledger holds ${bill.rrr ? `RRR ${bill.rrr} for this bill` : 'that RRR on another payment'}. Nothing was changed; tell the administrator.`,
        );
      }
      return fillRrr(tx, actor, bill, rrr);
    },

    /**
     * Remita clearly refused the bill's paymentinit (not a lost answer): the bill failed, and its
     * subject is settled in the same transaction as for a cancelled bill (ADR 0028), so a stamp
     * duty instrument or an SSC schedule is billable again rather than "billed" by a bill that
     * has no RRR and never will.
     */
    async refuseBill(tx: Db, actor: Actor, billId: string, reason: string): Promise<PaymentRow> {
      const bill = await findPaymentByIdForUpdate(tx, billId);
      if (!bill) throw new AppError('NOT_FOUND', 'No bill has this id.');
      if (bill.status !== 'pending' || bill.rrr !== null) return bill;
      const updated = await updatePayment(tx, bill.id, {
        status: 'failed',
        statusReason: reason,
        statusChangedAt: new Date(),
      });
      await recordAudit(tx, actor, {
        action: 'payment.bill_refused',
        entityType: 'payment',
        entityId: updated.id,
        before: auditedPayment(bill),
        after: auditedPayment(updated),
      });
      await settlements.settle(tx, actor, updated);
      return updated;
    },

    /**
     * Changes a payment's status by hand, with a reason: `reversed` (from paid) or `cancelled`
     * (from pending). Any other move is refused; the row is locked, so two officers at once
     * give one change and one 409.
     */
    async changeStatusByHand(
      tx: Db,
      actor: Actor,
      paymentId: string,
      change: { to: 'reversed' | 'cancelled'; reason: string },
    ): Promise<PaymentRow> {
      const existing = await findPaymentByIdForUpdate(tx, paymentId);
      if (!existing) throw new AppError('NOT_FOUND', 'No such payment.');
      const from = change.to === 'reversed' ? 'paid' : 'pending';
      if (existing.status !== from) {
        throw new AppError(
          'CONFLICT',
          change.to === 'reversed'
            ? `Only a paid payment can be reversed; this one is ${existing.status}.`
            : `Only a bill not yet paid can be cancelled; this one is ${existing.status}.`,
          { details: { status: existing.status } },
        );
      }
      const updated = await updatePayment(tx, existing.id, {
        status: change.to,
        statusReason: change.reason,
        statusChangedAt: new Date(),
        statusChangedBy: actor.officerId,
      });
      await recordAudit(tx, actor, {
        action: change.to === 'reversed' ? 'payment.reversed' : 'payment.cancelled',
        entityType: 'payment',
        entityId: updated.id,
        before: auditedPayment(existing),
        after: auditedPayment(updated),
      });
      await settlements.settle(tx, actor, updated);
      return updated;
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
