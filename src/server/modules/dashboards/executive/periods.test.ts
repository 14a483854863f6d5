import { describe, expect, it } from 'vitest';
import { dashboardDays } from './periods';
import { taxTypeOf } from './taxTypes';

describe('dashboardDays', () => {
  it('ends every period on the day, the trend on its month’s last day, 24 months long', () => {
    const days = dashboardDays('2029-03-15');
    expect(days).toMatchObject({
      monthFrom: '2029-03-01',
      yearFrom: '2029-01-01',
      yearTo: '2029-12-31',
      trendFrom: '2027-04-01',
      trendTo: '2029-03-31',
    });
    expect(days.trendMonths).toHaveLength(24);
    expect(days.trendMonths.at(-1)).toBe('2029-03-01');
  });

  it('crosses year ends and leap Februaries', () => {
    expect(dashboardDays('2028-02-29')).toMatchObject({
      trendFrom: '2026-03-01',
      trendTo: '2028-02-29',
    });
    expect(dashboardDays('2029-12-31')).toMatchObject({
      trendFrom: '2028-01-01',
      trendTo: '2029-12-31',
    });
    expect(dashboardDays('2029-01-01').trendMonths.slice(-2)).toEqual(['2028-12-01', '2029-01-01']);
  });
});

describe('taxTypeOf', () => {
  it('takes the payment’s type, else its record’s kind, else other', () => {
    expect(taxTypeOf('paye', '')).toBe('paye');
    expect(taxTypeOf('paye', 'stamp_duty')).toBe('paye');
    expect(taxTypeOf('', 'stamp_duty')).toBe('stamp-duty');
    expect(taxTypeOf('', 'demand_notice')).toBe('demand-notice');
    expect(taxTypeOf('', 'ssc_schedule')).toBe('ssc');
    expect(taxTypeOf('', 'tcc')).toBe('tcc');
    expect(taxTypeOf('', 'assessment')).toBe('other');
    expect(taxTypeOf('', '')).toBe('other');
    expect(taxTypeOf('something-new', '')).toBe('other');
  });
});
