import { describe, expect, it } from 'vitest';
import { formatDayFirst, parseDayFirst } from './dayFirstDate';

describe('parseDayFirst', () => {
  it('reads the day first: 05/03/2026 is 5 March, not 3 May', () => {
    expect(parseDayFirst('05/03/2026')).toBe('2026-03-05');
    expect(parseDayFirst('13/12/2025')).toBe('2025-12-13');
  });

  it('accepts single digits, dashes, dots, spaces around and an ISO date', () => {
    expect(parseDayFirst('5/3/2026')).toBe('2026-03-05');
    expect(parseDayFirst('05-03-2026')).toBe('2026-03-05');
    expect(parseDayFirst('05.03.2026')).toBe('2026-03-05');
    expect(parseDayFirst('  05/03/2026 ')).toBe('2026-03-05');
    expect(parseDayFirst('2026-03-05')).toBe('2026-03-05');
  });

  it('refuses what is not (yet) a date: half-typed, impossible, month first', () => {
    expect(parseDayFirst('')).toBeNull();
    expect(parseDayFirst('05/03/2')).toBeNull();
    expect(parseDayFirst('05/03/202')).toBeNull();
    expect(parseDayFirst('31/02/2026')).toBeNull();
    expect(parseDayFirst('12/31/2025')).toBeNull();
    expect(parseDayFirst('yesterday')).toBeNull();
    expect(parseDayFirst('05/03-2026')).toBeNull();
    expect(parseDayFirst('2026-3-5')).toBeNull();
    expect(parseDayFirst('00/03/2026')).toBeNull();
    expect(parseDayFirst('05/13/2026')).toBeNull();
  });

  it('knows the leap years: 29 February 2024 and 2000, not 2025 nor 1900', () => {
    expect(parseDayFirst('29/02/2024')).toBe('2024-02-29');
    expect(parseDayFirst('29/02/2000')).toBe('2000-02-29');
    expect(parseDayFirst('29/02/2025')).toBeNull();
    expect(parseDayFirst('29/02/1900')).toBeNull();
    expect(parseDayFirst('31/04/2026')).toBeNull();
    expect(parseDayFirst('30/04/2026')).toBe('2026-04-30');
  });
});

describe('formatDayFirst', () => {
  it('shows an ISO date day first', () => {
    expect(formatDayFirst('2026-03-05')).toBe('05/03/2026');
    expect(formatDayFirst('1986-09-02')).toBe('02/09/1986');
  });

  it('shows nothing for no date or a broken one', () => {
    expect(formatDayFirst(undefined)).toBe('');
    expect(formatDayFirst(null)).toBe('');
    expect(formatDayFirst('')).toBe('');
    expect(formatDayFirst('2026-02-31')).toBe('');
  });

  it('round-trips with parseDayFirst', () => {
    expect(parseDayFirst(formatDayFirst('2024-02-29'))).toBe('2024-02-29');
  });
});
