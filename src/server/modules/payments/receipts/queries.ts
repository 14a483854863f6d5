import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { payments } from '../../../db/schema';
import { selectPaymentRows } from '../queries';

/** A payment by its receipt number, in any MDA: the public verify page's read. */
export async function selectPaymentByReceiptNumber(db: Db, receiptNumber: string) {
  const [row] = await selectPaymentRows(db)
    .where(eq(payments.receiptNumber, receiptNumber))
    .limit(1);
  return row ?? null;
}
