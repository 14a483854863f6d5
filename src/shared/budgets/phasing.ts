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

/**
 * A phasing by twelve weights (a season's shape): each month floor(annual × weight / sum), and
 * the kobo left over one each to the months with the largest fractions (earliest first on a
 * tie), so the sum is exact.
 */
export function weightedMonths(annualKobo: number, weights: readonly number[]): number[] {
  const total = sumKobo(weights);
  if (weights.length !== 12 || total <= 0) return evenMonths(annualKobo);
  const exact = weights.map((w) => (annualKobo * w) / total);
  const months = exact.map(Math.floor);
  const left = annualKobo - sumKobo(months);
  const order = exact
    .map((x, i) => ({ i, fraction: x - Math.floor(x) }))
    .sort((a, b) => b.fraction - a.fraction || a.i - b.i);
  for (let k = 0; k < left; k += 1) {
    const at = order[k % 12]?.i ?? 0;
    months[at] = (months[at] ?? 0) + 1;
  }
  return months;
}
