import { describe, expect, it } from 'vitest';
import { AppError } from '../../../errors';
import { enteredYears, exemptYears, justify } from './years';

/** The three-year table's rules that need no database (docs/tax-rules.md, TCC). */

const YEARS = [2023, 2024, 2025];

const entered = (paid: [number, number, number]) =>
  YEARS.map((year, i) => ({
    year,
    incomeKobo: 100_000,
    taxKobo: 10_000,
    paidKobo: paid[i] as number,
    receipts: [],
  }));

function caught(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('enteredYears', () => {
  it('puts the years in order, flags a year not fully paid, never a negative outstanding', () => {
    const table = enteredYears([...entered([10_000, 4_000, 12_000])].reverse(), YEARS);
    expect(table.map((y) => [y.year, y.outstandingKobo, y.flag])).toEqual([
      [2023, 0, null],
      [2024, 6_000, 'arrears'],
      [2025, 0, null],
    ]);
  });

  it('refuses a year outside those covered, or one twice', () => {
    const outside = entered([1, 1, 1]).map((y, i) => (i === 0 ? { ...y, year: 2020 } : y));
    expect(caught(() => enteredYears(outside, YEARS)).message).toContain('not 2020');
    const twice = entered([1, 1, 1]).map((y) => ({ ...y, year: 2024 }));
    expect(caught(() => enteredYears(twice, YEARS)).code).toBe('VALIDATION_FAILED');
  });
});

describe('justify', () => {
  it('names every flagged year without a justification', () => {
    const table = enteredYears(entered([0, 0, 10_000]), YEARS);
    const err = caught(() => justify(table, [{ year: 2023, text: 'Paid late, in 2024' }]));
    expect(err.code).toBe('RULE_VIOLATION');
    expect(err.message).toContain('Year 2024 is flagged');
    expect(err.details).toEqual({ years: [2024] });
  });

  it('keeps the justification of flagged years only; an exempt table needs none', () => {
    const table = enteredYears(entered([0, 10_000, 10_000]), YEARS);
    const justified = justify(table, [
      { year: 2023, text: 'Employer remitted in January.' },
      { year: 2025, text: 'Not flagged, not kept.' },
    ]);
    expect(justified.map((y) => y.justification)).toEqual([
      'Employer remitted in January.',
      null,
      null,
    ]);
    expect(justify(exemptYears(YEARS), []).every((y) => y.flag === null)).toBe(true);
  });
});
