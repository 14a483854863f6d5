import { and, asc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxSettings } from '../../db/schema';

/**
 * The dated tax settings (tax_settings, migration 0010): each value is in force from its date
 * until the next row of the same key, so a rate changed today never reprices a past day.
 */
export const TAX_SETTING_KEYS = [
  'assessment.dueDays',
  'latePayment.penaltyBasisPoints',
  'latePayment.interestAnnualBasisPoints',
] as const;
export type TaxSettingKey = (typeof TAX_SETTING_KEYS)[number];

export type TaxSettings = {
  /** The value of `key` in force on `day` (YYYY-MM-DD); throws when none is (a migration's job). */
  numberOn(key: TaxSettingKey, day: string): number;
};

/** Reads every row of the keys once (a handful), for any number of days asked after. */
export async function loadTaxSettings(
  db: Db,
  keys: readonly TaxSettingKey[] = TAX_SETTING_KEYS,
): Promise<TaxSettings> {
  const rows = await db
    .select()
    .from(taxSettings)
    .where(and(inArray(taxSettings.key, [...keys])))
    .orderBy(asc(taxSettings.key), asc(taxSettings.effectiveFrom));
  return {
    numberOn(key, day) {
      let value: unknown;
      for (const row of rows) {
        if (row.key === key && row.effectiveFrom <= day) value = row.value;
      }
      const n = Number(value);
      if (value === undefined || !Number.isFinite(n)) {
        throw new Error(`No tax setting ${key} is in force on ${day}`);
      }
      return n;
    },
  };
}
