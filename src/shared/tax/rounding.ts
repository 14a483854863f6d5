/**
 * The one rounding rule of the tax engine: a percentage of an amount (a band's slice, the CRA,
 * rent relief, minimum tax) is rounded to the whole kobo, half up (0.5 kobo → 1 kobo, never
 * "banker's" half-even). Each part is rounded on its own and totals are sums of rounded parts,
 * never rounded again: a band's tax is what the officer can recompute by hand from the table.
 *
 * Rates are integer basis points (1 % = 100, 15 % = 1_500, 100 % = 10_000) so that no float
 * ever touches money; the product is taken in BigInt, exact for any safe-integer amount.
 */

/** 100 % in basis points. */
export const WHOLE_IN_BASIS_POINTS = 10_000;

/** `basisPoints`/10 000 of `amountKobo`, rounded to the kobo half up. Both must be safe integers ≥ 0. */
export function percentOfKobo(amountKobo: number, basisPoints: number): number {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0) {
    throw new RangeError(`An amount must be whole kobo, 0 or more: got ${amountKobo}`);
  }
  if (!Number.isSafeInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`A rate must be whole basis points, 0 or more: got ${basisPoints}`);
  }
  const whole = BigInt(WHOLE_IN_BASIS_POINTS);
  // floor(a·bp / W + 1/2) = floor((2·a·bp + W) / 2W): half up, in exact integer arithmetic.
  return Number((2n * BigInt(amountKobo) * BigInt(basisPoints) + whole) / (2n * whole));
}
