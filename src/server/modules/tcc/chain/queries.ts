import { and, desc, eq, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { taxSettings } from '../../../db/schema';

/** The tax_settings row `tcc.validityMonths` in force on `day` (migration 0011 seeds 0). */
export async function selectValidityMonths(db: Db, day: string): Promise<number> {
  const [row] = await db
    .select({ value: taxSettings.value })
    .from(taxSettings)
    .where(and(eq(taxSettings.key, 'tcc.validityMonths'), lte(taxSettings.effectiveFrom, day)))
    .orderBy(desc(taxSettings.effectiveFrom))
    .limit(1);
  const months = Number(row?.value);
  if (!row || !Number.isInteger(months) || months < 0) {
    throw new Error(`No valid tax setting tcc.validityMonths is in force on ${day}`);
  }
  return months;
}
