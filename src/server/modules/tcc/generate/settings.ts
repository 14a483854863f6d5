import { and, desc, eq, lte } from 'drizzle-orm';
import type { TccKind } from '../../../../shared/tcc/enums';
import type { Db } from '../../../db/client';
import { taxSettings } from '../../../db/schema';

/**
 * The processing fee of a kind of certificate on `day` (YYYY-MM-DD), in kobo: the dated
 * tax_settings row `tcc.feeKobo.<kind>` in force that day (migration 0011; the same dating as
 * src/server/modules/assessments/settings.ts). 0 means the kind carries no fee.
 */
export async function tccFeeOn(db: Db, kind: TccKind, day: string): Promise<number> {
  const key = `tcc.feeKobo.${kind}`;
  const [row] = await db
    .select({ value: taxSettings.value })
    .from(taxSettings)
    .where(and(eq(taxSettings.key, key), lte(taxSettings.effectiveFrom, day)))
    .orderBy(desc(taxSettings.effectiveFrom))
    .limit(1);
  const fee = Number(row?.value);
  if (!row || !Number.isInteger(fee) || fee < 0) {
    throw new Error(`No valid tax setting ${key} is in force on ${day}`);
  }
  return fee;
}
