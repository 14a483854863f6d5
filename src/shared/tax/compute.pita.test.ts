import { describe, expect, it } from 'vitest';
import { nairaToKobo as kobo } from '../money';
import { computePersonalIncomeTax } from './compute';
import type { DeductionsInput, IncomeLineInput } from './schemas';

/** Hand-worked PITA examples (years up to 2025). All figures in naira unless said otherwise. */

const employment = (naira: number): IncomeLineInput => ({
  source: 'employment',
  amountKobo: kobo(naira),
});
const compute = (taxYear: number, incomes: IncomeLineInput[], deductions: DeductionsInput = {}) =>
  computePersonalIncomeTax({ taxYear, incomes, deductions });

describe('PITA as amended by the Finance Act 2020 (2021–2025)', () => {
  /**
   * PwC's published example, 2024: gross 4,000,000, pension 320,000.
   *   GI₂ = 4,000,000 − 320,000 = 3,680,000
   *   CRA = max(200,000, 1 % × 3,680,000 = 36,800) + 20 % × 3,680,000 = 200,000 + 736,000 = 936,000
   *   chargeable = 3,680,000 − 936,000 = 2,744,000
   *   tax = 21,000 + 33,000 + 75,000 + 95,000 + 21 % × 1,144,000 (240,240) = 464,240
   *   minimum tax 1 % × 4,000,000 = 40,000 < 464,240: not applied.
   */
  it("PwC's 2024 example: chargeable ₦2,744,000, tax ₦464,240", () => {
    const result = compute(2024, [employment(4_000_000)], { pensionKobo: kobo(320_000) });
    expect(result).toMatchObject({
      law: 'PITA',
      grossIncomeKobo: kobo(4_000_000),
      consolidatedRelief: {
        baseKobo: kobo(3_680_000),
        higherOfKobo: kobo(200_000),
        percentOfBaseKobo: kobo(736_000),
        amountKobo: kobo(936_000),
      },
      reliefsKobo: kobo(1_256_000),
      chargeableIncomeKobo: kobo(2_744_000),
      computedTaxKobo: kobo(464_240),
      minimumTaxKobo: kobo(40_000),
      minimumTaxApplied: false,
      minimumWageAnnualKobo: kobo(840_000),
      exemptMinimumWage: false,
      taxKobo: kobo(464_240),
    });
    expect(result.bands.map((band) => band.taxKobo)).toEqual(
      [21_000, 33_000, 75_000, 95_000, 240_240, 0].map(kobo),
    );
    expect(result.deductions.map((line) => [line.kind, line.allowedKobo])).toEqual([
      ['consolidatedRelief', kobo(936_000)],
      ['pension', kobo(320_000)],
      ['nhf', 0],
      ['nhis', 0],
      ['lifeAssurance', 0],
      ['mortgageInterest', 0],
      ['rentRelief', 0],
    ]);
  });

  /**
   * The same person in 2020 (CRA on the whole gross):
   *   CRA = 200,000 + 20 % × 4,000,000 = 1,000,000
   *   chargeable = 4,000,000 − 1,000,000 − 320,000 = 2,680,000
   *   tax = 224,000 + 21 % × 1,080,000 (226,800) = 450,800
   * 2021 gives 464,240 like 2024: the CRA shrinks by 20 % × 320,000 = 64,000, taxed at 21 %
   * = 13,440 more.
   */
  it('a year ≤ 2020 computes the CRA on the whole gross; 2021 on gross less deductions', () => {
    const y2020 = compute(2020, [employment(4_000_000)], { pensionKobo: kobo(320_000) });
    const y2021 = compute(2021, [employment(4_000_000)], { pensionKobo: kobo(320_000) });
    expect(y2020.lawTitle).toBe('Personal Income Tax Act, as amended 2011');
    expect(y2020.consolidatedRelief?.amountKobo).toBe(kobo(1_000_000));
    expect(y2020.chargeableIncomeKobo).toBe(kobo(2_680_000));
    expect(y2020.taxKobo).toBe(kobo(450_800));
    expect(y2020.minimumWageAnnualKobo).toBeNull();
    expect(y2021.consolidatedRelief?.amountKobo).toBe(kobo(936_000));
    expect(y2021.taxKobo).toBe(kobo(464_240));
    expect(y2021.taxKobo - y2020.taxKobo).toBe(kobo(13_440));
  });

  /**
   * All four PITA deductions, gross 5,000,000: pension 400,000, NHF 125,000, NHIS 50,000,
   * life assurance 100,000 (675,000 in all).
   *   2019: CRA = 200,000 + 1,000,000 = 1,200,000; chargeable = 5,000,000 − 1,875,000 = 3,125,000;
   *         tax = 224,000 + 21 % × 1,525,000 (320,250) = 544,250
   *   2021: GI₂ = 4,325,000; CRA = 200,000 + 865,000 = 1,065,000; chargeable = 3,260,000;
   *         tax = 560,000 + 24 % × 60,000 (14,400) = 574,400
   */
  it('deducts pension, NHF, NHIS and life assurance in full under both PITA rules', () => {
    const deductions = {
      pensionKobo: kobo(400_000),
      nhfKobo: kobo(125_000),
      nhisKobo: kobo(50_000),
      lifeAssuranceKobo: kobo(100_000),
    };
    const y2019 = compute(2019, [employment(5_000_000)], deductions);
    expect(y2019.chargeableIncomeKobo).toBe(kobo(3_125_000));
    expect(y2019.taxKobo).toBe(kobo(544_250));
    const y2021 = compute(2021, [employment(5_000_000)], deductions);
    expect(y2021.consolidatedRelief?.baseKobo).toBe(kobo(4_325_000));
    expect(y2021.chargeableIncomeKobo).toBe(kobo(3_260_000));
    expect(y2021.taxKobo).toBe(kobo(574_400));
  });

  /**
   * Trade income 30,000,000 (2025): 1 % of GI (300,000) beats ₦200,000.
   *   CRA = 300,000 + 6,000,000 = 6,300,000; chargeable = 23,700,000;
   *   tax = 560,000 + 24 % × 20,500,000 (4,920,000) = 5,480,000
   */
  it('takes 1 % of gross income for the CRA when it exceeds ₦200,000', () => {
    const result = compute(2025, [{ source: 'trade', amountKobo: kobo(30_000_000) }]);
    expect(result.consolidatedRelief?.higherOfKobo).toBe(kobo(300_000));
    expect(result.chargeableIncomeKobo).toBe(kobo(23_700_000));
    expect(result.taxKobo).toBe(kobo(5_480_000));
  });

  it('allows no mortgage interest or rent relief before 2026, and says so', () => {
    const result = compute(2024, [employment(4_000_000)], {
      pensionKobo: kobo(320_000),
      mortgageInterestKobo: kobo(500_000),
      annualRentKobo: kobo(1_000_000),
    });
    const mortgage = result.deductions.find((line) => line.kind === 'mortgageInterest');
    const rent = result.deductions.find((line) => line.kind === 'rentRelief');
    expect(mortgage).toMatchObject({ claimedKobo: kobo(500_000), allowedKobo: 0, capped: false });
    expect(mortgage?.note).toMatch(/Not a relief under PITA/);
    expect(rent).toMatchObject({ claimedKobo: kobo(1_000_000), allowedKobo: 0, capped: false });
    expect(rent?.note).toMatch(/Not a relief under PITA/);
    expect(result.taxKobo).toBe(kobo(464_240));
  });
});

describe('PITA minimum tax', () => {
  /**
   * docs/tax-rules.md, 2018: gross 226,800, pension 18,144, NHF 5,670.
   *   CRA = max(200,000, 2,268) + 20 % × 226,800 (45,360) = 245,360
   *   chargeable = 226,800 − 245,360 − 18,144 − 5,670 < 0 → 0; band tax 0
   *   minimum tax = 1 % × 226,800 = 2,268 → payable 2,268
   */
  it('2018: no chargeable income → minimum tax ₦2,268', () => {
    const result = compute(2018, [employment(226_800)], {
      pensionKobo: kobo(18_144),
      nhfKobo: kobo(5_670),
    });
    expect(result).toMatchObject({
      consolidatedRelief: { amountKobo: kobo(245_360) },
      reliefsKobo: kobo(269_174),
      chargeableIncomeKobo: 0,
      computedTaxKobo: 0,
      minimumTaxKobo: kobo(2_268),
      minimumTaxApplied: true,
      exemptMinimumWage: false,
      taxKobo: kobo(2_268),
    });
  });

  it('2021: the same earner is under the minimum wage (₦360,000), exempt before minimum tax', () => {
    const result = compute(2021, [employment(226_800)], {
      pensionKobo: kobo(18_144),
      nhfKobo: kobo(5_670),
    });
    expect(result).toMatchObject({ exemptMinimumWage: true, minimumTaxApplied: false, taxKobo: 0 });
  });

  /**
   * 2024, employment 300,000 + investment 1,000 (other income: no exemption, see compute.ts):
   *   CRA = 200,000 + 20 % × 301,000 (60,200) = 260,200; chargeable = 40,800;
   *   band tax = 7 % × 40,800 = 2,856 < minimum tax 1 % × 301,000 = 3,010 → 3,010
   */
  it('applies minimum tax when band tax is below 1 % of gross', () => {
    const result = compute(2024, [
      employment(300_000),
      { source: 'investment', amountKobo: kobo(1_000) },
    ]);
    expect(result.exemptMinimumWage).toBe(false);
    expect(result.computedTaxKobo).toBe(kobo(2_856));
    expect(result.minimumTaxApplied).toBe(true);
    expect(result.taxKobo).toBe(kobo(3_010));
  });
});

describe('PITA minimum-wage exemption edges', () => {
  /**
   * 2023 (₦360,000 a year): at 360,000 exempt (band tax would be 7 % × 88,000 = 6,160).
   * 360,000.01: CRA = 200,000 + 20 % × 360,000.01 (72,000.002 → 72,000.00) = 272,000;
   *   chargeable 88,000.01; tax 7 % × 8,800,001 kobo = 616,000.07 → 616,000 kobo = 6,160;
   *   minimum tax 1 % = 3,600 (360,000.01 kobo → 360,000) is lower → payable 6,160.
   */
  it('2023: ₦360,000 exempt; ₦360,000.01 taxed ₦6,160', () => {
    const at = compute(2023, [employment(360_000)]);
    expect(at).toMatchObject({ exemptMinimumWage: true, computedTaxKobo: kobo(6_160), taxKobo: 0 });
    const above = compute(2023, [employment(360_000.01)]);
    expect(above).toMatchObject({
      exemptMinimumWage: false,
      chargeableIncomeKobo: kobo(88_000.01),
      minimumTaxKobo: kobo(3_600),
      taxKobo: kobo(6_160),
    });
  });

  /**
   * 2024 (₦840,000 a year): ₦360,000.01 and ₦840,000 exempt.
   * 840,000.01: CRA = 200,000 + 168,000 = 368,000; chargeable 472,000.01;
   *   tax 21,000 + 11 % × 17,200,001 kobo (1,892,000.11 → 1,892,000 kobo) = 39,920
   */
  it('2024: ₦840,000 exempt; ₦840,000.01 taxed ₦39,920', () => {
    expect(compute(2024, [employment(360_000.01)]).exemptMinimumWage).toBe(true);
    expect(compute(2024, [employment(840_000)])).toMatchObject({
      exemptMinimumWage: true,
      minimumWageAnnualKobo: kobo(840_000),
      taxKobo: 0,
    });
    expect(compute(2024, [employment(840_000.01)])).toMatchObject({
      exemptMinimumWage: false,
      chargeableIncomeKobo: kobo(472_000.01),
      taxKobo: kobo(39_920),
    });
  });

  it('2020, before the Finance Act 2020: ₦360,000 from employment is taxed', () => {
    expect(compute(2020, [employment(360_000)])).toMatchObject({
      exemptMinimumWage: false,
      taxKobo: kobo(6_160),
    });
  });
});
