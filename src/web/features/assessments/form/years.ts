import { todayInLagos } from '../../../../shared/dates';
import { EARLIEST_TAX_YEAR } from '../../../../shared/tax/laws';

/**
 * The latest year of assessment the engine computes on `now`: next year, in Lagos time.
 * The same rule as latestTaxYear of src/shared/tax/schemas.ts (a unit test holds them equal),
 * kept here so the forms' chunk does not carry zod for one line.
 */
export function latestYearOn(now: Date): number {
  return Number(todayInLagos(now).slice(0, 4)) + 1;
}

/** The years the forms offer, newest first: the engines refuse years before 2011. */
export function taxYearOptions(now: Date): { value: string; label: string }[] {
  const years: { value: string; label: string }[] = [];
  for (let year = latestYearOn(now); year >= EARLIEST_TAX_YEAR; year -= 1) {
    years.push({ value: String(year), label: String(year) });
  }
  return years;
}
