import { and, eq } from 'drizzle-orm';
import type { PaymentType } from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { payments } from '../../../db/schema';
import { AppError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { auditedPayment, nextReceiptNumber } from './ledger';
import { type PaymentRow, updatePayment } from './queries';

/**
 * The ledger's side of a backlog capture (assessments of past years paid outside RevDesk): a
 * paper receipt recorded by hand, and a payment linked to the assessment it paid. Call with the
 * caller's transaction; each writes its own audit row in it.
 */

export type ManualReceipt = {
  mdaId: string;
  /** The paper receipt's number: unique per MDA among manual payments (payments_manual_receipt_key). */
  receiptNumber: string;
  amountKobo: number;
  paidAt: Date;
  btin: string;
  payerName: string;
  type: PaymentType;
  /** The assessment the receipt paid (ADR 0028: the payment's subject, kind 'assessment'). */
  assessmentId: string;
};

/** A paper receipt, recorded as a paid `manual` payment; 409 naming its entry when it is used already. */
export async function recordManualReceipt(
  tx: Db,
  receiptPrefix: string,
  actor: Actor,
  receipt: ManualReceipt,
): Promise<PaymentRow> {
  const [used] = await tx
    .select({
      id: payments.id,
      subjectKind: payments.subjectKind,
      subjectId: payments.subjectId,
      btin: payments.btin,
    })
    .from(payments)
    .where(
      and(
        eq(payments.channel, 'manual'),
        eq(payments.mdaId, receipt.mdaId),
        eq(payments.sourceReference, receipt.receiptNumber),
      ),
    )
    .limit(1);
  if (used) {
    throw new AppError(
      'CONFLICT',
      `Receipt ${receipt.receiptNumber} of this MDA is recorded already (payment ${used.id}${used.btin ? `, BTIN ${used.btin}` : ''}).`,
      { details: { paymentId: used.id, subjectKind: used.subjectKind, subjectId: used.subjectId } },
    );
  }
  const [inserted] = await tx
    .insert(payments)
    .values({
      receiptNumber: await nextReceiptNumber(tx, receiptPrefix, receipt.paidAt),
      amountKobo: receipt.amountKobo,
      mdaId: receipt.mdaId,
      btin: receipt.btin,
      payerName: receipt.payerName,
      channel: 'manual',
      status: 'paid',
      type: receipt.type,
      subjectKind: 'assessment',
      subjectId: receipt.assessmentId,
      sourceReference: receipt.receiptNumber,
      arrival: 'manual',
      paidAt: receipt.paidAt,
      createdBy: actor.officerId,
      description: 'Backlog receipt entered by hand',
    })
    .returning();
  if (!inserted) throw new Error('insert into payments returned nothing');
  await recordAudit(tx, actor, {
    action: 'payment.recorded',
    entityType: 'payment',
    entityId: inserted.id,
    after: auditedPayment(inserted),
  });
  return inserted;
}

/** Links a paid payment to the assessment it paid; 409 when it pays another already. */
export async function linkPaymentToAssessment(
  tx: Db,
  actor: Actor,
  payment: PaymentRow,
  link: { type: PaymentType; assessmentId: string; btin: string },
): Promise<PaymentRow> {
  const isLinkedElsewhere =
    payment.subjectKind !== null &&
    (payment.subjectKind !== 'assessment' || payment.subjectId !== link.assessmentId);
  if (isLinkedElsewhere) {
    const what = payment.subjectKind === 'assessment' ? 'another assessment' : 'a certificate';
    throw new AppError(
      'CONFLICT',
      `RRR ${payment.rrr} pays ${what} already (${payment.subjectId}).`,
      {
        details: {
          paymentId: payment.id,
          subjectKind: payment.subjectKind,
          subjectId: payment.subjectId,
        },
      },
    );
  }
  const updated = await updatePayment(tx, payment.id, {
    type: link.type,
    subjectKind: 'assessment',
    subjectId: link.assessmentId,
    btin: payment.btin ?? link.btin,
  });
  await recordAudit(tx, actor, {
    action: 'payment.linked',
    entityType: 'payment',
    entityId: payment.id,
    before: auditedPayment(payment),
    after: {
      ...auditedPayment(updated),
      type: link.type,
      subjectKind: 'assessment',
      subjectId: link.assessmentId,
    },
  });
  return updated;
}
