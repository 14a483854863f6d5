import { describe, expect, it } from 'vitest';
import { formatAxisValue, formatChartValue } from './chartFormat';

describe('chart values', () => {
  it('reads kobo as naira, in full and short', () => {
    expect(formatChartValue(123_456_789, 'naira')).toBe('₦1,234,567.89');
    expect(formatAxisValue(123_456_789, 'naira')).toBe('₦1.2M');
  });
  it('reads a share as a percentage and a count as a number', () => {
    expect(formatChartValue(0.4567, 'percent')).toBe('45.7 %');
    expect(formatAxisValue(0.4567, 'percent')).toBe('46 %');
    expect(formatChartValue(12_345, 'count')).toBe('12,345');
    expect(formatAxisValue(12_345, 'count')).toBe('12.3K');
  });
});
