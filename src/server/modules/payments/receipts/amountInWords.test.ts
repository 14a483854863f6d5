import { describe, expect, it } from 'vitest';
import { amountInWords, MAX_NAIRA_IN_WORDS, numberInWords } from './amountInWords';

describe('numberInWords', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [13, 'thirteen'],
    [20, 'twenty'],
    [42, 'forty-two'],
    [100, 'one hundred'],
    [105, 'one hundred and five'],
    [999, 'nine hundred and ninety-nine'],
    [1_000, 'one thousand'],
    [1_005, 'one thousand and five'],
    [1_234, 'one thousand, two hundred and thirty-four'],
    [10_050, 'ten thousand and fifty'],
    [100_000, 'one hundred thousand'],
    [1_000_001, 'one million and one'],
    [1_200_005, 'one million, two hundred thousand and five'],
    [2_000_300_000, 'two billion, three hundred thousand'],
    [
      123_456_789_012,
      'one hundred and twenty-three billion, four hundred and fifty-six million, seven hundred and eighty-nine thousand and twelve',
    ],
    [
      MAX_NAIRA_IN_WORDS,
      'nine hundred and ninety-nine billion, nine hundred and ninety-nine million, nine hundred and ninety-nine thousand, nine hundred and ninety-nine',
    ],
  ])('%d → %s', (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });

  it('refuses what is not a whole number in range', () => {
    for (const bad of [-1, 1.5, MAX_NAIRA_IN_WORDS + 1, Number.NaN]) {
      expect(() => numberInWords(bad), String(bad)).toThrow(RangeError);
    }
  });
});

describe('amountInWords', () => {
  it.each([
    [123_450, 'One thousand, two hundred and thirty-four naira, fifty kobo'],
    [500, 'Five naira'],
    [50, 'Fifty kobo'],
    [101, 'One naira, one kobo'],
    [0, 'Zero naira'],
    [10_000_000_000, 'One hundred million naira'],
    [350_000_000_099, 'Three billion, five hundred million naira, ninety-nine kobo'],
  ])('%d kobo → %s', (kobo, words) => {
    expect(amountInWords(kobo)).toBe(words);
  });

  it('refuses negative or fractional kobo', () => {
    expect(() => amountInWords(-100)).toThrow(RangeError);
    expect(() => amountInWords(10.5)).toThrow(RangeError);
  });
});
