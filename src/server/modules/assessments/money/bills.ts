import type { AssessmentBillInput, AssessmentView } from '../../../../shared/assessments';
import { ASSESSMENT_KIND_LABELS, ASSESSMENT_PAYMENT_TYPES } from '../../../../shared/assessments';
import type { PaymentView } from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import { AppError, fieldError } from '../../../errors';
import { createMdaService } from '../../mdas/service';
import type { PaymentDeps } from '../../payments/deps';
import { createInvoiceService } from '../../payments/invoices/service';
import { assertKind, assessmentViewOf } from '../common';

export type AssessmentBill = { assessment: AssessmentView; bill: PaymentView };

/**
 * An assessment's bill (RRR), raised through the payments' invoices service for what it owes
 * today: the tax outstanding plus penalty and interest not waived. The bill carries the payment
 * type of the kind and the assessment's id, so the ledger settles it here when it is paid.
 */
export function createAssessmentBillService(deps: PaymentDeps) {
  const invoices = createInvoiceService(deps);
  const mdas = createMdaService({ db: deps.db, secrets: deps.secrets });

  /**
   * The MDA and revenue head to bill: the ones asked for; without them, the first active MDA the
   * officer may bill for (the MDA list's order) and its first active revenue head by code.
   */
  async function billingTarget(actor: Actor, input: AssessmentBillInput) {
    const mdaId = input.mdaId ?? (await mdas.listMdas(actor, {})).items[0]?.id;
    if (!mdaId) throw fieldError('mdaId', 'Choose the MDA the bill is paid to');
    if (input.revenueHeadCode) return { mdaId, revenueHeadCode: input.revenueHeadCode };
    const mda = await mdas.getMda(actor, mdaId);
    const head = mda.revenueHeads
      .filter((h) => h.isActive)
      .sort((a, b) => a.code.localeCompare(b.code))[0];
    if (!head) throw fieldError('revenueHeadCode', `${mda.name} has no active revenue head`);
    return { mdaId, revenueHeadCode: head.code };
  }

  return {
    async raiseBill(actor: Actor, id: string, input: AssessmentBillInput): Promise<AssessmentBill> {
      const assessment = await assessmentViewOf(deps.db, id);
      assertKind(actor, assessment.kind);
      if (assessment.status !== 'issued' && assessment.status !== 'part_paid') {
        throw new AppError(
          'CONFLICT',
          `A bill is raised for an issued or part-paid assessment; this one is ${assessment.status}.`,
          { details: { status: assessment.status } },
        );
      }
      if (assessment.amountDueKobo < 100) {
        throw new AppError('RULE_VIOLATION', 'Nothing is owed on this assessment.');
      }
      const target = await billingTarget(actor, input);
      const bill = await invoices.raiseInvoice(
        actor,
        {
          btin: assessment.btin,
          mdaId: target.mdaId,
          revenueHeadCode: target.revenueHeadCode,
          amountKobo: assessment.amountDueKobo,
          description:
            `${ASSESSMENT_KIND_LABELS[assessment.kind]} ${assessment.taxYear} ${assessment.noticeNumber ?? ''}`.trim(),
          type: ASSESSMENT_PAYMENT_TYPES[assessment.kind],
        },
        { subject: { kind: 'assessment', id: assessment.id } },
      );
      return { assessment, bill };
    },
  };
}
