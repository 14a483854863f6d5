import {
  type ConsolidatedReliefRule,
  DEDUCTION_KINDS,
  type DeductionKind,
  type DeductionRule,
  lawForYear,
  minimumWageForYear,
  type TaxBand,
} from './laws';
import { percentOfKobo } from './rounding';
import type {
  ComputeIncomeTaxInput,
  ConsolidatedReliefBreakdown,
  DeductionsInput,
  IncomeTaxBandLine,
  PersonalIncomeTaxComputation,
  ReliefLine,
} from './schemas';

/**
 * Personal income tax for one year of assessment, under the law the year falls in (laws.ts).
 * Pure: the same input gives the same answer; validate the input with ComputeIncomeTaxInput
 * first (an amount that is not whole kobo, ≥ 0, throws RangeError here).
 * Rounding: percentOfKobo (rounding.ts), half up to the kobo, per part, then summed.
 */
export function computePersonalIncomeTax(
  input: ComputeIncomeTaxInput,
): PersonalIncomeTaxComputation {
  const law = lawForYear(input.taxYear);
  const grossIncomeKobo = sum(input.incomes.map((line) => line.amountKobo));
  const employmentIncomeKobo = sum(
    input.incomes.filter((line) => line.source === 'employment').map((line) => line.amountKobo),
  );

  const claims = claimedDeductions(input.deductions);
  const deductionLines = DEDUCTION_KINDS.map((kind) =>
    allowDeduction(kind, claims[kind], law.deductions[kind]),
  );
  const deductionsKobo = sum(deductionLines.map((line) => line.allowedKobo));

  // Finance Act 2020: GI₂ = gross − pension − NHF − NHIS − life assurance, i.e. gross less
  // every deduction PITA allows (it allows no others), never below 0.
  const cra = law.consolidatedRelief;
  const consolidatedRelief =
    cra === null
      ? null
      : consolidatedReliefOn(
          cra,
          cra.base === 'grossIncome'
            ? grossIncomeKobo
            : Math.max(0, grossIncomeKobo - deductionsKobo),
        );

  // Both PITA rules reduce to gross − CRA − deductions; they differ only in the CRA's base.
  const reliefsKobo = (consolidatedRelief?.amountKobo ?? 0) + deductionsKobo;
  const chargeableIncomeKobo = Math.max(0, grossIncomeKobo - reliefsKobo);
  const bands = taxOnBands(law.bands, chargeableIncomeKobo);
  const computedTaxKobo = sum(bands.map((band) => band.taxKobo));

  const minimumWage = law.hasMinimumWageExemption ? minimumWageForYear(input.taxYear) : null;
  if (law.hasMinimumWageExemption && minimumWage === null) {
    throw new RangeError(`No national minimum wage recorded for ${input.taxYear}`);
  }
  // Interpretation (PITA Third Schedule as amended by the Finance Act 2020; NTA 2025): the
  // exemption is for a person whose only income is employment income no more than the annual
  // minimum wage (at the wage: exempt; one kobo above: taxed in full). A person with any other
  // income, however small, is computed normally: the exemption protects the low-paid employee,
  // it is not a ₦840,000 allowance for people with other income.
  const exemptMinimumWage =
    minimumWage !== null &&
    employmentIncomeKobo === grossIncomeKobo &&
    employmentIncomeKobo <= minimumWage.annualKobo;

  const minimumTaxKobo =
    law.minimumTaxBasisPoints === null
      ? null
      : percentOfKobo(grossIncomeKobo, law.minimumTaxBasisPoints);
  // The exemption comes first; then minimum tax where the band tax is below it (which covers
  // "no chargeable income", as the band tax is then 0).
  const minimumTaxApplied =
    !exemptMinimumWage && minimumTaxKobo !== null && computedTaxKobo < minimumTaxKobo;

  let taxKobo = computedTaxKobo;
  if (exemptMinimumWage) taxKobo = 0;
  else if (minimumTaxApplied && minimumTaxKobo !== null) taxKobo = minimumTaxKobo;

  const craLine: ReliefLine[] =
    cra === null || consolidatedRelief === null
      ? []
      : [
          {
            kind: 'consolidatedRelief',
            claimedKobo: consolidatedRelief.amountKobo,
            allowedKobo: consolidatedRelief.amountKobo,
            capKobo: null,
            capped: false,
            note: cra.note,
          },
        ];

  return {
    taxYear: input.taxYear,
    law: law.law,
    lawTitle: law.title,
    grossIncomeKobo,
    employmentIncomeKobo,
    consolidatedRelief,
    reliefsKobo,
    chargeableIncomeKobo,
    computedTaxKobo,
    minimumTaxKobo,
    minimumTaxApplied,
    minimumWageAnnualKobo: minimumWage?.annualKobo ?? null,
    exemptMinimumWage,
    taxKobo,
    bands,
    deductions: [...craLine, ...deductionLines],
  };
}

/**
 * Each band's slice of chargeable income and its tax. Band i covers (fromKobo, toKobo]: income
 * exactly at an edge is wholly in the lower band, one kobo above puts that kobo in the next.
 */
export function taxOnBands(
  bands: readonly TaxBand[],
  chargeableIncomeKobo: number,
): IncomeTaxBandLine[] {
  const lines: IncomeTaxBandLine[] = [];
  let fromKobo = 0;
  for (const band of bands) {
    const toKobo = band.widthKobo === null ? null : fromKobo + band.widthKobo;
    const upperKobo =
      toKobo === null ? chargeableIncomeKobo : Math.min(chargeableIncomeKobo, toKobo);
    const taxableKobo = Math.max(0, upperKobo - fromKobo);
    lines.push({
      fromKobo,
      toKobo,
      rateBasisPoints: band.rateBasisPoints,
      taxableKobo,
      taxKobo: percentOfKobo(taxableKobo, band.rateBasisPoints),
    });
    if (toKobo === null) break;
    fromKobo = toKobo;
  }
  return lines;
}

/** CRA = max(floor, floor% × base) + percent × base (PITA s.33). */
export function consolidatedReliefOn(
  rule: ConsolidatedReliefRule,
  baseKobo: number,
): ConsolidatedReliefBreakdown {
  const higherOfKobo = Math.max(
    rule.floorKobo,
    percentOfKobo(baseKobo, rule.floorPercentBasisPoints),
  );
  const percentOfBaseKobo = percentOfKobo(baseKobo, rule.percentBasisPoints);
  return {
    baseKobo,
    higherOfKobo,
    percentOfBaseKobo,
    amountKobo: higherOfKobo + percentOfBaseKobo,
  };
}

function claimedDeductions(deductions: DeductionsInput): Record<DeductionKind, number> {
  return {
    pension: deductions.pensionKobo ?? 0,
    nhf: deductions.nhfKobo ?? 0,
    nhis: deductions.nhisKobo ?? 0,
    lifeAssurance: deductions.lifeAssuranceKobo ?? 0,
    mortgageInterest: deductions.mortgageInterestKobo ?? 0,
    rentRelief: deductions.annualRentKobo ?? 0,
  };
}

function allowDeduction(kind: DeductionKind, claimedKobo: number, rule: DeductionRule): ReliefLine {
  const shareKobo = percentOfKobo(claimedKobo, rule.percentBasisPoints);
  const capped = rule.capKobo !== null && shareKobo > rule.capKobo;
  return {
    kind,
    claimedKobo,
    allowedKobo: capped && rule.capKobo !== null ? rule.capKobo : shareKobo,
    capKobo: rule.capKobo,
    capped,
    note: rule.note,
  };
}

function sum(amountsKobo: readonly number[]): number {
  return amountsKobo.reduce((total, amount) => total + amount, 0);
}
