import { describe, expect, it } from 'vitest';
import { formatKoboAsNaira, koboToNaira, nairaToKobo } from './money';

describe('naira and kobo', () => {
  it('formats kobo as naira with two decimals and thousands separators', () => {
    expect(formatKoboAsNaira(0)).toBe('₦0.00');
    expect(formatKoboAsNaira(5)).toBe('₦0.05');
    expect(formatKoboAsNaira(150_000)).toBe('₦1,500.00');
    expect(formatKoboAsNaira(2_500_050)).toBe('₦25,000.50');
    expect(formatKoboAsNaira(10_000_000_000_000)).toBe('₦100,000,000,000.00');
  });

  it('turns typed naira into whole kobo without float drift', () => {
    expect(nairaToKobo(1500)).toBe(150_000);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(koboToNaira(1999)).toBe(19.99);
  });
});
