/**
 * Monthly phasing of a budget line (docs/budgets.md "Phasing"): the twelve months, January to
 * December, in whole kobo, adding up exactly to the annual amount.
 */

export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/**
 * An even phasing: each month gets the annual amount divided by twelve, rounded down to the
 * kobo, and the kobo left over (0 to 11) go one each to the first months of the year, so
 * January to the remainder's month carry one kobo more than the rest and the sum is exact.
 */
export function evenMonths(annualKobo: number): number[] {
  const base = Math.floor(annualKobo / 12);
  const left = annualKobo - base * 12;
  return MONTHS.map((_, i) => base + (i < left ? 1 : 0));
}

export const sumKobo = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);

/** Whether the months are twelve whole, non-negative kobo amounts adding up to the annual. */
export function monthsProblem(annualKobo: number, months: readonly number[]): string | null {
  if (months.length !== 12) return `give all twelve months (${months.length} given)`;
  if (months.some((m) => !Number.isSafeInteger(m) || m < 0)) {
    return 'a month is negative or not a whole number of kobo';
  }
  const total = sumKobo(months);
  if (total !== annualKobo) {
    return `the months add up to ${total} kobo, not the annual ${annualKobo}`;
  }
  return null;
}
