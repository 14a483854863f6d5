import type { SscCategory } from './enums';

/**
 * The levy of one person's monthly pay (docs/tax-rules.md "SSC levies"): a percentage of gross
 * monthly pay set per category and grade-level band, kept as dated data (the `ssc_rates` table),
 * so a new rate is a row with a later `effectiveFrom`, never a code change.
 */

/** One band of the rate table: `rateBps` hundredths of a per cent (150 = 1.5 %). */
export type SscRate = {
  category: SscCategory;
  gradeFrom: number;
  gradeTo: number;
  rateBps: number;
  /** YYYY-MM-DD: the first day the band applies. */
  effectiveFrom: string;
  /** No public source: shown as "demo" on screen (docs/tax-rules.md). */
  isDemo: boolean;
};

/**
 * gross × rate, to the nearest kobo, half a kobo up. Integer arithmetic: `grossKobo × rateBps`
 * stays exact below 2^53 (₦90 billion a month at 100 %), so no float rounding creeps in.
 */
export function computeSscLevyKobo(grossKobo: number, rateBps: number): number {
  if (!Number.isSafeInteger(grossKobo) || grossKobo < 0) {
    throw new RangeError(`gross pay must be whole kobo, not ${grossKobo}`);
  }
  if (!Number.isInteger(rateBps) || rateBps < 0 || rateBps > 10_000) {
    throw new RangeError(`a rate is 0 to 10,000 basis points, not ${rateBps}`);
  }
  return Math.floor((grossKobo * rateBps + 5_000) / 10_000);
}

/**
 * The band in force for a category and grade level in a month (YYYY-MM): of the bands that cover
 * the grade level and started on or before the month's first day, the latest. Null when no band
 * covers it: the grade level is unknown to that category.
 */
export function findSscRate(
  rates: readonly SscRate[],
  category: SscCategory,
  gradeLevel: number,
  month: string,
): SscRate | null {
  const firstDay = `${month}-01`;
  let found: SscRate | null = null;
  for (const rate of rates) {
    if (rate.category !== category) continue;
    if (gradeLevel < rate.gradeFrom || gradeLevel > rate.gradeTo) continue;
    if (rate.effectiveFrom > firstDay) continue;
    if (!found || rate.effectiveFrom > found.effectiveFrom) found = rate;
  }
  return found;
}

/** 150 → "1.5 %"; 100 → "1 %". */
export function formatRateBps(rateBps: number): string {
  return `${(rateBps / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })} %`;
}
