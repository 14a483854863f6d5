import { describe, expect, it } from 'vitest';
import { nairaToKobo as kobo } from '../money';
import { computePersonalIncomeTax, taxOnBands } from './compute';
import { NTA_2025, PITA_FINANCE_ACT_2020 } from './laws';

/**
 * Every band edge of both laws. Band i covers (from, to]: chargeable income exactly at an edge
 * is taxed wholly in the lower band; one kobo above puts 1 kobo in the next band, whose tax
 * (≤ 25 % of 1 kobo) rounds to 0; ₦1 above adds exactly the next rate in kobo.
 *
 * NTA 2025 (0/15/18/21/23/25 %), cumulative tax at each edge, worked by hand:
 *   ₦800,000    → 0
 *   ₦3,000,000  → 2,200,000 × 15 % = 330,000
 *   ₦12,000,000 → 330,000 + 9,000,000 × 18 % (1,620,000) = 1,950,000
 *   ₦25,000,000 → 1,950,000 + 13,000,000 × 21 % (2,730,000) = 4,680,000
 *   ₦50,000,000 → 4,680,000 + 25,000,000 × 23 % (5,750,000) = 10,430,000
 *   ₦60,000,000 → 10,430,000 + 10,000,000 × 25 % (2,500,000) = 12,930,000
 * PITA (7/11/15/19/21/24 %):
 *   ₦300,000    → 300,000 × 7 % = 21,000
 *   ₦600,000    → 21,000 + 300,000 × 11 % (33,000) = 54,000
 *   ₦1,100,000  → 54,000 + 500,000 × 15 % (75,000) = 129,000
 *   ₦1,600,000  → 129,000 + 500,000 × 19 % (95,000) = 224,000
 *   ₦3,200,000  → 224,000 + 1,600,000 × 21 % (336,000) = 560,000
 *   ₦4,200,000  → 560,000 + 1,000,000 × 24 % (240,000) = 800,000
 */
const NTA_EDGES = [
  { edge: 800_000, tax: 0, nextRate: 15 },
  { edge: 3_000_000, tax: 330_000, nextRate: 18 },
  { edge: 12_000_000, tax: 1_950_000, nextRate: 21 },
  { edge: 25_000_000, tax: 4_680_000, nextRate: 23 },
  { edge: 50_000_000, tax: 10_430_000, nextRate: 25 },
];
const PITA_EDGES = [
  { edge: 300_000, tax: 21_000, nextRate: 11 },
  { edge: 600_000, tax: 54_000, nextRate: 15 },
  { edge: 1_100_000, tax: 129_000, nextRate: 19 },
  { edge: 1_600_000, tax: 224_000, nextRate: 21 },
  { edge: 3_200_000, tax: 560_000, nextRate: 24 },
];

const totalTax = (lines: { taxKobo: number }[]) => lines.reduce((t, l) => t + l.taxKobo, 0);

describe.each([
  { name: 'NTA 2025', law: NTA_2025, edges: NTA_EDGES },
  { name: 'PITA', law: PITA_FINANCE_ACT_2020, edges: PITA_EDGES },
])('$name band edges', ({ law, edges }) => {
  it.each(edges)(
    '₦$edge exactly → ₦$tax; one kobo above → same tax, 1 kobo in the next band',
    ({ edge, tax, nextRate }) => {
      const at = taxOnBands(law.bands, kobo(edge));
      expect(totalTax(at)).toBe(kobo(tax));
      const index = at.findIndex((line) => line.toKobo === kobo(edge));
      const full = at[index];
      expect(full?.taxableKobo).toBe((full?.toKobo ?? 0) - (full?.fromKobo ?? 0));
      expect(at[index + 1]?.taxableKobo).toBe(0);

      const above = taxOnBands(law.bands, kobo(edge) + 1);
      expect(above[index + 1]?.taxableKobo).toBe(1);
      expect(totalTax(above)).toBe(kobo(tax));

      // ₦1 above: 100 kobo × rate % = `nextRate` kobo, exactly.
      expect(totalTax(taxOnBands(law.bands, kobo(edge + 1)))).toBe(kobo(tax) + nextRate);
    },
  );

  it('taxes nothing on no chargeable income and lists every band', () => {
    const lines = taxOnBands(law.bands, 0);
    expect(lines).toHaveLength(6);
    expect(totalTax(lines)).toBe(0);
    expect(lines.at(-1)?.toKobo).toBeNull();
  });
});

describe('top bands', () => {
  it('NTA: ₦60,000,000 → ₦12,930,000 (₦10,000,000 at 25 %)', () => {
    const lines = taxOnBands(NTA_2025.bands, kobo(60_000_000));
    expect(lines.at(-1)).toEqual({
      fromKobo: kobo(50_000_000),
      toKobo: null,
      rateBasisPoints: 2_500,
      taxableKobo: kobo(10_000_000),
      taxKobo: kobo(2_500_000),
    });
    expect(totalTax(lines)).toBe(kobo(12_930_000));
  });

  it('PITA: ₦4,200,000 → ₦800,000 (₦1,000,000 at 24 %)', () => {
    expect(totalTax(taxOnBands(PITA_FINANCE_ACT_2020.bands, kobo(4_200_000)))).toBe(kobo(800_000));
  });
});

describe('band edges through the whole computation', () => {
  it.each(NTA_EDGES)(
    'NTA 2026, trade income ₦$edge (no deductions) → chargeable ₦$edge, tax ₦$tax',
    ({ edge, tax }) => {
      const at = computePersonalIncomeTax({
        taxYear: 2026,
        incomes: [{ source: 'trade', amountKobo: kobo(edge) }],
        deductions: {},
      });
      expect(at.chargeableIncomeKobo).toBe(kobo(edge));
      expect(at.taxKobo).toBe(kobo(tax));
      const above = computePersonalIncomeTax({
        taxYear: 2026,
        incomes: [{ source: 'trade', amountKobo: kobo(edge) + 1 }],
        deductions: {},
      });
      expect(above.chargeableIncomeKobo).toBe(kobo(edge) + 1);
      expect(above.taxKobo).toBe(kobo(tax));
    },
  );

  /**
   * PITA 2025, trade income only (so GI₂ = GI and no minimum-wage question). While 1 % of GI is
   * below ₦200,000, chargeable = GI − (200,000 + 20 % GI) = 0.8 GI − 200,000, so
   * GI = (edge + 200,000) / 0.8: ₦625,000, ₦1,000,000, ₦1,625,000, ₦2,250,000, ₦4,250,000.
   * GI + 1 kobo: 20 % of the extra kobo is 0.2 kobo → 0, so chargeable = edge + 1 kobo.
   * Minimum tax (1 % of GI, at most ₦42,500) stays below the band tax at every edge.
   */
  it.each(PITA_EDGES.map((row) => ({ ...row, gross: (row.edge + 200_000) / 0.8 })))(
    'PITA 2025, trade income ₦$gross → chargeable ₦$edge, tax ₦$tax',
    ({ edge, tax, gross }) => {
      const at = computePersonalIncomeTax({
        taxYear: 2025,
        incomes: [{ source: 'trade', amountKobo: kobo(gross) }],
        deductions: {},
      });
      expect(at.consolidatedRelief?.amountKobo).toBe(kobo(200_000 + gross * 0.2));
      expect(at.chargeableIncomeKobo).toBe(kobo(edge));
      expect(at.taxKobo).toBe(kobo(tax));
      expect(at.minimumTaxApplied).toBe(false);
      const above = computePersonalIncomeTax({
        taxYear: 2025,
        incomes: [{ source: 'trade', amountKobo: kobo(gross) + 1 }],
        deductions: {},
      });
      expect(above.chargeableIncomeKobo).toBe(kobo(edge) + 1);
      expect(above.taxKobo).toBe(kobo(tax));
    },
  );
});
