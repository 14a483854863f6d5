import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type {
  InvoiceInput,
  InvoiceListQuery,
  InvoicePage,
  PaymentSubjectKind,
  PaymentView,
} from '../../../../shared/payments';
import type { Actor } from '../../../auth/actor';
import { isMdaInScope, mdaScopeOf, whereInActorMdas } from '../../../auth/mdaScope';
import type { Db } from '../../../db/client';
import { payments } from '../../../db/schema';
import { AppError, fieldError } from '../../../errors';
import { createMdaService } from '../../mdas/service';
import { findTaxpayerByBtin } from '../../taxpayers/service';
import type { PaymentDeps } from '../deps';
import { type PaymentFilter, selectPayments, selectPaymentTotals } from '../history/queries';
import { createLedger } from '../ledger/ledger';
import { findPaymentByIdForUpdate } from '../ledger/queries';
import { selectPaymentById } from '../queries';
import { toPaymentView } from '../view';
import { createRrrConfirmation } from './rrrConfirmation';

/**
 * A fresh order id for Remita: 'RD', the time in base 36 and 8 random hex digits (about 20
 * characters; Remita takes up to 50). Unique enough that two bills never share one.
 */
export function newOrderId(now = Date.now()): string {
  return `RD${now.toString(36).toUpperCase()}${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** The record a bill pays, named by the module that owns it (ADR 0028). */
export type PaymentSubject = { kind: PaymentSubjectKind; id: string };

/**
 * Bills raised here: a pending payment for a taxpayer, then its RRR from Remita. When Remita's
 * answer is lost the bill is returned "RRR pending confirmation" (ADR 0020).
 */
export function createInvoiceService({
  db,
  config,
  integrations,
  secrets,
  settlements,
}: PaymentDeps) {
  const mdas = createMdaService({ db, secrets });
  const ledger = createLedger({ receiptPrefix: config.receiptPrefix, settlements });
  const confirmation = createRrrConfirmation({ db, config, integrations, secrets, settlements });

  async function viewOf(id: string): Promise<PaymentView> {
    const row = await selectPaymentById(db, id, undefined);
    if (!row) throw new Error(`payment ${id} cannot be read back`);
    return toPaymentView(row);
  }

  return {
    /**
     * `subject`: the record the bill pays (ADR 0028), given only by the module that owns it:
     * the assessments module raising an assessment's bill, the TCC module a certificate's fee.
     * Anyone else may not link a bill to either: its amount and its settlement are theirs to
     * decide. The body's deprecated `assessmentId` on a bill of another type names no RevDesk
     * record (a paper demand notice's number): it is kept in the description as "Ref. …".
     */
    async raiseInvoice(
      actor: Actor,
      input: Omit<InvoiceInput, 'btin'> & { btin?: string | undefined },
      options: {
        subject?: PaymentSubject;
        /**
         * Who pays when it is no taxpayer with a BTIN: an MDA paying the SSC levy of its staff
         * (modules/ssc/bill.ts), a stamp duty party named with a phone. Only the module that owns
         * the subject names such a payer; `input.btin` is then not read.
         */
        payer?: { name: string; phone: string | null; email?: string | null };
        /**
         * Run in the bill's own transaction before it is recorded: the owner of the subject locks
         * it, refuses a second pending bill, and writes its own history (ADR 0028).
         */
        beforeRecord?: (tx: Db) => Promise<void>;
        /** Run in the same transaction once the bill is recorded: the subject's history names it. */
        afterRecord?: (tx: Db, bill: { id: string; orderId: string | null }) => Promise<void>;
      } = {},
    ): Promise<PaymentView> {
      const { subject, beforeRecord, afterRecord, payer } = options;
      if (
        !subject &&
        input.assessmentId &&
        (input.type === 'direct-assessment' ||
          input.type === 'presumptive-tax' ||
          input.type === 'tcc')
      ) {
        if (input.type === 'tcc') {
          throw fieldError(
            'assessmentId',
            "A certificate's fee is billed from the certificate (POST /api/v1/tcc/{id}/bill), for the fee its kind carries",
          );
        }
        throw fieldError(
          'assessmentId',
          "An assessment's bill is raised from the assessment (POST /api/v1/assessments/{id}/bill), for the amount it owes",
        );
      }
      const description =
        !subject && input.assessmentId
          ? `${input.description} · Ref. ${input.assessmentId}`
          : input.description;
      const record = payer ? null : await findTaxpayerByBtin(db, input.btin ?? '');
      if (!payer && !record) {
        throw new AppError('TAXPAYER_NOT_FOUND', `No taxpayer has BTIN ${input.btin}.`);
      }
      const taxpayer = record
        ? {
            btin: record.taxpayer.btin as string | null,
            displayName: record.taxpayer.displayName,
            phone: record.taxpayer.phone,
            email: record.taxpayer.email,
          }
        : {
            btin: null,
            displayName: payer?.name ?? '',
            phone: payer?.phone ?? null,
            email: payer?.email ?? null,
          };
      const mda = await mdas.getMda(actor, input.mdaId);
      if (!mda.isActive) throw fieldError('mdaId', `${mda.name} is inactive; it raises no bills`);
      const head = mda.revenueHeads.find((h) => h.code === input.revenueHeadCode && h.isActive);
      if (!head) {
        throw fieldError(
          'revenueHeadCode',
          `${mda.name} has no active revenue head with the code ${input.revenueHeadCode}`,
        );
      }
      const credentials = await mdas.getRemitaCredentials(actor, mda.id);
      const serviceTypeId = credentials.serviceTypeIds[0];
      if (!serviceTypeId) {
        throw new AppError(
          'REMITA_NOT_CONFIGURED',
          `${mda.name} has no Remita service type yet. An administrator can add one under Manage MDAs.`,
        );
      }
      // The bill is recorded, with its order id, before Remita is asked (ADR 0020): a lost
      // answer then leaves a bill to confirm by order id, never an RRR the ledger does not know.
      const bill = await db.transaction(async (tx) => {
        await beforeRecord?.(tx);
        const recorded = await ledger.recordBill(tx, actor, {
          rrr: null,
          rrrRequestedAt: new Date(),
          amountKobo: input.amountKobo,
          mdaId: mda.id,
          revenueHeadCode: head.code,
          btin: taxpayer.btin,
          payerName: taxpayer.displayName,
          payerPhone: taxpayer.phone,
          payerEmail: taxpayer.email,
          channel: 'remita',
          type: input.type ?? null,
          subjectKind: subject?.kind ?? null,
          subjectId: subject?.id ?? null,
          description,
          orderId: newOrderId(),
        });
        await afterRecord?.(tx, recorded);
        return recorded;
      });
      await confirmation.requestRrr(actor, bill, credentials, serviceTypeId);
      return viewOf(bill.id);
    },

    async findInvoices(actor: Actor, query: InvoiceListQuery): Promise<InvoicePage> {
      // The payment history's reads, narrowed to bills raised here (a paid bill stays 'invoice').
      const filter: PaymentFilter = {
        btin: query.btin,
        status: query.status,
        assessmentId: undefined,
        customerName: undefined,
        mdaCode: undefined,
        paymentReference: null,
      };
      const scope = and(eq(payments.arrival, 'invoice'), whereInActorMdas(actor, payments.mdaId));
      const [rows, totals] = await Promise.all([
        selectPayments(db, filter, scope, {
          sort: '-createdAt',
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        selectPaymentTotals(db, filter, scope),
      ]);
      return {
        items: rows.map(toPaymentView),
        page: query.page,
        pageSize: query.pageSize,
        total: totals.count,
      };
    },

    async cancelInvoice(actor: Actor, id: string, reason: string): Promise<PaymentView> {
      await db.transaction(async (tx) => {
        const bill = await findPaymentByIdForUpdate(tx, id);
        if (bill?.arrival !== 'invoice' || !isMdaInScope(mdaScopeOf(actor), bill.mdaId)) {
          throw new AppError('NOT_FOUND', 'No bill has this id.');
        }
        // A demand notice's bill is its one RRR: cancelled alone, the notice would stand
        // "issued" with nothing to pay it by. The notice is cancelled, and its bill with it, so
        // the two never disagree (ADR 0028: the subject's owner decides its bill).
        if (bill.subjectKind === 'demand_notice') {
          throw new AppError(
            'CONFLICT',
            `This bill is a demand notice's (${bill.description ?? 'demand notice'}): cancel the notice itself (Demand notices, open it, Cancel), which cancels its bill with it.`,
            { details: { subjectKind: bill.subjectKind, subjectId: bill.subjectId } },
          );
        }
        await ledger.changeStatusByHand(tx, actor, id, { to: 'cancelled', reason });
      });
      return viewOf(id);
    },
  };
}
