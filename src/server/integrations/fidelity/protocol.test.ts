import { describe, expect, it } from 'vitest';
import { koboToNairaText, nairaTextToKobo } from './protocol';

describe("the bank's amounts, read exactly", () => {
  it('reads naira text and numbers to kobo without floating point', () => {
    expect(nairaTextToKobo('12500.50')).toBe(1_250_050);
    expect(nairaTextToKobo('12,500.5')).toBe(1_250_050);
    expect(nairaTextToKobo('0.29')).toBe(29);
    expect(nairaTextToKobo(' 7 '.trim())).toBe(700);
    // 0.1 + 0.2 is 0.30000000000000004 in floats; the text is read as written.
    expect(nairaTextToKobo(0.3)).toBe(30);
    expect(nairaTextToKobo(1234567.89)).toBe(123_456_789);
    expect(nairaTextToKobo('-3.00')).toBe(-300);
  });

  it('refuses what is not an amount, or a fraction of a kobo', () => {
    for (const bad of ['N/A', '', '1.234', '1.2.3', '1e5', 1e21, Number.NaN, '₦100']) {
      expect(nairaTextToKobo(bad)).toBeNull();
    }
  });

  it('writes kobo back as the bank writes naira', () => {
    expect(koboToNairaText(1_250_050)).toBe('12500.50');
    expect(koboToNairaText(5)).toBe('0.05');
    for (const kobo of [0, 1, 99, 100, 123_456_789]) {
      expect(nairaTextToKobo(koboToNairaText(kobo))).toBe(kobo);
    }
  });
});
