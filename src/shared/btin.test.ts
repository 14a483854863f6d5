import { describe, expect, it } from 'vitest';
import { isValidBtin, makeBtin, mod11_10CheckDigit } from './btin';

describe('BTIN check digit (ISO 7064 MOD 11-10)', () => {
  it('matches published MOD 11-10 examples', () => {
    // German VAT numbers use MOD 11-10 on their first eight digits: DE136695976 is valid.
    expect(mod11_10CheckDigit('13669597')).toBe(6);
  });

  it('makes ten-digit BTINs that validate', () => {
    for (const body of [100_000_001, 123_456_789, 999_999_999]) {
      const btin = makeBtin(body);
      expect(btin).toMatch(/^\d{10}$/);
      expect(isValidBtin(btin)).toBe(true);
    }
  });

  it('refuses every single-digit error and every neighbour swap', () => {
    const btin = makeBtin(204_517_338);
    for (let i = 0; i < 10; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === btin[i]) continue;
        const typo = `${btin.slice(0, i)}${d}${btin.slice(i + 1)}`;
        expect(isValidBtin(typo), typo).toBe(false);
      }
    }
    for (let i = 0; i < 9; i++) {
      if (btin[i] === btin[i + 1]) continue;
      const swapped = `${btin.slice(0, i)}${btin[i + 1]}${btin[i]}${btin.slice(i + 2)}`;
      expect(isValidBtin(swapped), swapped).toBe(false);
    }
  });

  it('refuses text that is not ten digits', () => {
    for (const text of ['', '123', '12345678901', '12345678a0', ' 1000000011']) {
      expect(isValidBtin(text)).toBe(false);
    }
  });

  it('refuses bodies outside the sequence range', () => {
    expect(() => makeBtin(99_999_999)).toThrow();
    expect(() => makeBtin(1_000_000_000)).toThrow();
  });
});
