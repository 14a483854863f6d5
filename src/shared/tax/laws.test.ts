import { describe, expect, it } from 'vitest';
import {
  lawForYear,
  minimumWageForYear,
  NATIONAL_MINIMUM_WAGES,
  PERSONAL_INCOME_TAX_LAWS,
} from './laws';

describe('the law tables', () => {
  it('cover contiguous years from the first table on, the last one open-ended', () => {
    PERSONAL_INCOME_TAX_LAWS.forEach((law, i) => {
      const next = PERSONAL_INCOME_TAX_LAWS[i + 1];
      if (next) expect(next.fromYear).toBe((law.toYear ?? Number.NaN) + 1);
      else expect(law.toYear).toBeNull();
    });
    NATIONAL_MINIMUM_WAGES.forEach((wage, i) => {
      const next = NATIONAL_MINIMUM_WAGES[i + 1];
      if (next) expect(next.fromYear).toBe((wage.toYear ?? Number.NaN) + 1);
      else expect(wage.toYear).toBeNull();
      expect(wage.annualKobo).toBe(wage.monthlyKobo * 12);
    });
  });

  it('end every band table with one open top band and rates within 0–100 %', () => {
    for (const law of PERSONAL_INCOME_TAX_LAWS) {
      const open = law.bands.filter((band) => band.widthKobo === null);
      expect(open).toHaveLength(1);
      expect(law.bands.at(-1)?.widthKobo).toBeNull();
      for (const band of law.bands) {
        expect(band.rateBasisPoints).toBeGreaterThanOrEqual(0);
        expect(band.rateBasisPoints).toBeLessThanOrEqual(10_000);
      }
    }
  });

  it('pick the law by year of assessment', () => {
    expect(() => lawForYear(2010)).toThrow(RangeError);
    expect(lawForYear(2011).title).toBe('Personal Income Tax Act, as amended 2011');
    expect(lawForYear(2020).consolidatedRelief?.base).toBe('grossIncome');
    expect(lawForYear(2021).consolidatedRelief?.base).toBe('grossIncomeLessDeductions');
    expect(lawForYear(2025).law).toBe('PITA');
    expect(lawForYear(2026).law).toBe('NTA2025');
    expect(lawForYear(2040).law).toBe('NTA2025');
  });

  it('date the minimum wage: ₦360,000 for 2021–2023, ₦840,000 from 2024', () => {
    expect(minimumWageForYear(2020)).toBeNull();
    expect(minimumWageForYear(2021)?.annualKobo).toBe(36_000_000);
    expect(minimumWageForYear(2023)?.annualKobo).toBe(36_000_000);
    expect(minimumWageForYear(2024)?.annualKobo).toBe(84_000_000);
    expect(minimumWageForYear(2026)?.annualKobo).toBe(84_000_000);
  });
});
