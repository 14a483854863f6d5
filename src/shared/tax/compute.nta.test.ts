import { describe, expect, it } from 'vitest';
import { nairaToKobo as kobo } from '../money';
import { computePersonalIncomeTax } from './compute';
import type { DeductionsInput, IncomeLineInput } from './schemas';

/** Hand-worked Nigeria Tax Act 2025 examples (2026 on). All figures in naira unless said otherwise. */

const income = (source: IncomeLineInput['source'], naira: number): IncomeLineInput => ({
  source,
  amountKobo: kobo(naira),
});
const compute = (incomes: IncomeLineInput[], deductions: DeductionsInput = {}, taxYear = 2026) =>
  computePersonalIncomeTax({ taxYear, incomes, deductions });

describe('NTA 2025 computation', () => {
  /**
   * Employment 10,000,000; pension 800,000; NHF 250,000; NHIS 50,000; life insurance 100,000;
   * rent paid 3,000,000 → 20 % = 600,000, capped at 500,000.
   *   deductions = 800,000 + 250,000 + 50,000 + 100,000 + 500,000 = 1,700,000 (no CRA)
   *   chargeable = 8,300,000
   *   tax = 0 + 15 % × 2,200,000 (330,000) + 18 % × 5,300,000 (954,000) = 1,284,000
   */
  it('an employee with every deduction: chargeable ₦8,300,000, tax ₦1,284,000', () => {
    const result = compute([income('employment', 10_000_000)], {
      pensionKobo: kobo(800_000),
      nhfKobo: kobo(250_000),
      nhisKobo: kobo(50_000),
      lifeAssuranceKobo: kobo(100_000),
      annualRentKobo: kobo(3_000_000),
    });
    expect(result).toMatchObject({
      law: 'NTA2025',
      lawTitle: 'Nigeria Tax Act 2025',
      consolidatedRelief: null,
      reliefsKobo: kobo(1_700_000),
      chargeableIncomeKobo: kobo(8_300_000),
      minimumTaxKobo: null,
      minimumTaxApplied: false,
      taxKobo: kobo(1_284_000),
    });
    expect(result.bands.map((band) => band.taxKobo)).toEqual(
      [0, 330_000, 954_000, 0, 0, 0].map(kobo),
    );
    expect(result.deductions.map((line) => line.kind)).toEqual([
      'pension',
      'nhf',
      'nhis',
      'lifeAssurance',
      'mortgageInterest',
      'rentRelief',
    ]);
    expect(result.deductions.find((line) => line.kind === 'lifeAssurance')?.note).toMatch(
      /year before the year of assessment/,
    );
  });

  /**
   * Trade 5,000,000; mortgage interest 1,000,000 → chargeable 4,000,000;
   *   tax = 330,000 + 18 % × 1,000,000 (180,000) = 510,000
   */
  it('deducts interest on an owner-occupied house loan in full', () => {
    const result = compute([income('trade', 5_000_000)], { mortgageInterestKobo: kobo(1_000_000) });
    expect(result.deductions.find((line) => line.kind === 'mortgageInterest')).toMatchObject({
      allowedKobo: kobo(1_000_000),
      capKobo: null,
      capped: false,
    });
    expect(result.taxKobo).toBe(kobo(510_000));
  });

  it('has no minimum tax: chargeable income inside the 0 % band pays nothing', () => {
    const result = compute([income('trade', 500_000)]);
    expect(result).toMatchObject({
      chargeableIncomeKobo: kobo(500_000),
      minimumTaxKobo: null,
      minimumTaxApplied: false,
      taxKobo: 0,
    });
  });

  it('adds income lines of every source into gross income', () => {
    const result = compute([
      income('employment', 1_000_000),
      income('trade', 1_000_000),
      income('rent', 500_000),
      income('investment', 250_000),
      income('other', 250_000),
    ]);
    // chargeable 3,000,000 = the top of the 15 % band → 330,000
    expect(result).toMatchObject({
      grossIncomeKobo: kobo(3_000_000),
      employmentIncomeKobo: kobo(1_000_000),
      taxKobo: kobo(330_000),
    });
  });

  it('never lets chargeable income fall below 0', () => {
    const result = compute([income('trade', 100_000)], { pensionKobo: kobo(500_000) });
    expect(result).toMatchObject({
      reliefsKobo: kobo(500_000),
      chargeableIncomeKobo: 0,
      taxKobo: 0,
    });
  });
});

describe('NTA rent relief: 20 % of rent paid, at most ₦500,000', () => {
  const rentRelief = (rentNaira: number) =>
    compute([income('trade', 3_000_000)], { annualRentKobo: kobo(rentNaira) }).deductions.find(
      (line) => line.kind === 'rentRelief',
    );

  it('1,000,000 rent → 200,000, under the cap', () => {
    expect(rentRelief(1_000_000)).toMatchObject({
      claimedKobo: kobo(1_000_000),
      allowedKobo: kobo(200_000),
      capKobo: kobo(500_000),
      capped: false,
    });
  });

  it('2,500,000 rent → exactly 500,000, not capped; 2,500,000.05 → 500,000.01, capped', () => {
    expect(rentRelief(2_500_000)).toMatchObject({ allowedKobo: kobo(500_000), capped: false });
    expect(rentRelief(2_500_000.05)).toMatchObject({ allowedKobo: kobo(500_000), capped: true });
  });

  /** Trade 3,000,000, rent 3,000,000 → relief 500,000 (capped) → chargeable 2,500,000 → 15 % × 1,700,000 = 255,000. */
  it('3,000,000 rent → capped at 500,000 and taxed on the rest', () => {
    const result = compute([income('trade', 3_000_000)], { annualRentKobo: kobo(3_000_000) });
    expect(result.deductions.find((line) => line.kind === 'rentRelief')).toMatchObject({
      allowedKobo: kobo(500_000),
      capped: true,
    });
    expect(result.chargeableIncomeKobo).toBe(kobo(2_500_000));
    expect(result.taxKobo).toBe(kobo(255_000));
  });
});

describe('NTA minimum-wage exemption (₦840,000 a year)', () => {
  /** 840,000 would otherwise pay 15 % × 40,000 = 6,000; one kobo more: 15 % × 4,000,001 kobo → 600,000 kobo = 6,000. */
  it('₦840,000 of employment income exempt; ₦840,000.01 taxed ₦6,000', () => {
    expect(compute([income('employment', 840_000)])).toMatchObject({
      exemptMinimumWage: true,
      minimumWageAnnualKobo: kobo(840_000),
      computedTaxKobo: kobo(6_000),
      taxKobo: 0,
    });
    expect(compute([income('employment', 840_000.01)])).toMatchObject({
      exemptMinimumWage: false,
      taxKobo: kobo(6_000),
    });
  });

  it('tests gross employment income, before deductions', () => {
    const result = compute([income('employment', 840_000)], { pensionKobo: kobo(67_200) });
    expect(result.exemptMinimumWage).toBe(true);
  });

  it('does not exempt an employee who has any other income (interpretation in compute.ts)', () => {
    const result = compute([income('employment', 840_000), income('rent', 0.01)]);
    expect(result.exemptMinimumWage).toBe(false);
    expect(result.taxKobo).toBe(kobo(6_000));
  });

  it('does not exempt income that is not from employment', () => {
    expect(compute([income('trade', 840_000)]).exemptMinimumWage).toBe(false);
  });
});

describe('rounding: each band half up to the kobo', () => {
  /**
   * Trade 800,000.10 → 10 kobo in the 15 % band → 1.5 kobo → 2 kobo.
   * Trade 800,000.30 → 30 kobo → 4.5 kobo → 5 kobo (half-even would give 4).
   * Trade 800,000.03 → 3 kobo → 0.45 kobo → 0.
   */
  it.each([
    { naira: 800_000.1, taxKobo: 2 },
    { naira: 800_000.3, taxKobo: 5 },
    { naira: 800_000.03, taxKobo: 0 },
  ])('trade ₦$naira → $taxKobo kobo', ({ naira, taxKobo }) => {
    expect(compute([income('trade', naira)]).taxKobo).toBe(taxKobo);
  });
});
