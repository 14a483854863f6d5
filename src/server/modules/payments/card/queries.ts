import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { cardPaymentAttempts, officers } from '../../../db/schema';

/** The card attempts' own SQL (docs/card.md). Rules live in service.ts. */

export type CardAttemptRow = typeof cardPaymentAttempts.$inferSelect;
type NewCardAttemptRow = typeof cardPaymentAttempts.$inferInsert;

/** The bill's attempt still at the terminal or awaiting a status query, if any. */
export async function findOpenAttempt(tx: Db, paymentId: string): Promise<CardAttemptRow | null> {
  const [row] = await tx
    .select()
    .from(cardPaymentAttempts)
    .where(
      and(
        eq(cardPaymentAttempts.paymentId, paymentId),
        inArray(cardPaymentAttempts.status, ['pending', 'unknown']),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Null when another open attempt holds the bill (card_payment_attempts_open_key). */
export async function insertAttemptUnlessOpen(
  tx: Db,
  row: NewCardAttemptRow,
): Promise<CardAttemptRow | null> {
  const [inserted] = await tx
    .insert(cardPaymentAttempts)
    .values(row)
    .onConflictDoNothing()
    .returning();
  return inserted ?? null;
}

export async function findAttempt(db: Db, reference: string): Promise<CardAttemptRow | null> {
  const [row] = await db
    .select()
    .from(cardPaymentAttempts)
    .where(eq(cardPaymentAttempts.reference, reference));
  return row ?? null;
}

export async function findAttemptForUpdate(
  tx: Db,
  reference: string,
): Promise<CardAttemptRow | null> {
  const [row] = await tx
    .select()
    .from(cardPaymentAttempts)
    .where(eq(cardPaymentAttempts.reference, reference))
    .for('update');
  return row ?? null;
}

export async function updateAttempt(
  tx: Db,
  id: string,
  change: Partial<NewCardAttemptRow>,
): Promise<CardAttemptRow> {
  const [row] = await tx
    .update(cardPaymentAttempts)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(cardPaymentAttempts.id, id))
    .returning();
  if (!row) throw new Error(`card attempt ${id} vanished`);
  return row;
}

export async function officerUsername(db: Db, officerId: string | null): Promise<string | null> {
  if (!officerId) return null;
  const [row] = await db
    .select({ username: officers.username })
    .from(officers)
    .where(eq(officers.id, officerId));
  return row?.username ?? null;
}

/** Attempts left without an answer before `before`, oldest first: the sweep's work. */
export async function selectUnansweredReferences(
  db: Db,
  before: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ reference: cardPaymentAttempts.reference })
    .from(cardPaymentAttempts)
    .where(
      and(
        inArray(cardPaymentAttempts.status, ['pending', 'unknown']),
        lt(cardPaymentAttempts.updatedAt, before),
      ),
    )
    .orderBy(sql`${cardPaymentAttempts.updatedAt} asc`)
    .limit(limit);
  return rows.map((r) => r.reference);
}
