import type { TradeCategoryRule, TraderSize } from '../../../../shared/assessments/enums';
import { formatKoboAsNaira } from '../../../../shared/money';

/**
 * A trade category's rule in one sentence an officer can read to a trader (docs/tax-rules.md,
 * "Presumptive tax"). The turnover rule says what src/shared/tax/presumptive.ts computes: above
 * the threshold the rate applies to the whole turnover; at or below it nothing is due.
 */

export type RuleFigures = {
  rule: TradeCategoryRule;
  smallKobo: number | null;
  mediumKobo: number | null;
  largeKobo: number | null;
  turnoverThresholdKobo: number | null;
  rateBasisPoints: number | null;
};

export const TRADER_SIZE_LABELS = {
  small: 'Small',
  medium: 'Medium',
  large: 'Large',
} as const satisfies Record<TraderSize, string>;

const SIZE_AMOUNT = {
  small: 'smallKobo',
  medium: 'mediumKobo',
  large: 'largeKobo',
} as const satisfies Record<TraderSize, keyof RuleFigures>;

/** 100 basis points → "1 %", 150 → "1.5 %", 25 → "0.25 %". */
export function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })} %`;
}

const amount = (kobo: number | null) => (kobo === null ? 'not set' : formatKoboAsNaira(kobo));

/**
 * "1 % of turnover when the turnover is above ₦12,000,000.00 (nothing at or below it)", or
 * "Fixed ₦10,000.00 a year for a medium trader"; without a size, the three fixed amounts.
 */
export function ruleSentence(category: RuleFigures, size?: TraderSize | null): string {
  if (category.rule === 'percent_of_turnover') {
    if (category.rateBasisPoints === null || category.turnoverThresholdKobo === null) {
      return 'A percentage of turnover; the rate or threshold is not set.';
    }
    return `${formatRate(category.rateBasisPoints)} of turnover when the turnover is above ${formatKoboAsNaira(category.turnoverThresholdKobo)} (nothing at or below it)`;
  }
  if (size) {
    return `Fixed ${amount(category[SIZE_AMOUNT[size]])} a year for a ${size} trader`;
  }
  return `Fixed yearly amount: small ${amount(category.smallKobo)}, medium ${amount(category.mediumKobo)}, large ${amount(category.largeKobo)}`;
}
