import { describe, expect, it } from 'vitest';
import { splitIntoMonths } from './monthSplit';

describe('splitIntoMonths', () => {
  it('reads every month when there are no dates', () => {
    expect(splitIntoMonths()).toEqual({ months: {}, days: [] });
  });

  it('keeps whole months whole and reads the part-months at the ends by day', () => {
    expect(splitIntoMonths('2026-01-15', '2026-04-10')).toEqual({
      months: { from: '2026-02-01', before: '2026-04-01' },
      days: [
        { from: '2026-01-15', to: '2026-01-31' },
        { from: '2026-04-01', to: '2026-04-10' },
      ],
    });
    expect(splitIntoMonths('2026-01-01', '2026-03-31')).toEqual({
      months: { from: '2026-01-01', before: '2026-04-01' },
      days: [],
    });
  });

  it('knows the end of February and of December', () => {
    expect(splitIntoMonths('2024-02-01', '2024-02-29')).toEqual({
      months: { from: '2024-02-01', before: '2024-03-01' },
      days: [],
    });
    expect(splitIntoMonths('2025-02-01', '2025-02-28').days).toEqual([]);
    expect(splitIntoMonths('2025-12-02', '2026-12-31')).toEqual({
      months: { from: '2026-01-01', before: '2027-01-01' },
      days: [{ from: '2025-12-02', to: '2025-12-31' }],
    });
  });

  it('reads by day a range without a whole month', () => {
    expect(splitIntoMonths('2026-01-15', '2026-02-10')).toEqual({
      months: null,
      days: [{ from: '2026-01-15', to: '2026-02-10' }],
    });
    expect(splitIntoMonths('2026-03-02', '2026-03-30')).toEqual({
      months: null,
      days: [{ from: '2026-03-02', to: '2026-03-30' }],
    });
  });

  it('takes an open start or end', () => {
    expect(splitIntoMonths('2026-01-15')).toEqual({
      months: { from: '2026-02-01' },
      days: [{ from: '2026-01-15', to: '2026-01-31' }],
    });
    expect(splitIntoMonths(undefined, '2026-04-10')).toEqual({
      months: { before: '2026-04-01' },
      days: [{ from: '2026-04-01', to: '2026-04-10' }],
    });
  });
});
