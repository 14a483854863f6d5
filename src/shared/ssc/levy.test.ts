import { describe, expect, it } from 'vitest';
import { computeSscLevyKobo, findSscRate, formatRateBps, type SscRate } from './levy';

const band = (over: Partial<SscRate>): SscRate => ({
  category: 'civil-servants',
  gradeFrom: 1,
  gradeTo: 6,
  rateBps: 100,
  effectiveFrom: '2026-01-01',
  isDemo: true,
  ...over,
});

describe('computeSscLevyKobo', () => {
  it('takes the percentage of gross monthly pay', () => {
    // ₦150,000.00 at 1 % = ₦1,500.00; at 1.5 % = ₦2,250.00; at 5 % = ₦7,500.00.
    expect(computeSscLevyKobo(15_000_000, 100)).toBe(150_000);
    expect(computeSscLevyKobo(15_000_000, 150)).toBe(225_000);
    expect(computeSscLevyKobo(15_000_000, 500)).toBe(750_000);
  });

  it('rounds to the nearest kobo, half a kobo up', () => {
    // ₦1,234.57 at 1.5 % = 1,851.855 kobo → 1,852; at 1 % = 1,234.57 kobo → 1,235.
    expect(computeSscLevyKobo(123_457, 150)).toBe(1_852);
    expect(computeSscLevyKobo(123_457, 100)).toBe(1_235);
    // Exactly half a kobo goes up: 50 kobo at 1 % = 0.5 kobo → 1.
    expect(computeSscLevyKobo(50, 100)).toBe(1);
    // Just under half goes down: 49 kobo at 1 % = 0.49 → 0.
    expect(computeSscLevyKobo(49, 100)).toBe(0);
    // ₦1,234.50 at 2 % = 2,469 kobo exactly.
    expect(computeSscLevyKobo(123_450, 200)).toBe(2_469);
  });

  it('stays exact on large pay', () => {
    // ₦99,999,999.99 at 5 % = 499,999,999.95 kobo → 500,000,000.
    expect(computeSscLevyKobo(9_999_999_999, 500)).toBe(500_000_000);
  });

  it('refuses what is not whole kobo or a rate', () => {
    expect(() => computeSscLevyKobo(10.5, 100)).toThrow(RangeError);
    expect(() => computeSscLevyKobo(-1, 100)).toThrow(RangeError);
    expect(() => computeSscLevyKobo(100, 10_001)).toThrow(RangeError);
  });
});

describe('findSscRate', () => {
  const rates = [
    band({}),
    band({ gradeFrom: 7, gradeTo: 12, rateBps: 150 }),
    band({ gradeFrom: 7, gradeTo: 12, rateBps: 175, effectiveFrom: '2026-06-01' }),
    band({ category: 'office-holders', gradeFrom: 1, gradeTo: 17, rateBps: 500 }),
  ];

  it('finds the band of the category that covers the grade level', () => {
    expect(findSscRate(rates, 'civil-servants', 1, '2026-03')?.rateBps).toBe(100);
    expect(findSscRate(rates, 'civil-servants', 6, '2026-03')?.rateBps).toBe(100);
    expect(findSscRate(rates, 'civil-servants', 7, '2026-03')?.rateBps).toBe(150);
    expect(findSscRate(rates, 'office-holders', 7, '2026-03')?.rateBps).toBe(500);
  });

  it('takes the latest band in force on the first of the month', () => {
    expect(findSscRate(rates, 'civil-servants', 8, '2026-05')?.rateBps).toBe(150);
    expect(findSscRate(rates, 'civil-servants', 8, '2026-06')?.rateBps).toBe(175);
  });

  it('finds none for a grade level no band covers, another category, or before any band', () => {
    expect(findSscRate(rates, 'civil-servants', 13, '2026-03')).toBeNull();
    expect(findSscRate(rates, 'federal-civil-servants', 1, '2026-03')).toBeNull();
    expect(findSscRate(rates, 'civil-servants', 1, '2025-12')).toBeNull();
  });
});

it('formats a rate in per cent', () => {
  expect(formatRateBps(100)).toBe('1 %');
  expect(formatRateBps(150)).toBe('1.5 %');
});
