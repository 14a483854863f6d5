import type { MdaView } from '../../../shared/mdas';
import {
  SSC_CATEGORY_LABELS,
  SSC_COLLECTING_MDA_CODE,
  SSC_REVENUE_HEAD_CODE,
  SSC_REVENUE_HEAD_NAME,
} from '../../../shared/ssc/enums';
import type { SscBillInput, SscScheduleDetail } from '../../../shared/ssc/views';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/service';
import { createMdaService } from '../mdas/service';
import type { PaymentDeps } from '../payments/deps';
import { createInvoiceService } from '../payments/invoices/service';
import type { Settlement, Settlements } from '../payments/ledger/settlements';
import {
  findScheduleForUpdate,
  type SscScheduleRow,
  selectScheduleReferences,
  updateSchedule,
} from './queries';
import { createSscService } from './service';

/**
 * One bill (RRR) per SSC schedule through the payments ledger (ADR 0028: subject kind
 * `ssc_schedule`), modelled on an assessment's bill (assessments/money/bills.ts): raised for the
 * schedule's whole levy, paid by the employer MDA (no BTIN: the MDA's name is the payer), one at
 * a time. The settlement marks the schedule paid; a cancelled, failed or reversed bill makes it
 * unbilled again, so it can be corrected or billed anew.
 */

function notBillable(row: SscScheduleRow): AppError {
  return new AppError(
    'CONFLICT',
    row.status === 'paid'
      ? 'This schedule is paid already.'
      : 'This schedule has a bill not yet paid: give the MDA its RRR, or cancel it under Payments and raise a new one.',
    { details: { status: row.status, paymentId: row.paymentId } },
  );
}

export function createSscBillService(deps: PaymentDeps) {
  const invoices = createInvoiceService(deps);
  const mdas = createMdaService({ db: deps.db, secrets: deps.secrets });
  const schedules = createSscService(deps);

  /**
   * The MDA and revenue head that collect the levy, never "the first one": the ones asked for,
   * else the revenue service's own MDA (code BIRS) and the SSC levy's head (shared/ssc/enums.ts).
   * Either missing or inactive is a 422 that names what an administrator must set up.
   */
  async function billingTarget(actor: Actor, input: SscBillInput) {
    let mda: MdaView;
    if (input.mdaId) {
      mda = await mdas.getMda(actor, input.mdaId);
    } else {
      const found = (await mdas.listMdas(actor, {})).items.find(
        (m) => m.code === SSC_COLLECTING_MDA_CODE,
      );
      if (!found) {
        throw new AppError(
          'RULE_VIOLATION',
          `No active MDA has the code ${SSC_COLLECTING_MDA_CODE}, the revenue service that collects the SSC levy. An administrator must add it under Manage MDAs (with its Remita credentials and the revenue head ${SSC_REVENUE_HEAD_CODE} ${SSC_REVENUE_HEAD_NAME}), or name the collecting MDA on the bill.`,
          { details: { mdaCode: SSC_COLLECTING_MDA_CODE, revenueHeadCode: SSC_REVENUE_HEAD_CODE } },
        );
      }
      mda = await mdas.getMda(actor, found.id);
    }
    const revenueHeadCode = input.revenueHeadCode ?? SSC_REVENUE_HEAD_CODE;
    const head = mda.revenueHeads.find((h) => h.code === revenueHeadCode && h.isActive);
    if (!head) {
      throw new AppError(
        'RULE_VIOLATION',
        `${mda.name} has no active revenue head ${revenueHeadCode}${revenueHeadCode === SSC_REVENUE_HEAD_CODE ? ` (${SSC_REVENUE_HEAD_NAME})` : ''}. An administrator must add it to ${mda.code} under Manage MDAs before SSC bills can be raised.`,
        { details: { mdaCode: mda.code, revenueHeadCode } },
      );
    }
    return { mdaId: mda.id, revenueHeadCode };
  }

  return {
    async raiseBill(actor: Actor, id: string, input: SscBillInput): Promise<SscScheduleDetail> {
      const schedule = await schedules.getSchedule(actor, id);
      if (schedule.status !== 'unbilled') {
        throw notBillable({
          status: schedule.status,
          paymentId: schedule.bill?.id ?? null,
        } as SscScheduleRow);
      }
      if (schedule.levyKobo < 100) {
        throw new AppError(
          'RULE_VIOLATION',
          'The levy of this schedule is under ₦1.00: nothing to bill.',
        );
      }
      const target = await billingTarget(actor, input);
      await invoices.raiseInvoice(
        actor,
        {
          mdaId: target.mdaId,
          revenueHeadCode: target.revenueHeadCode,
          amountKobo: schedule.levyKobo,
          description:
            `SSC levy ${schedule.month}, ${SSC_CATEGORY_LABELS[schedule.category].toLowerCase()}, ${schedule.mda.name}`.slice(
              0,
              200,
            ),
          type: 'ssc',
        },
        {
          subject: { kind: 'ssc_schedule', id: schedule.id },
          payer: { name: schedule.mda.name, email: null, phone: null },
          beforeRecord: async (tx) => {
            const row = await findScheduleForUpdate(tx, schedule.id);
            if (!row) throw new AppError('NOT_FOUND', 'No SSC schedule has this id.');
            if (row.status !== 'unbilled') throw notBillable(row);
            // A correction stored between the read above and this lock changes the amount.
            if (row.levyKobo !== schedule.levyKobo) {
              throw new AppError(
                'CONFLICT',
                'The schedule was replaced meanwhile: open it again and bill its new levy.',
              );
            }
          },
          afterRecord: async (tx, bill) => {
            await updateSchedule(tx, schedule.id, {
              status: 'billed',
              paymentId: bill.id,
              billedAt: new Date(),
            });
            await recordAudit(tx, actor, {
              action: 'ssc_schedule.billed',
              entityType: 'ssc_schedule',
              entityId: schedule.id,
              before: { status: 'unbilled' },
              after: {
                status: 'billed',
                paymentId: bill.id,
                orderId: bill.orderId,
                amountKobo: schedule.levyKobo,
              },
            });
          },
        },
      );
      return schedules.getSchedule(actor, id);
    },
  };
}

/**
 * The ledger's settlement of an SSC schedule's bill, in the payment's transaction: paid in full
 * → the schedule is paid; its bill cancelled, failed or reversed → unbilled again. A payment
 * that is not the schedule's current bill changes nothing.
 */
export const settleSscSchedule: Settlement = async (tx: Db, actor, payment) => {
  const row = await findScheduleForUpdate(tx, payment.subjectId);
  if (!row) {
    throw new Error(
      `Payment ${payment.id} pays SSC schedule ${payment.subjectId}, which does not exist`,
    );
  }
  if (row.paymentId !== payment.id) return;
  if (payment.status === 'paid') {
    if (row.status !== 'billed' || payment.amountKobo < row.levyKobo) return;
    await updateSchedule(tx, row.id, { status: 'paid', paidAt: payment.paidAt ?? new Date() });
    await recordAudit(tx, actor, {
      action: 'ssc_schedule.paid',
      entityType: 'ssc_schedule',
      entityId: row.id,
      before: { status: row.status },
      after: { status: 'paid', paymentId: payment.id, receiptNumber: payment.receiptNumber },
    });
    return;
  }
  if (payment.status === 'pending' || row.status === 'unbilled') return;
  await updateSchedule(tx, row.id, {
    status: 'unbilled',
    paymentId: null,
    billedAt: null,
    paidAt: null,
  });
  await recordAudit(tx, actor, {
    action: 'ssc_schedule.unbilled',
    entityType: 'ssc_schedule',
    entityId: row.id,
    before: { status: row.status, paymentId: payment.id },
    after: { status: 'unbilled', paymentStatus: payment.status },
  });
};

/** Registers SSC schedules as a payable kind (app.ts, once per app). */
export function registerSscSettlement(settlements: Settlements): void {
  settlements.register('ssc_schedule', {
    settle: settleSscSchedule,
    referencesOf: selectScheduleReferences,
  });
}
