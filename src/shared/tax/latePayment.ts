import { WHOLE_IN_BASIS_POINTS } from './rounding';

/**
 * Late payment of an assessment (docs/tax-rules.md, "Late payment: 10 % penalty plus
 * interest"). The rule RevDesk applies, rates from the dated tax settings in force on the due
 * date:
 *
 * - nothing is owed for lateness on or before the due date, nor when nothing is outstanding;
 * - from the day after the due date, a one-off penalty of `penaltyBasisPoints` of the tax
 *   outstanding;
 * - and interest of `interestAnnualBasisPoints` a year on the tax outstanding, by the day
 *   (days late / 365), simple (never on the penalty nor on earlier interest);
 * - each rounded on its own to the kobo, half up (as the tax engine, rounding.ts).
 *
 * `outstandingKobo` is the tax still unpaid today: the figures follow the money as it is paid.
 */
export type LatePaymentInput = {
  outstandingKobo: number;
  /** YYYY-MM-DD, the notice's due date. */
  dueDate: string;
  /** YYYY-MM-DD, the day the figures are for (today in Lagos). */
  asOf: string;
  penaltyBasisPoints: number;
  interestAnnualBasisPoints: number;
};

export type LatePayment = { daysLate: number; penaltyKobo: number; interestKobo: number };

const DAY_MS = 86_400_000;
const DAYS_A_YEAR = 365;

function dayNumber(isoDate: string): number {
  return Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS);
}

/** Days from one calendar date to another (0 when `to` is not after `from`). */
export function daysAfter(from: string, to: string): number {
  return Math.max(0, dayNumber(to) - dayNumber(from));
}

/** a × b / d rounded half up, exact in BigInt. */
function halfUp(a: bigint, b: bigint, d: bigint): number {
  return Number((2n * a * b + d) / (2n * d));
}

export function computeLatePayment(input: LatePaymentInput): LatePayment {
  const daysLate = daysAfter(input.dueDate, input.asOf);
  if (daysLate === 0 || input.outstandingKobo <= 0) {
    return { daysLate, penaltyKobo: 0, interestKobo: 0 };
  }
  const outstanding = BigInt(input.outstandingKobo);
  const whole = BigInt(WHOLE_IN_BASIS_POINTS);
  return {
    daysLate,
    penaltyKobo: halfUp(outstanding, BigInt(input.penaltyBasisPoints), whole),
    interestKobo: halfUp(
      outstanding,
      BigInt(input.interestAnnualBasisPoints) * BigInt(daysLate),
      whole * BigInt(DAYS_A_YEAR),
    ),
  };
}
