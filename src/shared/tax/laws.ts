/**
 * Personal income tax law as data (docs/tax-rules.md): one table per law or amending Act, each
 * with the years of assessment it governs. A new Finance Act is a new entry in
 * PERSONAL_INCOME_TAX_LAWS (and, if it moves the minimum wage, in NATIONAL_MINIMUM_WAGES),
 * not new code. Amounts are kobo; rates are basis points (1 % = 100), see rounding.ts.
 */

export const TAX_LAW_IDS = ['PITA', 'NTA2025'] as const;
/** PITA = Personal Income Tax Act (as amended); NTA2025 = Nigeria Tax Act 2025. */
export type TaxLawId = (typeof TAX_LAW_IDS)[number];

export const INCOME_SOURCES = ['employment', 'trade', 'rent', 'investment', 'other'] as const;
export type IncomeSource = (typeof INCOME_SOURCES)[number];

/** What a taxpayer may claim against income; each law says how much of a claim it allows. */
export const DEDUCTION_KINDS = [
  'pension',
  'nhf',
  'nhis',
  'lifeAssurance',
  'mortgageInterest',
  'rentRelief',
] as const;
export type DeductionKind = (typeof DEDUCTION_KINDS)[number];

/** The lines of the relief breakdown: the claimable deductions plus PITA's automatic CRA. */
export const RELIEF_KINDS = ['consolidatedRelief', ...DEDUCTION_KINDS] as const;
export type ReliefKind = (typeof RELIEF_KINDS)[number];

/** A slice of chargeable income; `widthKobo` null is the open top band ("above ₦…"). */
export interface TaxBand {
  widthKobo: number | null;
  rateBasisPoints: number;
}

/**
 * allowed = min(percentBasisPoints of the claim, capKobo). In full is 10 000 with no cap; not a
 * relief under this law is 0 (the line still shows, with the note saying why).
 */
export interface DeductionRule {
  percentBasisPoints: number;
  capKobo: number | null;
  note: string;
}

/** PITA's CRA: the higher of `floorKobo` or `floorPercent` of the base, plus `percent` of the base. */
export interface ConsolidatedReliefRule {
  floorKobo: number;
  floorPercentBasisPoints: number;
  percentBasisPoints: number;
  /** What "gross income" means for the CRA: the whole gross, or gross less the allowed deductions. */
  base: 'grossIncome' | 'grossIncomeLessDeductions';
  note: string;
}

export interface PersonalIncomeTaxLaw {
  law: TaxLawId;
  title: string;
  /** First and last year of assessment the table governs (both inclusive; null = still in force). */
  fromYear: number;
  toYear: number | null;
  bands: readonly TaxBand[];
  consolidatedRelief: ConsolidatedReliefRule | null;
  deductions: Readonly<Record<DeductionKind, DeductionRule>>;
  /** Minimum tax as a share of gross income, or null where the law has none. */
  minimumTaxBasisPoints: number | null;
  /** Whether an employee earning no more than the national minimum wage is exempt. */
  hasMinimumWageExemption: boolean;
}

const naira = (amount: number): number => amount * 100;

const IN_FULL = 10_000;

/** PITA Sixth Schedule, as amended 2011; unchanged by the Finance Acts 2019 and 2020. */
const PITA_BANDS: readonly TaxBand[] = [
  { widthKobo: naira(300_000), rateBasisPoints: 700 },
  { widthKobo: naira(300_000), rateBasisPoints: 1_100 },
  { widthKobo: naira(500_000), rateBasisPoints: 1_500 },
  { widthKobo: naira(500_000), rateBasisPoints: 1_900 },
  { widthKobo: naira(1_600_000), rateBasisPoints: 2_100 },
  { widthKobo: null, rateBasisPoints: 2_400 },
];

const PITA_NOT_A_RELIEF = {
  mortgageInterest: {
    percentBasisPoints: 0,
    capKobo: null,
    note: 'Not a relief under PITA: mortgage interest is deductible from 2026 (NTA 2025 s.30).',
  },
  rentRelief: {
    percentBasisPoints: 0,
    capKobo: null,
    note: 'Not a relief under PITA: rent relief exists from 2026 (NTA 2025 s.30).',
  },
} as const satisfies Partial<Record<DeductionKind, DeductionRule>>;

const pitaDeductions = (when: string): Record<DeductionKind, DeductionRule> => ({
  pension: { percentBasisPoints: IN_FULL, capKobo: null, note: `Pension contributions, ${when}.` },
  nhf: { percentBasisPoints: IN_FULL, capKobo: null, note: `National Housing Fund, ${when}.` },
  nhis: { percentBasisPoints: IN_FULL, capKobo: null, note: `Health insurance (NHIS), ${when}.` },
  lifeAssurance: {
    percentBasisPoints: IN_FULL,
    capKobo: null,
    note: `Life assurance premiums, ${when}.`,
  },
  ...PITA_NOT_A_RELIEF,
});

const PITA_CRA = {
  floorKobo: naira(200_000),
  floorPercentBasisPoints: 100,
  percentBasisPoints: 2_000,
} as const;

/** Personal Income Tax (Amendment) Act 2011, in force for the 2011 year of assessment. */
export const PITA_2011: PersonalIncomeTaxLaw = {
  law: 'PITA',
  title: 'Personal Income Tax Act, as amended 2011',
  fromYear: 2011,
  toYear: 2020,
  bands: PITA_BANDS,
  consolidatedRelief: {
    ...PITA_CRA,
    base: 'grossIncome',
    note: 'Consolidated Relief Allowance: the higher of ₦200,000 or 1 % of gross income, plus 20 % of gross income (PITA s.33).',
  },
  deductions: pitaDeductions('deducted in full after the CRA (PITA s.33)'),
  minimumTaxBasisPoints: 100,
  hasMinimumWageExemption: false,
};

/**
 * Finance Act 2020: the CRA is computed on gross income less the tax-exempt items (PITA s.33(2)
 * as substituted), and minimum-wage earners are exempt. In force 2021 until the NTA 2025.
 */
export const PITA_FINANCE_ACT_2020: PersonalIncomeTaxLaw = {
  law: 'PITA',
  title: 'Personal Income Tax Act, as amended by the Finance Act 2020',
  fromYear: 2021,
  toYear: 2025,
  bands: PITA_BANDS,
  consolidatedRelief: {
    ...PITA_CRA,
    base: 'grossIncomeLessDeductions',
    note: 'Consolidated Relief Allowance: the higher of ₦200,000 or 1 % of gross income less pension, NHF, NHIS and life assurance, plus 20 % of it (PITA s.33(2), Finance Act 2020).',
  },
  deductions: pitaDeductions('deducted from gross income before the CRA (Finance Act 2020)'),
  minimumTaxBasisPoints: 100,
  hasMinimumWageExemption: true,
};

/** Nigeria Tax Act 2025: s.30 deductions, s.58 and the Fourth Schedule bands, no CRA, no minimum tax. */
export const NTA_2025: PersonalIncomeTaxLaw = {
  law: 'NTA2025',
  title: 'Nigeria Tax Act 2025',
  fromYear: 2026,
  toYear: null,
  bands: [
    { widthKobo: naira(800_000), rateBasisPoints: 0 },
    { widthKobo: naira(2_200_000), rateBasisPoints: 1_500 },
    { widthKobo: naira(9_000_000), rateBasisPoints: 1_800 },
    { widthKobo: naira(13_000_000), rateBasisPoints: 2_100 },
    { widthKobo: naira(25_000_000), rateBasisPoints: 2_300 },
    { widthKobo: null, rateBasisPoints: 2_500 },
  ],
  consolidatedRelief: null,
  deductions: {
    pension: {
      percentBasisPoints: IN_FULL,
      capKobo: null,
      note: 'Pension contributions (NTA 2025 s.30).',
    },
    nhf: {
      percentBasisPoints: IN_FULL,
      capKobo: null,
      note: 'National Housing Fund (NTA 2025 s.30).',
    },
    nhis: {
      percentBasisPoints: IN_FULL,
      capKobo: null,
      note: 'Health insurance (NHIS) (NTA 2025 s.30).',
    },
    lifeAssurance: {
      percentBasisPoints: IN_FULL,
      capKobo: null,
      note: 'Life insurance or annuity premiums paid in the year before the year of assessment (NTA 2025 s.30).',
    },
    mortgageInterest: {
      percentBasisPoints: IN_FULL,
      capKobo: null,
      note: "Interest on a loan for the taxpayer's owner-occupied house (NTA 2025 s.30).",
    },
    rentRelief: {
      percentBasisPoints: 2_000,
      capKobo: naira(500_000),
      note: '20 % of the annual rent paid, at most ₦500,000 (NTA 2025 s.30).',
    },
  },
  minimumTaxBasisPoints: null,
  hasMinimumWageExemption: true,
};

/** Oldest first; years are contiguous and do not overlap (checked by laws.test.ts). */
export const PERSONAL_INCOME_TAX_LAWS: readonly PersonalIncomeTaxLaw[] = [
  PITA_2011,
  PITA_FINANCE_ACT_2020,
  NTA_2025,
];

/**
 * The first year any table covers. Earlier years fell under PITA before the 2011 amendment
 * (personal allowances, other bands), which is not encoded: refusing them beats a wrong bill.
 */
export const EARLIEST_TAX_YEAR = PITA_2011.fromYear;

const covers = (span: { fromYear: number; toYear: number | null }, year: number): boolean =>
  span.fromYear <= year && (span.toYear === null || year <= span.toYear);

/** The law in force for a year of assessment; throws RangeError for a year no table covers. */
export function lawForYear(taxYear: number): PersonalIncomeTaxLaw {
  const found = PERSONAL_INCOME_TAX_LAWS.find((law) => covers(law, taxYear));
  if (!found) throw new RangeError(`No personal income tax table covers ${taxYear}`);
  return found;
}

export interface NationalMinimumWage {
  fromYear: number;
  toYear: number | null;
  monthlyKobo: number;
  annualKobo: number;
  source: string;
}

/**
 * The national minimum wage by year of assessment, as the tax exemptions use it. It starts in
 * 2021 because no law above exempts minimum-wage earners before the Finance Act 2020.
 */
export const NATIONAL_MINIMUM_WAGES: readonly NationalMinimumWage[] = [
  {
    fromYear: 2021,
    toYear: 2023,
    monthlyKobo: naira(30_000),
    annualKobo: naira(360_000),
    source: 'National Minimum Wage Act 2019: ₦30,000 a month',
  },
  {
    fromYear: 2024,
    toYear: null,
    monthlyKobo: naira(70_000),
    annualKobo: naira(840_000),
    source: 'National Minimum Wage (Amendment) Act 2024: ₦70,000 a month',
  },
];

/** The minimum wage for a year of assessment, or null before 2021 (no table needs it). */
export function minimumWageForYear(taxYear: number): NationalMinimumWage | null {
  return NATIONAL_MINIMUM_WAGES.find((wage) => covers(wage, taxYear)) ?? null;
}
