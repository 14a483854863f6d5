import { describe, expect, it } from 'vitest';
import { evenMonths, monthsProblem, sumKobo, weightedMonths } from './phasing';

describe('evenMonths', () => {
  it('splits a multiple of twelve evenly', () => {
    expect(evenMonths(1_200)).toEqual(Array(12).fill(100));
  });

  it('gives the kobo left over one each to the first months', () => {
    const months = evenMonths(1_000_000_007);
    expect(sumKobo(months)).toBe(1_000_000_007);
    // 1,000,000,007 = 12 × 83,333,333 + 11: January to November get one kobo more.
    expect(months.slice(0, 11)).toEqual(Array(11).fill(83_333_334));
    expect(months[11]).toBe(83_333_333);
  });

  it('phases amounts smaller than twelve kobo and zero', () => {
    expect(evenMonths(5)).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
    expect(evenMonths(0)).toEqual(Array(12).fill(0));
  });

  it('adds up exactly for any amount', () => {
    for (const annual of [1, 11, 13, 99_999, 123_456_789_01, 9_007_199_254_740_991]) {
      const months = evenMonths(annual);
      expect(months).toHaveLength(12);
      expect(sumKobo(months)).toBe(annual);
      expect(Math.max(...months) - Math.min(...months)).toBeLessThanOrEqual(1);
    }
  });
});

describe('monthsProblem', () => {
  it('accepts months that add up', () => {
    expect(monthsProblem(1_200, evenMonths(1_200))).toBeNull();
  });

  it('names months that do not add up, are negative or too few', () => {
    expect(monthsProblem(1_201, evenMonths(1_200))).toMatch(
      /add up to 1200 kobo, not the annual 1201/,
    );
    expect(monthsProblem(0, [-1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])).toMatch(/negative/);
    expect(monthsProblem(0, [0, 0])).toMatch(/twelve/);
  });
});

describe('weightedMonths', () => {
  it('follows the weights and adds up exactly', () => {
    const weights = [6, 6, 8, 8, 9, 9, 8, 8, 9, 9, 10, 10];
    const months = weightedMonths(1_000_000_001, weights);
    expect(sumKobo(months)).toBe(1_000_000_001);
    expect(months[11]).toBeGreaterThan(months[0] as number);
    expect(weightedMonths(100, Array(12).fill(1))).toEqual(evenMonths(100));
  });
});
