import { describe, expect, it } from 'vitest';
import { percentOfKobo } from './rounding';

describe('percentOfKobo: half up to the kobo', () => {
  it('rounds 0.5 kobo up, even after an even kobo (not half-even)', () => {
    expect(percentOfKobo(10, 1_500)).toBe(2); // 15 % of 10 kobo = 1.5 → 2
    expect(percentOfKobo(30, 1_500)).toBe(5); // 15 % of 30 kobo = 4.5 → 5 (half-even would say 4)
    expect(percentOfKobo(50, 700)).toBe(4); // 7 % of 50 kobo = 3.5 → 4
  });

  it('rounds below half down', () => {
    expect(percentOfKobo(1, 2_400)).toBe(0); // 0.24 kobo
    expect(percentOfKobo(7, 700)).toBe(0); // 0.49 kobo
    expect(percentOfKobo(22_680_000, 100)).toBe(226_800); // 1 % of ₦226,800 = ₦2,268
  });

  it('is exact on amounts where floats would drift', () => {
    expect(percentOfKobo(Number.MAX_SAFE_INTEGER, 10_000)).toBe(Number.MAX_SAFE_INTEGER);
    expect(percentOfKobo(9_007_199_254_740_990, 2_500)).toBe(2_251_799_813_685_248); // .5 → up
  });

  it('refuses fractions of a kobo and negatives', () => {
    expect(() => percentOfKobo(1.5, 100)).toThrow(RangeError);
    expect(() => percentOfKobo(-1, 100)).toThrow(RangeError);
    expect(() => percentOfKobo(100, 0.5)).toThrow(RangeError);
  });
});
