import { describe, expect, it } from 'vitest';
import { formatRrr, isValidRrr, normaliseRrr, Rrr } from './rrr';

describe('RRR', () => {
  it('accepts 12 digits, with or without the groups payers write', () => {
    expect(Rrr.parse('280123456789')).toBe('280123456789');
    expect(Rrr.parse(' 2801-2345-6789 ')).toBe('280123456789');
    expect(normaliseRrr('2801 2345 6789')).toBe('280123456789');
  });

  it('refuses anything else', () => {
    for (const bad of ['', '28012345678', '2801234567890', '28012345678a', '2801_2345_6789']) {
      expect(isValidRrr(bad), bad).toBe(false);
      expect(Rrr.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('prints in groups of four', () => {
    expect(formatRrr('280123456789')).toBe('2801-2345-6789');
  });
});
