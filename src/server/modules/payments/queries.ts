import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { mdaRevenueHeads, mdas, officers, payments } from '../../db/schema';

/**
 * The payment view's reads, shared by the sub-domains: the ledger row with its MDA, its revenue
 * head and the officers' usernames, read-only, as the history, the receipts, the invoices and
 * Auto-Reg show a payment. The history's filters are in history/queries.ts; the ledger's
 * writes stay in ledger/queries.ts.
 */

const creator = alias(officers, 'created_by_officer');
const changer = alias(officers, 'status_changed_by_officer');

const paymentColumns = {
  id: payments.id,
  receiptNumber: payments.receiptNumber,
  rrr: payments.rrr,
  amountKobo: payments.amountKobo,
  mdaId: payments.mdaId,
  mdaCode: mdas.code,
  mdaName: mdas.name,
  revenueHeadCode: payments.revenueHeadCode,
  revenueHeadName: mdaRevenueHeads.name,
  btin: payments.btin,
  payerName: payments.payerName,
  payerPhone: payments.payerPhone,
  payerEmail: payments.payerEmail,
  channel: payments.channel,
  status: payments.status,
  type: payments.type,
  assessmentId: payments.assessmentId,
  description: payments.description,
  orderId: payments.orderId,
  rrrRequestedAt: payments.rrrRequestedAt,
  sourceReference: payments.sourceReference,
  arrival: payments.arrival,
  paidAt: payments.paidAt,
  createdAt: payments.createdAt,
  createdBy: creator.username,
  statusReason: payments.statusReason,
  statusChangedAt: payments.statusChangedAt,
  statusChangedBy: changer.username,
};

/** The payment view's select, joined; each sub-domain adds its own where and order. */
export function selectPaymentRows(db: Db) {
  return db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(mdas, eq(mdas.id, payments.mdaId))
    .leftJoin(
      mdaRevenueHeads,
      and(
        eq(mdaRevenueHeads.mdaId, payments.mdaId),
        eq(mdaRevenueHeads.code, payments.revenueHeadCode),
      ),
    )
    .leftJoin(creator, eq(creator.id, payments.createdBy))
    .leftJoin(changer, eq(changer.id, payments.statusChangedBy));
}

export async function selectPaymentById(db: Db, id: string, scope: SQL | undefined) {
  const [row] = await selectPaymentRows(db)
    .where(and(eq(payments.id, id), scope))
    .limit(1);
  return row ?? null;
}

/** A payment as the officers see it: the ledger row with its MDA, revenue head and officers. */
export type PaymentViewRow = NonNullable<Awaited<ReturnType<typeof selectPaymentById>>>;
