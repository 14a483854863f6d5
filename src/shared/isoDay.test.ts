import { describe, expect, it } from 'vitest';
import { isoDay } from './isoDay';

describe('isoDay', () => {
  const day = isoDay('Use a date like 2026-01-31');

  it('takes real days, leap days of leap years included', () => {
    for (const value of ['2026-01-31', '2024-02-29', '2000-02-29', '0001-01-01']) {
      expect(day.safeParse(value).success).toBe(true);
    }
  });

  it('refuses what is not a day, with the field message', () => {
    for (const value of ['2023-02-29', '2026-13-01', '31/01/2026', '2026-1-31', '']) {
      const result = day.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Use a date like 2026-01-31');
    }
  });

  it('refuses the year 0000, which PostgreSQL cannot hold, though zod alone takes 0000-02-29', () => {
    const result = day.safeParse('0000-02-29');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Use a date like 2026-01-31');
  });
});
