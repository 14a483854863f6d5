import { and, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { aliasedAs } from '../../db/driverRows';
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
  subjectKind: payments.subjectKind,
  subjectId: payments.subjectId,
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

/**
 * The same columns under the view row's keys, for a list that reads the driver's rows straight
 * into its views (ADR 0024).
 */
const paymentDriverColumns = aliasedAs(paymentColumns);

/** The view's joins: its MDA, its revenue head, and the officers who created and last changed it. */
const byMda = eq(mdas.id, payments.mdaId);
const byRevenueHead = and(
  eq(mdaRevenueHeads.mdaId, payments.mdaId),
  eq(mdaRevenueHeads.code, payments.revenueHeadCode),
);
const byCreator = eq(creator.id, payments.createdBy);
const byChanger = eq(changer.id, payments.statusChangedBy);

/** The payment view's select, joined; each sub-domain adds its own where and order. */
export function selectPaymentRows(db: Db) {
  return db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(mdas, byMda)
    .leftJoin(mdaRevenueHeads, byRevenueHead)
    .leftJoin(creator, byCreator)
    .leftJoin(changer, byChanger);
}

/** selectPaymentRows for `driverRows`: each row a PaymentDriverRow (ADR 0024). */
export function selectPaymentDriverRows(db: Db) {
  return db
    .select(paymentDriverColumns)
    .from(payments)
    .innerJoin(mdas, byMda)
    .leftJoin(mdaRevenueHeads, byRevenueHead)
    .leftJoin(creator, byCreator)
    .leftJoin(changer, byChanger);
}

export async function selectPaymentById(db: Db, id: string, scope: SQL | undefined) {
  const [row] = await selectPaymentRows(db)
    .where(and(eq(payments.id, id), scope))
    .limit(1);
  return row ?? null;
}

/** A payment as the officers see it: the ledger row with its MDA, revenue head and officers. */
export type PaymentViewRow = NonNullable<Awaited<ReturnType<typeof selectPaymentById>>>;

/** A PaymentViewRow as the driver returns it: the amount (bigint) and the times as text. */
export type PaymentDriverRow = Omit<
  PaymentViewRow,
  'amountKobo' | 'rrrRequestedAt' | 'paidAt' | 'createdAt' | 'statusChangedAt'
> & {
  amountKobo: string | number;
  rrrRequestedAt: string | null;
  paidAt: string | null;
  createdAt: string;
  statusChangedAt: string | null;
};
