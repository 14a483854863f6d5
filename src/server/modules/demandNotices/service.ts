import { randomUUID } from 'node:crypto';
import { todayInLagos } from '../../../shared/dates';
import {
  type DemandNoticeCreated,
  type DemandNoticeInput,
  type DemandNoticeListQuery,
  type DemandNoticePage,
  type DemandNoticeView,
  MAX_DEMAND_NOTICE_KOBO,
} from '../../../shared/demandNotices';
import { formatKoboAsNaira } from '../../../shared/money';
import type { Actor } from '../../auth/actor';
import { isMdaInScope, mdaScopeOf } from '../../auth/mdaScope';
import { AppError, fieldError } from '../../errors';
import { recordAudit } from '../audit/service';
import { createMdaService } from '../mdas/service';
import type { PaymentDeps } from '../payments/deps';
import { createRrrConfirmation } from '../payments/invoices/rrrConfirmation';
import { createInvoiceService } from '../payments/invoices/service';
import { createLedger } from '../payments/ledger/ledger';
import { autoRegisterPayer, findTaxpayerByBtin } from '../taxpayers/service';
import {
  findDemandNoticeForUpdate,
  insertDemandNotice,
  nextNoticeSequence,
  selectDemandNoticeById,
  selectDemandNotices,
  selectOtherMdasWithHead,
  selectPendingBillIds,
  updateDemandNotice,
} from './queries';
import { selectTotalsAndCounts } from './report';
import { auditedNotice, noticeViewsOf } from './view';

/**
 * MDA demand notices (docs/product.md §2 mda/generate-assessment): an OFFICER_MDA bills a payer
 * for lines on the revenue heads of an MDA they hold the privilege of, with one RRR for the
 * notice raised with that MDA's own Remita credentials (invoices service, ADR 0020/0028).
 */
export function createDemandNoticeService(deps: PaymentDeps) {
  const { db, config } = deps;
  const mdas = createMdaService({ db, secrets: deps.secrets });
  const invoices = createInvoiceService(deps);
  const confirmation = createRrrConfirmation(deps);
  const ledger = createLedger({
    receiptPrefix: config.receiptPrefix,
    settlements: deps.settlements,
  });

  /** One notice the actor may see, or 404 (another MDA's notice does not exist for them). */
  async function visibleNotice(actor: Actor, id: string) {
    const row = await selectDemandNoticeById(db, id);
    if (!row || !isMdaInScope(mdaScopeOf(actor), row.notice.mdaId)) {
      throw new AppError('NOT_FOUND', 'No demand notice has this id.');
    }
    return row;
  }

  async function viewOf(actor: Actor, id: string): Promise<DemandNoticeView> {
    const row = await visibleNotice(actor, id);
    const [view] = await noticeViewsOf(db, [row], todayInLagos());
    if (!view) throw new Error(`demand notice ${id} cannot be read back`);
    return view;
  }

  /**
   * Checks every line against the MDA's revenue heads before anything is stored: a head of
   * another MDA is 403 (that MDA bills for it), a code no MDA has is 422.
   */
  async function checkLines(actor: Actor, mdaId: string, input: DemandNoticeInput) {
    const mda = await mdas.getMda(actor, mdaId);
    if (!mda.isActive) throw fieldError('mdaId', `${mda.name} is inactive; it issues no notices`);
    for (const [index, line] of input.lines.entries()) {
      const head = mda.revenueHeads.find((h) => h.code === line.revenueHeadCode);
      if (head?.isActive) continue;
      if (head) {
        throw fieldError(
          `lines.${index}.revenueHeadCode`,
          `${mda.name}'s revenue head ${line.revenueHeadCode} (${head.name}) is inactive: choose an active one`,
        );
      }
      const others = await selectOtherMdasWithHead(db, mdaId, line.revenueHeadCode);
      if (others.length > 0) {
        throw new AppError(
          'FORBIDDEN',
          `Line ${index + 1}: revenue head ${line.revenueHeadCode} belongs to ${others.map((o) => o.name).join(', ')}, not ${mda.name}. Choose one of ${mda.name}'s revenue heads; that MDA bills for its own.`,
          { details: { field: `lines.${index}.revenueHeadCode` } },
        );
      }
      throw fieldError(
        `lines.${index}.revenueHeadCode`,
        `${mda.name} has no revenue head with the code ${line.revenueHeadCode}: choose one from its list`,
      );
    }
    return mda;
  }

  /** The payer's BTIN: the one given, or the name and phone matched or registered (as Remita's payers). */
  async function payerBtinOf(actor: Actor, payer: DemandNoticeInput['payer']): Promise<string> {
    if ('btin' in payer) {
      if (!(await findTaxpayerByBtin(db, payer.btin))) {
        throw fieldError(
          'payer.btin',
          `No taxpayer has BTIN ${payer.btin}: check it, or give the payer's name and phone instead`,
        );
      }
      return payer.btin;
    }
    const registered = await db.transaction((tx) =>
      autoRegisterPayer(tx, actor, { name: payer.name, phone: payer.phone }),
    );
    if (!registered) {
      throw fieldError(
        'payer.name',
        "Give the payer's first and last name (at least two words) and a Nigerian phone number",
      );
    }
    return registered.btin;
  }

  return {
    async createDemandNotice(actor: Actor, input: DemandNoticeInput): Promise<DemandNoticeCreated> {
      if (!isMdaInScope(mdaScopeOf(actor), input.mdaId)) {
        throw new AppError(
          'FORBIDDEN',
          'You hold no privilege for this MDA: choose one of your MDAs, or ask an administrator for the privilege.',
        );
      }
      const mda = await checkLines(actor, input.mdaId, input);
      const today = todayInLagos();
      if (input.dueOn < today) {
        throw fieldError('dueOn', 'The due date is today or later');
      }
      const lines = input.lines.map((line, position) => ({
        position,
        revenueHeadCode: line.revenueHeadCode,
        description: line.description,
        quantity: line.quantity,
        unitAmountKobo: line.unitAmountKobo,
        amountKobo: line.quantity * line.unitAmountKobo,
      }));
      const totalKobo = lines.reduce((sum, l) => sum + l.amountKobo, 0);
      if (totalKobo > MAX_DEMAND_NOTICE_KOBO) {
        throw fieldError(
          'lines',
          `The notice comes to ${formatKoboAsNaira(totalKobo)}; one RRR holds at most ${formatKoboAsNaira(MAX_DEMAND_NOTICE_KOBO)}. Split it into two notices.`,
        );
      }
      // Refused before the payer is registered: a notice Remita cannot bill stores nothing.
      await mdas.getRemitaCredentials(actor, mda.id);
      const btin = await payerBtinOf(actor, input.payer);
      const record = await findTaxpayerByBtin(db, btin);
      if (!record) throw new Error(`taxpayer ${btin} vanished`);
      const sequence = await nextNoticeSequence(db);
      const number = `${config.receiptPrefix}/DN/${today.slice(0, 4)}/${String(sequence).padStart(6, '0')}`;
      const id = randomUUID();
      const [firstLine] = lines;
      if (!firstLine) throw fieldError('lines', 'Add at least one line');
      let isRecorded = false;
      const bill = await invoices
        .raiseInvoice(
          actor,
          {
            btin,
            mdaId: mda.id,
            revenueHeadCode: firstLine.revenueHeadCode,
            amountKobo: totalKobo,
            description: `Demand notice ${number}`,
            type: 'demand-notice',
          },
          {
            subject: { kind: 'demand_notice', id },
            // The notice and its bill commit together: nothing is half-stored.
            beforeRecord: async (tx) => {
              const notice = await insertDemandNotice(
                tx,
                {
                  id,
                  number,
                  mdaId: mda.id,
                  btin,
                  payerName: record.taxpayer.displayName,
                  payerPhone: record.taxpayer.phone,
                  status: 'issued',
                  totalKobo,
                  issuedOn: today,
                  dueOn: input.dueOn,
                  revenueHeadCode: firstLine.revenueHeadCode,
                  createdBy: actor.officerId,
                },
                lines,
              );
              await recordAudit(tx, actor, {
                action: 'demand_notice.issued',
                entityType: 'demand_notice',
                entityId: id,
                after: { ...auditedNotice(notice), lines },
              });
            },
            // Once the bill is recorded the notice exists, whatever Remita then says.
            afterRecord: async () => {
              isRecorded = true;
            },
          },
        )
        .catch((err: unknown) => {
          // Remita refused the bill after the notice was stored with it (ADR 0020): say so, or
          // the officer issues it a second time; the notice's page raises its bill again.
          if (!isRecorded || !(err instanceof AppError)) throw err;
          throw new AppError(
            err.code,
            `${err.message} Demand notice ${number} is recorded without an RRR: do not issue it again. Open it (Demand notices) and choose "Raise the bill again" once this is put right.`,
            { details: { ...(err.details as object | undefined), noticeId: id, number } },
          );
        });
      return {
        id,
        number,
        status: 'issued',
        totalKobo,
        bill: {
          id: bill.id,
          rrr: bill.rrr,
          isRrrPendingConfirmation: bill.isRrrPendingConfirmation,
        },
      };
    },

    /**
     * One notice. A bill whose RRR is pending confirmation is first settled with Remita by its
     * order id, as opening the bill does (ADR 0020): the RRR the sweep or this look finds is
     * the notice's. When Remita cannot say just now, the notice is shown as it stands.
     */
    async getDemandNotice(actor: Actor, id: string): Promise<DemandNoticeView> {
      const view = await viewOf(actor, id);
      if (!view.bill?.isRrrPendingConfirmation) return view;
      try {
        await confirmation.settleBill(actor, view.bill.id);
      } catch (err) {
        // Remita's refusal is on the bill and in the audit trail; anything else is ours: thrown.
        if (!(err instanceof AppError)) throw err;
      }
      return viewOf(actor, id);
    },

    async findDemandNotices(actor: Actor, query: DemandNoticeListQuery): Promise<DemandNoticePage> {
      const filter = { ...query, scope: mdaScopeOf(actor), today: todayInLagos() };
      // The count from the demand notice totals when the filter allows (report.ts), so the
      // list over every MDA reads no more notices than its page (docs/architecture.md §9).
      const [rows, totals] = await Promise.all([
        selectDemandNotices(db, filter, {
          sort: query.sort,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        selectTotalsAndCounts(db, filter),
      ]);
      return {
        items: await noticeViewsOf(db, rows, filter.today),
        page: query.page,
        pageSize: query.pageSize,
        total: totals.count,
      };
    },

    /**
     * Cancels a notice no money has reached, with its reason, and its bill not yet paid, in one
     * transaction: a notice with money on it is settled or reversed, never cancelled.
     */
    async cancelDemandNotice(actor: Actor, id: string, reason: string): Promise<DemandNoticeView> {
      await visibleNotice(actor, id);
      await db.transaction(async (tx) => {
        const row = await findDemandNoticeForUpdate(tx, id);
        if (!row) throw new AppError('NOT_FOUND', 'No demand notice has this id.');
        if (row.status === 'cancelled') {
          throw new AppError('CONFLICT', 'This demand notice is cancelled already.', {
            details: { status: row.status },
          });
        }
        if (row.paidKobo > 0 || row.status === 'paid') {
          throw new AppError(
            'CONFLICT',
            `${formatKoboAsNaira(row.paidKobo)} has been paid on this notice: it cannot be cancelled. A payment made in error is reversed from the payment history.`,
            { details: { status: row.status, paidKobo: row.paidKobo } },
          );
        }
        const cancelled = await updateDemandNotice(tx, id, {
          status: 'cancelled',
          cancelReason: reason,
          cancelledAt: new Date(),
          cancelledBy: actor.officerId,
        });
        await recordAudit(tx, actor, {
          action: 'demand_notice.cancelled',
          entityType: 'demand_notice',
          entityId: id,
          before: auditedNotice(row),
          after: auditedNotice(cancelled),
        });
        const bills = await selectPendingBillIds(tx, id);
        for (const billId of bills) {
          await ledger.changeStatusByHand(tx, actor, billId, {
            to: 'cancelled',
            reason: `Demand notice ${row.number} cancelled: ${reason}`,
          });
        }
      });
      return viewOf(actor, id);
    },
  };
}

export type DemandNoticeService = ReturnType<typeof createDemandNoticeService>;
