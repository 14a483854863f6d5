import { eq } from 'drizzle-orm';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { assessments } from '../../../db/schema';
import { recordAudit } from '../../audit/service';
import type { Settlement, Settlements } from '../../payments/ledger/settlements';
import { auditedAssessment } from '../common';
import {
  type AssessmentRow,
  findAssessmentForUpdate,
  selectNoticeNumbers,
  selectRevisionChain,
  sumPaidPayments,
  updateAssessment,
} from '../queries';

/** The status the money gives an assessment that stands (an objected one stays objected). */
export function statusForMoney(row: Pick<AssessmentRow, 'status' | 'taxKobo'>, paidKobo: number) {
  if (row.status !== 'issued' && row.status !== 'part_paid' && row.status !== 'paid') {
    return row.status;
  }
  if (paidKobo === 0) return 'issued';
  return paidKobo >= row.taxKobo ? 'paid' : 'part_paid';
}

/** The assessment that stands for `id` now: itself, or the revision that replaced it (ADR 0010). */
async function currentRevisionOf(tx: Db, id: string): Promise<string> {
  let current = id;
  for (let depth = 0; depth < 50; depth += 1) {
    const [next] = await tx
      .select({ id: assessments.id })
      .from(assessments)
      .where(eq(assessments.revisionOf, current))
      .limit(1);
    if (!next) return current;
    current = next.id;
  }
  return current;
}

/**
 * Brings an assessment's paid amount and status up to date from the ledger, in the caller's
 * transaction, under the assessment's row lock: paidKobo is the sum of the paid payments linked
 * to it and to the assessments it revised (an upheld objection's new assessment counts what was
 * paid on the old one), never an addition. Overpayment stays in paidKobo (creditKobo in views).
 */
export async function refreshPaidAmount(tx: Db, actor: Actor, assessmentId: string) {
  const id = await currentRevisionOf(tx, assessmentId);
  const row = await findAssessmentForUpdate(tx, id);
  if (!row) return null;
  const chain = await selectRevisionChain(tx, id);
  const paidKobo = await sumPaidPayments(tx, chain);
  const status = statusForMoney(row, paidKobo);
  if (paidKobo === row.paidKobo && status === row.status) return row;
  const updated = await updateAssessment(tx, id, { paidKobo, status });
  await recordAudit(tx, actor, {
    action:
      status === 'paid'
        ? 'assessment.paid'
        : status === 'part_paid'
          ? 'assessment.part_paid'
          : 'assessment.payment_changed',
    entityType: 'assessment',
    entityId: id,
    before: auditedAssessment(row),
    after: auditedAssessment(updated),
  });
  return updated;
}

/**
 * The ledger's settlement for payments of kind 'assessment' (ADR 0011, 0028): direct and
 * presumptive alike. A payment naming an assessment that does not exist is refused: the ledger
 * would otherwise record money against nothing.
 */
export const settleAssessmentPayment: Settlement = async (tx, actor, payment) => {
  if (payment.status === 'cancelled') {
    // A bill cancelled (here or from the bills list) is part of the assessment's history.
    await recordAudit(tx, actor, {
      action: 'assessment.bill_cancelled',
      entityType: 'assessment',
      entityId: payment.subjectId,
      after: { paymentId: payment.id, rrr: payment.rrr, reason: payment.statusReason },
    });
  }
  const updated = await refreshPaidAmount(tx, actor, payment.subjectId);
  if (!updated) {
    throw new Error(
      `Payment ${payment.id} pays assessment ${payment.subjectId}, which does not exist`,
    );
  }
};

/** Registers the assessments' payable kind (app.ts, once per app). */
export function registerAssessmentSettlements(settlements: Settlements): void {
  settlements.register('assessment', {
    settle: settleAssessmentPayment,
    referencesOf: selectNoticeNumbers,
  });
}
