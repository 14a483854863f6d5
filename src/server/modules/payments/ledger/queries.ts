import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { payments, receiptCounters } from '../../../db/schema';

/** The ledger's own SQL (ADR 0010). Rules live in ledger.ts; this file only reads and writes. */

export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

/** The next receipt sequence of the year. The counter row is locked until the transaction ends. */
export async function takeReceiptSequence(tx: Db, year: number): Promise<number> {
  const [row] = await tx
    .insert(receiptCounters)
    .values({ year, lastSequence: 1 })
    .onConflictDoUpdate({
      target: receiptCounters.year,
      set: { lastSequence: sql`${receiptCounters.lastSequence} + 1` },
    })
    .returning({ lastSequence: receiptCounters.lastSequence });
  if (!row) throw new Error('receipt_counters upsert returned nothing');
  return row.lastSequence;
}

/**
 * Holds a lock on this RRR until the transaction ends, whether or not the ledger has it yet:
 * the same RRR arriving twice at once then takes turns before either takes a receipt number.
 */
export async function lockRrr(tx: Db, rrr: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payment-rrr:${rrr}`}))`);
}

/**
 * Holds a lock on a received payment's source reference (a POS transaction, a bank credit)
 * until the transaction ends: the same one arriving twice at once takes turns before either
 * takes a receipt number, as lockRrr does for an RRR.
 */
export async function lockSourceReference(
  tx: Db,
  channel: 'pos' | 'bank',
  sourceReference: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`payment-source:${channel}:${sourceReference}`}))`,
  );
}

export async function findReceivedPaymentForUpdate(
  tx: Db,
  channel: 'pos' | 'bank',
  sourceReference: string,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.channel, channel), eq(payments.sourceReference, sourceReference)))
    .for('update');
  return row ?? null;
}

export async function findPaymentByRrrForUpdate(tx: Db, rrr: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.rrr, rrr)).for('update');
  return row ?? null;
}

export async function findPaymentByIdForUpdate(tx: Db, id: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

/** Inserts unless a row with this RRR exists already; null when it did (someone was first). */
export async function insertPaymentUnlessRrrExists(
  tx: Db,
  row: NewPaymentRow,
): Promise<PaymentRow | null> {
  const [inserted] = await tx
    .insert(payments)
    .values(row)
    .onConflictDoNothing({ target: payments.rrr })
    .returning();
  return inserted ?? null;
}

export async function insertPayment(tx: Db, row: NewPaymentRow): Promise<PaymentRow> {
  const [inserted] = await tx.insert(payments).values(row).returning();
  if (!inserted) throw new Error('insert into payments returned nothing');
  return inserted;
}

export async function updatePayment(
  tx: Db,
  id: string,
  change: Partial<NewPaymentRow>,
): Promise<PaymentRow> {
  const [row] = await tx
    .update(payments)
    .set({ ...change, version: sql`${payments.version} + 1`, updatedAt: new Date() })
    .where(eq(payments.id, id))
    .returning();
  if (!row) throw new Error(`payment ${id} vanished inside its own transaction`);
  return row;
}

/** A bill still "RRR pending confirmation" (ADR 0020): paymentinit sent, no RRR known. */
const isUnconfirmedBill = and(
  isNull(payments.rrr),
  isNotNull(payments.rrrRequestedAt),
  eq(payments.status, 'pending'),
);

/** The MDA's bill sent to Remita with this order id whose RRR is still to confirm, locked. */
export async function findUnconfirmedBillByOrderIdForUpdate(
  tx: Db,
  mdaId: string,
  orderId: string,
): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(isUnconfirmedBill, eq(payments.orderId, orderId), eq(payments.mdaId, mdaId)))
    .for('update');
  return row ?? null;
}

/**
 * Takes the right to send the bill's paymentinit again: only when it is still unconfirmed and
 * its last paymentinit was sent before `sentBefore`, so a call still in flight is never doubled.
 * Null when another settlement took it first, or the bill is settled.
 */
export async function claimRrrRequest(
  db: Db,
  id: string,
  sentBefore: Date,
): Promise<PaymentRow | null> {
  const [row] = await db
    .update(payments)
    .set({
      rrrRequestedAt: new Date(),
      version: sql`${payments.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, id), isUnconfirmedBill, lt(payments.rrrRequestedAt, sentBefore)))
    .returning();
  return row ?? null;
}

/**
 * The ids of bills whose RRR is still to confirm and whose next look is due (the sweep): those
 * that failed fewest times first, then longest waiting. A bill that keeps failing (its MDA's
 * Remita settings are wrong) backs off (rrr_confirm_next_at) and never holds the place of
 * another MDA's bill (ADR 0031). The set is small (a lost answer is rare), so no index of its own.
 */
export async function selectUnconfirmedBillIds(
  db: Db,
  limit: number,
  now: Date = new Date(),
): Promise<string[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isUnconfirmedBill,
        or(isNull(payments.rrrConfirmNextAt), lte(payments.rrrConfirmNextAt, now)),
      ),
    )
    .orderBy(asc(payments.rrrConfirmAttempts), asc(payments.rrrRequestedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * One more failed look at a bill pending confirmation: the count goes up, the next look is put
 * off and the reason kept. Returns the row before and after, or null when the bill is no longer
 * pending confirmation (settled meanwhile by another road).
 */
export async function recordRrrConfirmFailure(
  tx: Db,
  id: string,
  failure: { reason: string; nextAt: (attempts: number) => Date },
): Promise<{ before: PaymentRow; after: PaymentRow } | null> {
  const [before] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), isUnconfirmedBill))
    .for('update');
  if (!before) return null;
  const attempts = before.rrrConfirmAttempts + 1;
  const [after] = await tx
    .update(payments)
    .set({
      rrrConfirmAttempts: attempts,
      rrrConfirmNextAt: failure.nextAt(attempts),
      rrrConfirmError: failure.reason,
    })
    .where(eq(payments.id, id))
    .returning();
  return after ? { before, after } : null;
}

/** Bills pending confirmation, longest waiting first, and how many (needing attention). */
export async function selectUnconfirmedBills(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ rows: PaymentRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(isUnconfirmedBill)
      .orderBy(asc(payments.rrrRequestedAt), asc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(payments).where(isUnconfirmedBill),
  ]);
  return { rows, total: count?.n ?? 0 };
}
