import type { TradeCategoryRule, TraderSize } from '../assessments/enums';
import { percentOfKobo } from './rounding';

/**
 * Presumptive tax of the informal sector (docs/tax-rules.md, "Presumptive tax"; NTA 2025
 * s.29): where income cannot be ascertained, the tax is presumed from the trade category.
 *
 * - `fixed_by_size`: the category's annual amount for the trader's size (small, medium, large).
 * - `percent_of_turnover`: "Turnover up to ₦12 m is exempt; above that, 1 % of turnover." The
 *   text charges the rate on *turnover*, not on "turnover above ₦12 m": once the estimated
 *   turnover is above the threshold, the rate applies to the whole turnover; at or below it,
 *   nothing is due. (The step at the threshold is the law's, as with the minimum-wage exemption.)
 *   The threshold and the rate are the category's own (an administrator keeps them), rounded
 *   half up to the kobo (rounding.ts).
 */

export type PresumptiveCategory = {
  name: string;
  rule: TradeCategoryRule;
  smallKobo: number | null;
  mediumKobo: number | null;
  largeKobo: number | null;
  turnoverThresholdKobo: number | null;
  rateBasisPoints: number | null;
};

export type PresumptiveFacts = {
  size?: TraderSize | null;
  estimatedTurnoverKobo?: number | null;
};

export type PresumptiveTaxComputation = {
  rule: TradeCategoryRule;
  categoryName: string;
  size: TraderSize | null;
  estimatedTurnoverKobo: number | null;
  turnoverThresholdKobo: number | null;
  rateBasisPoints: number | null;
  /** True when the turnover is at or below the threshold: nothing is due. */
  exempt: boolean;
  taxKobo: number;
  /** How the amount was reached, in the tax office's words. */
  note: string;
};

/** What is missing for the rule: the caller turns it into a 422 naming the field. */
export class PresumptiveInputError extends Error {
  constructor(
    readonly field: 'size' | 'estimatedTurnoverKobo',
    message: string,
  ) {
    super(message);
    this.name = 'PresumptiveInputError';
  }
}

const SIZE_AMOUNT = {
  small: 'smallKobo',
  medium: 'mediumKobo',
  large: 'largeKobo',
} as const satisfies Record<TraderSize, keyof PresumptiveCategory>;

export function computePresumptiveTax(
  category: PresumptiveCategory,
  facts: PresumptiveFacts,
): PresumptiveTaxComputation {
  const size = facts.size ?? null;
  const turnover = facts.estimatedTurnoverKobo ?? null;
  if (category.rule === 'fixed_by_size') {
    if (!size) throw new PresumptiveInputError('size', 'Choose the size of the trade');
    const amount = category[SIZE_AMOUNT[size]];
    if (amount === null) throw new Error(`category ${category.name} has no ${size} amount`);
    return {
      rule: category.rule,
      categoryName: category.name,
      size,
      estimatedTurnoverKobo: turnover,
      turnoverThresholdKobo: null,
      rateBasisPoints: null,
      exempt: false,
      taxKobo: amount,
      note: `The fixed annual amount for a ${size} trader in ${category.name}.`,
    };
  }
  const threshold = category.turnoverThresholdKobo;
  const rate = category.rateBasisPoints;
  if (threshold === null || rate === null) {
    throw new Error(`category ${category.name} has no threshold or rate`);
  }
  if (turnover === null) {
    throw new PresumptiveInputError('estimatedTurnoverKobo', 'Enter the estimated annual turnover');
  }
  const exempt = turnover <= threshold;
  return {
    rule: category.rule,
    categoryName: category.name,
    size,
    estimatedTurnoverKobo: turnover,
    turnoverThresholdKobo: threshold,
    rateBasisPoints: rate,
    exempt,
    taxKobo: exempt ? 0 : percentOfKobo(turnover, rate),
    note: exempt
      ? 'Turnover at or below the threshold is exempt.'
      : `${rate / 100} % of the whole turnover, which is above the threshold.`,
  };
}
