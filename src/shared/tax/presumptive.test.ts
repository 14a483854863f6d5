import { describe, expect, it } from 'vitest';
import {
  computePresumptiveTax,
  type PresumptiveCategory,
  PresumptiveInputError,
} from './presumptive';

const fixed: PresumptiveCategory = {
  name: 'Tailoring',
  rule: 'fixed_by_size',
  smallKobo: 500_000,
  mediumKobo: 1_500_000,
  largeKobo: 5_000_000,
  turnoverThresholdKobo: null,
  rateBasisPoints: null,
};

const turnover: PresumptiveCategory = {
  name: 'General trading',
  rule: 'percent_of_turnover',
  smallKobo: null,
  mediumKobo: null,
  largeKobo: null,
  turnoverThresholdKobo: 1_200_000_000, // ₦12 m
  rateBasisPoints: 100, // 1 %
};

describe('computePresumptiveTax', () => {
  it('fixed_by_size: the amount of the size', () => {
    expect(computePresumptiveTax(fixed, { size: 'small' }).taxKobo).toBe(500_000);
    expect(computePresumptiveTax(fixed, { size: 'medium' }).taxKobo).toBe(1_500_000);
    expect(computePresumptiveTax(fixed, { size: 'large' }).taxKobo).toBe(5_000_000);
  });

  it('fixed_by_size needs a size', () => {
    expect(() => computePresumptiveTax(fixed, {})).toThrow(PresumptiveInputError);
  });

  it('percent_of_turnover: exactly ₦12 m is exempt', () => {
    const c = computePresumptiveTax(turnover, { estimatedTurnoverKobo: 1_200_000_000 });
    expect(c).toMatchObject({ exempt: true, taxKobo: 0 });
  });

  it('percent_of_turnover: one kobo above ₦12 m pays 1 % of the WHOLE turnover (docs/tax-rules.md: "1 % of turnover")', () => {
    const c = computePresumptiveTax(turnover, { estimatedTurnoverKobo: 1_200_000_001 });
    expect(c).toMatchObject({ exempt: false, taxKobo: 12_000_000 }); // 12,000,000.01 → half up
  });

  it('percent_of_turnover: ₦20 m pays ₦200,000', () => {
    expect(computePresumptiveTax(turnover, { estimatedTurnoverKobo: 2_000_000_000 }).taxKobo).toBe(
      20_000_000,
    );
  });

  it('percent_of_turnover needs a turnover', () => {
    expect(() => computePresumptiveTax(turnover, { size: 'small' })).toThrow(PresumptiveInputError);
  });
});
