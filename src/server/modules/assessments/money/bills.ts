import { and, desc, eq } from 'drizzle-orm';
import type { AssessmentBillInput, AssessmentView } from '../../../../shared/assessments';
import { ASSESSMENT_KIND_LABELS, ASSESSMENT_PAYMENT_TYPES } from '../../../../shared/assessments';
import type { PaymentView } from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { payments } from '../../../db/schema';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { createMdaService } from '../../mdas/service';
import type { PaymentDeps } from '../../payments/deps';
import { createInvoiceService } from '../../payments/invoices/service';
import { createLedger } from '../../payments/ledger/ledger';
import { assertKind, assessmentViewOf } from '../common';
import { findAssessmentForUpdate } from '../queries';

export type AssessmentBill = { assessment: AssessmentView; bill: PaymentView };

/** The assessment's bill still waiting for its money, newest first, if any. */
async function selectPendingBill(db: Db, assessmentId: string) {
  const [row] = await db
    .select({
      id: payments.id,
      rrr: payments.rrr,
      amountKobo: payments.amountKobo,
      mdaId: payments.mdaId,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.subjectKind, 'assessment'),
        eq(payments.subjectId, assessmentId),
        eq(payments.status, 'pending'),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

type PendingBill = NonNullable<Awaited<ReturnType<typeof selectPendingBill>>>;

function billPending(bill: PendingBill): AppError {
  const naira = (bill.amountKobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 });
  return new AppError(
    'BILL_PENDING',
    bill.rrr
      ? `This assessment has a bill not yet paid: RRR ${bill.rrr} for ₦${naira}. Give the taxpayer that RRR, or cancel it and raise a new one.`
      : `This assessment has a bill not yet paid (₦${naira}), whose RRR Remita has not confirmed yet. Wait for it, or cancel it and raise a new one.`,
    {
      details: {
        paymentId: bill.id,
        rrr: bill.rrr,
        amountKobo: bill.amountKobo,
        mdaId: bill.mdaId,
      },
    },
  );
}

/**
 * An assessment's bill (RRR), raised through the payments' invoices service for what it owes
 * today: the tax outstanding plus penalty and interest not waived. The bill carries the payment
 * type of the kind and the assessment's id, so the ledger settles it here when it is paid.
 */
export function createAssessmentBillService(deps: PaymentDeps) {
  const invoices = createInvoiceService(deps);
  const ledger = createLedger({
    receiptPrefix: deps.config.receiptPrefix,
    settlements: deps.settlements,
  });
  /**
   * The last raise queued per assessment in this process: a second "Raise bill" sent while the
   * first waits for Remita answers once the first has its RRR, naming it. The row lock in the
   * bill's transaction keeps it to one bill across processes too, where the second answer may
   * only say the RRR is not confirmed yet.
   */
  const inFlight = new Map<string, Promise<void>>();
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
      // Raises of one assessment queue behind each other, set before any await: the second then
      // finds the first's bill with its RRR, and names it.
      const before = inFlight.get(id);
      let done = () => {};
      const mine = new Promise<void>((resolve) => {
        done = resolve;
      });
      inFlight.set(id, mine);
      try {
        await before;
        return await raiseOnce(actor, id, input);
      } finally {
        done();
        if (inFlight.get(id) === mine) inFlight.delete(id);
      }
    },
  };

  async function raiseOnce(
    actor: Actor,
    id: string,
    input: AssessmentBillInput,
  ): Promise<AssessmentBill> {
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
    const bill = await raise(actor, assessment, target, input.replacePendingBill);
    return { assessment: await assessmentViewOf(deps.db, id), bill };
  }

  /**
   * Raises the bill under the assessment's row lock: a pending bill is refused (BILL_PENDING,
   * naming its RRR) unless the officer names it to be replaced, when it is cancelled first; the
   * raise and the cancel are in the assessment's history, in the bill's own transaction.
   */
  function raise(
    actor: Actor,
    assessment: AssessmentView,
    target: { mdaId: string; revenueHeadCode: string },
    replacePendingBill: string | undefined,
  ): Promise<PaymentView> {
    return invoices.raiseInvoice(
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
      {
        subject: { kind: 'assessment', id: assessment.id },
        beforeRecord: async (tx) => {
          await findAssessmentForUpdate(tx, assessment.id);
          const pending = await selectPendingBill(tx, assessment.id);
          if (!pending) return;
          if (pending.id !== replacePendingBill) throw billPending(pending);
          await ledger.changeStatusByHand(tx, actor, pending.id, {
            to: 'cancelled',
            reason: 'Replaced by a new bill raised from the assessment',
          });
        },
        afterRecord: async (tx, bill) => {
          await recordAudit(tx, actor, {
            action: 'assessment.billed',
            entityType: 'assessment',
            entityId: assessment.id,
            after: {
              paymentId: bill.id,
              orderId: bill.orderId,
              amountKobo: assessment.amountDueKobo,
            },
          });
        },
      },
    );
  }
}
