import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { payments } from '../../../db/schema';
import { selectPaymentRows } from '../queries';

/** A payment by its receipt number, in any MDA: the bare-number check's read (ADR 0032). */
export async function selectPaymentByReceiptNumber(db: Db, receiptNumber: string) {
  const [row] = await selectPaymentRows(db)
    .where(eq(payments.receiptNumber, receiptNumber))
    .limit(1);
  return row ?? null;
}

/** A payment by its public code, in any MDA: the public check's read (ADR 0032). */
export async function selectPaymentByPublicCode(db: Db, code: string) {
  const [row] = await selectPaymentRows(db).where(eq(payments.publicCode, code)).limit(1);
  return row ?? null;
}

/** The public code its e-receipt prints (ADR 0032). */
export async function selectPaymentPublicCode(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ publicCode: payments.publicCode })
    .from(payments)
    .where(eq(payments.id, id))
    .limit(1);
  return row?.publicCode ?? null;
}
