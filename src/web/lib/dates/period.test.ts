import { describe, expect, it } from 'vitest';
import { modeOf, monthPeriod, periodForMode, quarterPeriod, yearToDatePeriod } from './period';

describe('report periods', () => {
  it('a month ends on its last day, February of a leap year on the 29th', () => {
    expect(monthPeriod(2026, 2)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthPeriod(2028, 2)).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('a quarter runs three whole months', () => {
    expect(quarterPeriod(2026, 4)).toEqual({ from: '2026-10-01', to: '2026-12-31' });
  });

  it('the year to date ends today this year, on 31 December in a past one', () => {
    expect(yearToDatePeriod(2026, '2026-11-27')).toEqual({ from: '2026-01-01', to: '2026-11-27' });
    expect(yearToDatePeriod(2025, '2026-11-27')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('reads a period back as the narrowest choice that fits it', () => {
    const today = '2026-11-27';
    expect(modeOf(monthPeriod(2026, 3), today)).toBe('month');
    expect(modeOf(quarterPeriod(2026, 2), today)).toBe('quarter');
    expect(modeOf({ from: '2026-01-01', to: today }, today)).toBe('ytd');
    expect(modeOf({ from: '2026-02-15', to: '2026-03-10' }, today)).toBe('custom');
  });

  it('starts a newly chosen mode near the period shown', () => {
    const shown = { from: '2026-02-15', to: '2026-05-10' };
    expect(periodForMode('quarter', shown, '2026-11-27')).toEqual(quarterPeriod(2026, 2));
    expect(periodForMode('month', shown, '2026-11-27')).toEqual(monthPeriod(2026, 5));
    expect(periodForMode('custom', shown, '2026-11-27')).toBe(shown);
    expect(periodForMode('month', quarterPeriod(2026, 1), '2026-11-27')).toEqual(
      monthPeriod(2026, 1),
    );
  });
});
