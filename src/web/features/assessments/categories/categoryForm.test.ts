import { describe, expect, it } from 'vitest';
import {
  TradeCategoryInput,
  type TradeCategoryView,
} from '../../../../shared/assessments/categories';
import { categoryValues, toCategoryInput, toCategoryPatch } from './categoryForm';
import { formatRate, ruleSentence } from './ruleText';

const fixed: TradeCategoryView = {
  id: '5b1f7a3e-0c7b-4c83-9d3a-3f2f3e0b9a11',
  name: 'Fish sellers',
  description: 'Fresh and smoked fish.',
  rule: 'fixed_by_size',
  smallKobo: 400_000,
  mediumKobo: 800_000,
  largeKobo: 1_500_000,
  turnoverThresholdKobo: null,
  rateBasisPoints: null,
  isActive: true,
  isDemo: true,
  version: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const turnover = {
  ...fixed,
  rule: 'percent_of_turnover' as const,
  smallKobo: null,
  mediumKobo: null,
  largeKobo: null,
  turnoverThresholdKobo: 1_200_000_000,
  rateBasisPoints: 100,
};

describe('ruleSentence', () => {
  it('says the fixed amount for a size, or all three without one', () => {
    expect(ruleSentence(fixed, 'medium')).toBe('Fixed ₦8,000.00 a year for a medium trader');
    expect(ruleSentence(fixed)).toBe(
      'Fixed yearly amount: small ₦4,000.00, medium ₦8,000.00, large ₦15,000.00',
    );
  });

  it('says the rate, on the whole turnover above the threshold', () => {
    expect(ruleSentence(turnover)).toBe(
      '1 % of turnover when the turnover is above ₦12,000,000.00 (nothing at or below it)',
    );
    expect(formatRate(150)).toBe('1.5 %');
    expect(formatRate(25)).toBe('0.25 %');
  });
});

describe('trade category form values', () => {
  it('round-trips a category: naira and per cent typed, kobo and basis points sent', () => {
    expect(categoryValues(fixed)).toMatchObject({ small: 4000, medium: 8000, large: 15000 });
    expect(toCategoryInput(categoryValues(fixed))).toEqual({
      name: 'Fish sellers',
      description: 'Fresh and smoked fish.',
      rule: 'fixed_by_size',
      smallKobo: 400_000,
      mediumKobo: 800_000,
      largeKobo: 1_500_000,
      turnoverThresholdKobo: null,
      rateBasisPoints: null,
    });
    const values = { ...categoryValues(turnover), ratePercent: 1.15 };
    expect(toCategoryInput(values)).toMatchObject({
      turnoverThresholdKobo: 1_200_000_000,
      rateBasisPoints: 115,
      smallKobo: null,
    });
  });

  it('sends only the chosen rule’s amounts, and empty boxes as missing', () => {
    const switched = { ...categoryValues(fixed), rule: 'percent_of_turnover' as const };
    const body = toCategoryInput(switched);
    expect(body.smallKobo).toBeNull();
    expect(body.turnoverThresholdKobo).toBeNull();
    const issues = TradeCategoryInput.safeParse(body).error?.issues.map((i) => i.path[0]);
    expect(issues).toEqual(['turnoverThresholdKobo', 'rateBasisPoints']);
    expect(toCategoryInput({ ...categoryValues(null), name: ' Tailors ' })).toMatchObject({
      name: 'Tailors',
      description: null,
      smallKobo: null,
    });
  });

  it('patches only what changed, with the version read', () => {
    const initial = categoryValues(fixed);
    expect(toCategoryPatch(initial, { ...initial, medium: 9000 }, 3)).toEqual({
      mediumKobo: 900_000,
      version: 3,
    });
    expect(toCategoryPatch(initial, { ...initial, isActive: false }, 3)).toEqual({
      isActive: false,
      version: 3,
    });
    expect(toCategoryPatch(initial, initial, 3)).toEqual({ version: 3 });
  });
});
