import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { payments } from '../../../db/schema';
import type { PaymentRow } from '../ledger/queries';

/** Reads of the Remita-facing paths; the ledger writes (../ledger/queries.ts). */

/** The ledger's row for an RRR, unlocked: for a look before deciding, never for a change. */
export async function findPaymentByRrr(db: Db, rrr: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.rrr, rrr));
  return row ?? null;
}
