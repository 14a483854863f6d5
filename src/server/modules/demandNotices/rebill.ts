import type { DemandNoticeView } from '../../../shared/demandNotices';
import { formatKoboAsNaira } from '../../../shared/money';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/service';
import type { PaymentDeps } from '../payments/deps';
import { createInvoiceService } from '../payments/invoices/service';
import {
  type DemandNoticeRow,
  findDemandNoticeForUpdate,
  selectDemandNoticeById,
  selectNoticeBills,
  selectPendingBillIds,
} from './queries';
import { createDemandNoticeService } from './service';
import { auditedNotice } from './view';

/**
 * "Raise the bill again" for a demand notice whose bill Remita refused (ledger.refuseBill: the
 * bill is `failed` and has no RRR, so the payer has nothing to pay by). A new bill for the whole
 * notice, with the MDA's own credentials, as when the notice was issued (ADR 0020/0028).
 *
 * At most one pending bill per notice: the check is made again under the notice's row lock in
 * the bill's own transaction, so of two officers pressing at once one bill is raised and the
 * other is told of it (409 BILL_PENDING).
 */
export function createDemandNoticeRebill(deps: PaymentDeps) {
  const invoices = createInvoiceService(deps);
  const notices = createDemandNoticeService(deps);

  /** Why this notice cannot be billed again, or null when it can (its newest bill failed). */
  async function refusalOf(db: Db, row: DemandNoticeRow): Promise<AppError | null> {
    if (row.status === 'cancelled') {
      return new AppError('CONFLICT', 'This demand notice is cancelled: it is billed no more.', {
        details: { status: row.status },
      });
    }
    if (row.paidKobo > 0 || row.status !== 'issued') {
      return new AppError(
        'CONFLICT',
        `${formatKoboAsNaira(row.paidKobo)} has been paid on this notice: its bill stands and is not raised again.`,
        { details: { status: row.status, paidKobo: row.paidKobo } },
      );
    }
    const [pendingId] = await selectPendingBillIds(db, row.id);
    const [newest] = await selectNoticeBills(db, [row.id]);
    if (pendingId) {
      const pending = newest?.id === pendingId ? newest : null;
      return new AppError(
        'BILL_PENDING',
        pending?.rrr
          ? `This notice has a bill not yet paid: RRR ${pending.rrr}. Give the payer that RRR.`
          : 'This notice has a bill whose RRR Remita has not confirmed yet: RevDesk is confirming it. Open the notice again in a minute.',
        { details: { paymentId: pendingId, rrr: pending?.rrr ?? null } },
      );
    }
    if (newest?.status !== 'failed') {
      return new AppError(
        'CONFLICT',
        'Only a notice whose bill Remita refused is billed again; this one has no refused bill.',
        { details: { billStatus: newest?.status ?? null } },
      );
    }
    return null;
  }

  return {
    async raiseBillAgain(actor: Actor, id: string): Promise<DemandNoticeView> {
      // 404 for a notice outside the officer's MDAs, before anything else is said of it.
      const view = await notices.getDemandNotice(actor, id);
      // A first look, unlocked, answers the plain cases before Remita is asked for anything.
      const found = await selectDemandNoticeById(deps.db, id);
      if (!found) throw new AppError('NOT_FOUND', 'No demand notice has this id.');
      const current = found.notice;
      const refusal = await refusalOf(deps.db, current);
      if (refusal) throw refusal;
      const failedBillId = view.bill?.id ?? null;
      await invoices.raiseInvoice(
        actor,
        {
          btin: current.btin,
          mdaId: current.mdaId,
          revenueHeadCode: current.revenueHeadCode,
          amountKobo: current.totalKobo,
          description: `Demand notice ${current.number}`,
          type: 'demand-notice',
        },
        {
          subject: { kind: 'demand_notice', id },
          beforeRecord: async (tx) => {
            const row = await findDemandNoticeForUpdate(tx, id);
            if (!row) throw new AppError('NOT_FOUND', 'No demand notice has this id.');
            const refusal = await refusalOf(tx, row);
            if (refusal) throw refusal;
          },
          afterRecord: async (tx, bill) => {
            await recordAudit(tx, actor, {
              action: 'demand_notice.billed_again',
              entityType: 'demand_notice',
              entityId: id,
              before: { ...auditedNotice(current), paymentId: failedBillId },
              after: {
                ...auditedNotice(current),
                paymentId: bill.id,
                orderId: bill.orderId,
                amountKobo: current.totalKobo,
              },
            });
          },
        },
      );
      return notices.getDemandNotice(actor, id);
    },
  };
}
