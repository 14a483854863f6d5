import { and, asc, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentListQuery, PaymentSort } from '../../../shared/payments';
import type { Db } from '../../db/client';
import { mdaRevenueHeads, mdas, officers, payments } from '../../db/schema';

/**
 * The payment history's reads (issue 5). Like the officers' and taxpayers' lists, a read-only
 * view joins the MDA, its revenue head and the officers' usernames here; the ledger's writes
 * stay in ledgerQueries.ts.
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
  sourceReference: payments.sourceReference,
  arrival: payments.arrival,
  paidAt: payments.paidAt,
  createdAt: payments.createdAt,
  createdBy: creator.username,
  statusReason: payments.statusReason,
  statusChangedAt: payments.statusChangedAt,
  statusChangedBy: changer.username,
};

function selectPaymentRows(db: Db) {
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

export async function selectPaymentByReceiptNumber(db: Db, receiptNumber: string) {
  const [row] = await selectPaymentRows(db)
    .where(eq(payments.receiptNumber, receiptNumber))
    .limit(1);
  return row ?? null;
}

/** Midnight at the start of a Lagos day: "paid on the 3rd" means the 3rd in Yenagoa. */
const lagosDayStart = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;
const lagosDayEnd = (day: string) => sql`(${lagosDayStart(day)} + interval '1 day')`;

/**
 * A payment's date for the date filter: when it was paid, or, for one never paid (a bill still
 * pending, failed or cancelled), when it was raised — coalesce(paid_at, created_at). Written
 * as two branches so each is served by its own index (payments_paid_at_idx,
 * payments_created_at_idx) instead of scanning the ledger for an expression.
 */
function paymentDateBetween(startDate: string | undefined, endDate: string | undefined) {
  if (!startDate && !endDate) return undefined;
  const within = (column: typeof payments.paidAt | typeof payments.createdAt) =>
    and(
      startDate ? gte(column, lagosDayStart(startDate)) : undefined,
      endDate ? lt(column, lagosDayEnd(endDate)) : undefined,
    );
  return or(within(payments.paidAt), and(isNull(payments.paidAt), within(payments.createdAt)));
}

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A payment as the history shows it: the ledger row with its MDA, revenue head and officers. */
export type PaymentViewRow = NonNullable<Awaited<ReturnType<typeof selectPaymentById>>>;

/** What the service makes of the free-text "payment reference" (see service.ts). */
export type PaymentReference = {
  rrr: string | null;
  receiptNumber: string;
  sourceReference: string;
};

export type PaymentFilter = Omit<
  PaymentListQuery,
  'paymentReference' | 'page' | 'pageSize' | 'sort' | 'format'
> & { paymentReference: PaymentReference | null };

function whereOf(filter: PaymentFilter, scope: SQL | undefined): SQL | undefined {
  const ref = filter.paymentReference;
  return and(
    scope,
    filter.assessmentId ? eq(payments.assessmentId, filter.assessmentId) : undefined,
    filter.btin ? eq(payments.btin, filter.btin) : undefined,
    paymentDateBetween(filter.startDate, filter.endDate),
    // The trigram index payments_payer_name_trgm_idx serves a "contains" search.
    filter.customerName
      ? ilike(payments.payerName, `%${escapeLike(filter.customerName)}%`)
      : undefined,
    ref
      ? or(
          ref.rrr ? eq(payments.rrr, ref.rrr) : undefined,
          eq(payments.receiptNumber, ref.receiptNumber),
          eq(payments.sourceReference, ref.sourceReference),
        )
      : undefined,
    filter.type ? eq(payments.type, filter.type) : undefined,
    // MDA codes are few; match one whatever its case, then the ledger by its MDA index.
    filter.mdaCode
      ? sql`${payments.mdaId} in (select ${mdas.id} from ${mdas} where upper(${mdas.code}) = upper(${filter.mdaCode}))`
      : undefined,
    filter.channel ? eq(payments.channel, filter.channel) : undefined,
    filter.status ? eq(payments.status, filter.status) : undefined,
  );
}

const SORTS = {
  // Each ends on the id in the same direction, so the order is total and pages never overlap.
  paidAt: [sql`${payments.paidAt} asc nulls last`, asc(payments.id)],
  '-paidAt': [sql`${payments.paidAt} desc nulls last`, desc(payments.id)],
  createdAt: [asc(payments.createdAt), asc(payments.id)],
  '-createdAt': [desc(payments.createdAt), desc(payments.id)],
  amount: [asc(payments.amountKobo), asc(payments.id)],
  '-amount': [desc(payments.amountKobo), desc(payments.id)],
} satisfies Record<PaymentSort, SQL[]>;

/** One page of the filter, in the asked order. */
export async function selectPayments(
  db: Db,
  filter: PaymentFilter,
  scope: SQL | undefined,
  window: { sort: PaymentSort; limit: number; offset: number },
) {
  return selectPaymentRows(db)
    .where(whereOf(filter, scope))
    .orderBy(...SORTS[window.sort])
    .limit(window.limit)
    .offset(window.offset);
}

/** The filter's count and sums: every matching payment's amount, and the paid ones'. */
export async function selectPaymentTotals(db: Db, filter: PaymentFilter, scope: SQL | undefined) {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      amountKobo: sql<string>`coalesce(sum(${payments.amountKobo}), 0)`,
      paidAmountKobo: sql<string>`coalesce(sum(${payments.amountKobo}) filter (where ${payments.status} = 'paid'), 0)`,
    })
    .from(payments)
    .where(whereOf(filter, scope));
  // count and sum of bigint come back as text (numeric): far below 2^53 kobo for any ledger.
  return {
    count: Number(row?.count ?? 0),
    amountKobo: Number(row?.amountKobo ?? 0),
    paidAmountKobo: Number(row?.paidAmountKobo ?? 0),
  };
}
