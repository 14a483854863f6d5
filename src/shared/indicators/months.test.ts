import { describe, expect, it } from 'vitest';
import { addMonths, lastDayOf, monthsEndingWith } from './months';

describe('indicator months', () => {
  it('steps across years and finds each month’s last day, February of a leap year too', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-12', 1)).toBe('2026-01');
    expect(addMonths('2026-03', -24)).toBe('2024-03');
    expect(lastDayOf('2024-02')).toBe('2024-02-29');
    expect(lastDayOf('2026-02')).toBe('2026-02-28');
    expect(lastDayOf('2026-12')).toBe('2026-12-31');
  });

  it('lists the months of a trend, none before the first', () => {
    expect(monthsEndingWith('2026-03', 24, '2025-12')).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(monthsEndingWith('2026-03', 24, '2000-01')).toHaveLength(24);
  });
});
