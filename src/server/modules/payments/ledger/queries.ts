import { eq, sql } from 'drizzle-orm';
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
