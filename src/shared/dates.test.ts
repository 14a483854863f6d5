import { describe, expect, it } from 'vitest';
import { addDays, dayInFigures, dayInWords, daysSpanned } from './dates';

describe('daysSpanned', () => {
  it('counts both ends, across a month end and a leap day', () => {
    expect(daysSpanned('2026-03-01', '2026-03-01')).toBe(1);
    expect(daysSpanned('2026-02-27', '2026-03-02')).toBe(4);
    expect(daysSpanned('2024-02-28', '2024-03-01')).toBe(3);
    expect(daysSpanned('2026-01-01', '2026-04-02')).toBe(92);
  });
});

describe('addDays', () => {
  it('counts calendar days across months, years and a leap day, forwards and back', () => {
    expect(addDays('2026-01-01', 30)).toBe('2026-01-31');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-06-15', 0)).toBe('2026-06-15');
  });

  it('gives the same day whatever the time zone the process runs in', () => {
    // Europe's clocks go forward on 29 March 2026 and back on 25 October: a sum in local time
    // would be an hour short or long there, and land on the wrong day.
    const zone = process.env.TZ;
    try {
      for (const tz of ['Europe/London', 'America/Sao_Paulo', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = tz;
        expect(addDays('2026-03-28', 1), tz).toBe('2026-03-29');
        expect(addDays('2026-03-29', 1), tz).toBe('2026-03-30');
        expect(addDays('2026-10-24', 7), tz).toBe('2026-10-31');
        expect(addDays('2026-10-26', -1), tz).toBe('2026-10-25');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('the days printed on documents', () => {
  it('"26 November 2026" in prose, "26/11/2026" in a table; the first of a month without a leading zero in words', () => {
    expect(dayInWords('2026-11-26')).toBe('26 November 2026');
    expect(dayInWords('2027-01-01')).toBe('1 January 2027');
    expect(dayInFigures('2026-11-26')).toBe('26/11/2026');
    expect(dayInFigures('2027-01-01')).toBe('01/01/2027');
  });

  it('refuses what is not a YYYY-MM-DD day rather than printing it', () => {
    expect(() => dayInWords('26/11/2026')).toThrow();
    expect(() => dayInFigures('2026-11-26T10:00:00Z')).toThrow();
  });
});
