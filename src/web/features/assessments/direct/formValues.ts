import { isValidBtin } from '../../../../shared/btin';
import { nairaToKobo } from '../../../../shared/money';
// The engine's zod-free modules only: '../tax' (index) and schemas.ts would pull zod into this
// page's chunk for nothing (the form checks its values below; the server checks them again).
import {
  DEDUCTION_KINDS,
  type DeductionKind,
  EARLIEST_TAX_YEAR,
  INCOME_SOURCES,
  type IncomeSource,
  lawForYear,
  type PersonalIncomeTaxLaw,
} from '../../../../shared/tax/laws';
import type { ComputeIncomeTaxInput, DeductionsInput } from '../../../../shared/tax/schemas';
import { latestYearOn } from '../form/years';

/**
 * The direct assessment form's values and how they become the API's bodies (docs/architecture.md §3:
 * amounts are typed in naira, sent in kobo). Pure, so the unit tests can hold it to the API.
 */

/** An amount as NairaInput holds it: '' while empty, else naira. */
export type NairaValue = number | string;

export type IncomeRow = { key: string; source: IncomeSource | null; amount: NairaValue };

export type DirectFormValues = {
  btin: string;
  /** The Select's value: the year as text, '' until chosen. */
  taxYear: string;
  incomes: IncomeRow[];
  deductions: Record<DeductionKind, NairaValue>;
  evidenceNote: string;
};

export const INCOME_SOURCE_LABELS = {
  employment: 'Employment (salary, wages)',
  trade: 'Trade, business or profession',
  rent: 'Rent received',
  investment: 'Investment (dividends, interest)',
  other: 'Other income',
} as const satisfies Record<IncomeSource, string>;

export const INCOME_SOURCE_OPTIONS = INCOME_SOURCES.map((source) => ({
  value: source,
  label: INCOME_SOURCE_LABELS[source],
}));

export const DEDUCTION_LABELS = {
  pension: 'Pension contributions',
  nhf: 'National Housing Fund (NHF)',
  nhis: 'Health insurance (NHIS)',
  lifeAssurance: 'Life assurance premiums',
  mortgageInterest: 'Mortgage interest (owner-occupied house)',
  rentRelief: 'Annual rent paid',
} as const satisfies Record<DeductionKind, string>;

/** The API's name of each deduction (rent relief is claimed by entering the rent paid). */
export const DEDUCTION_FIELDS = {
  pension: 'pensionKobo',
  nhf: 'nhfKobo',
  nhis: 'nhisKobo',
  lifeAssurance: 'lifeAssuranceKobo',
  mortgageInterest: 'mortgageInterestKobo',
  rentRelief: 'annualRentKobo',
} as const satisfies Record<DeductionKind, keyof DeductionsInput>;

/** ₦100,000,000,000.00: the API's MAX_ASSESSMENT_KOBO; above it an amount is a typing slip. */
const MAX_AMOUNT_KOBO = 10_000_000_000_000;

// The year list is both kinds' (form/years.ts); re-exported for this form's tests.
export { latestYearOn, taxYearOptions } from '../form/years';

/** The law that governs a year, or null for a year no table covers (or none chosen). */
export function lawOfYear(taxYear: string): PersonalIncomeTaxLaw | null {
  const year = Number(taxYear);
  if (taxYear === '' || !Number.isInteger(year)) return null;
  try {
    return lawForYear(year);
  } catch {
    return null;
  }
}

/** The deductions the law allows at all (a rule of 0 % is "not a relief under this law"). */
export function deductionsAllowedBy(law: PersonalIncomeTaxLaw | null): DeductionKind[] {
  if (!law) return [];
  return DEDUCTION_KINDS.filter((kind) => law.deductions[kind].percentBasisPoints > 0);
}

/** '' or a non-number is "nothing typed"; else whole kobo. */
export function koboOf(amount: NairaValue): number | null {
  if (amount === '') return null;
  const naira = Number(amount);
  return Number.isFinite(naira) ? nairaToKobo(naira) : null;
}

let rowCount = 0;
/** A row key that never repeats, so React keeps each row's inputs when one above is removed. */
export function incomeRow(source: IncomeSource | null = null, amount: NairaValue = ''): IncomeRow {
  rowCount += 1;
  return { key: `income-${rowCount}`, source, amount };
}

export function emptyValues(btin: string, taxYear: string): DirectFormValues {
  return {
    btin,
    taxYear,
    incomes: [incomeRow('trade')],
    deductions: {
      pension: '',
      nhf: '',
      nhis: '',
      lifeAssurance: '',
      mortgageInterest: '',
      rentRelief: '',
    },
    evidenceNote: '',
  };
}

/** The claims the law of the year allows, in kobo; a claim it does not allow is not sent. */
function deductionsOf(values: DirectFormValues): DeductionsInput {
  const deductions: DeductionsInput = {};
  for (const kind of deductionsAllowedBy(lawOfYear(values.taxYear))) {
    const kobo = koboOf(values.deductions[kind]);
    if (kobo !== null && kobo > 0) deductions[DEDUCTION_FIELDS[kind]] = kobo;
  }
  return deductions;
}

/** The figures as the engine takes them; an empty amount goes as 0 (validation stops it first). */
export function toComputeInput(values: DirectFormValues): ComputeIncomeTaxInput {
  return {
    taxYear: Number(values.taxYear),
    incomes: values.incomes.map((row) => ({
      source: row.source ?? 'other',
      amountKobo: koboOf(row.amount) ?? 0,
    })),
    deductions: deductionsOf(values),
  };
}

/** POST /api/v1/assessments/direct. */
export function toCreateBody(values: DirectFormValues) {
  return {
    btin: values.btin.trim(),
    ...toComputeInput(values),
    evidenceNote: values.evidenceNote.trim(),
  };
}

/** PUT /api/v1/assessments/{id}: the BTIN cannot change; the version read guards the save. */
export function toUpdateBody(values: DirectFormValues, version: number) {
  return { ...toComputeInput(values), evidenceNote: values.evidenceNote.trim(), version };
}

/**
 * What the live panel can compute now, or null while the year or every amount is missing. A
 * row still without an amount or a source is left out, so the panel follows the typing.
 */
export function liveComputeInput(values: DirectFormValues): ComputeIncomeTaxInput | null {
  if (!lawOfYear(values.taxYear)) return null;
  const incomes = values.incomes.flatMap((row) => {
    const kobo = koboOf(row.amount);
    return row.source && kobo !== null && kobo <= MAX_AMOUNT_KOBO
      ? [{ source: row.source, amountKobo: kobo }]
      : [];
  });
  if (incomes.length === 0) return null;
  const deductions = deductionsOf(values);
  const tooLarge = Object.values(deductions).some((kobo) => kobo > MAX_AMOUNT_KOBO);
  return tooLarge ? null : { taxYear: Number(values.taxYear), incomes, deductions };
}

/** A draft's stored input (AssessmentDetail.input) back into the form's values. */
export function valuesFromDraft(draft: {
  btin: string;
  taxYear: number;
  evidenceNote: string | null;
  input: unknown;
}): DirectFormValues {
  const input = (draft.input ?? {}) as Partial<Pick<ComputeIncomeTaxInput, 'incomes'>> & {
    deductions?: Partial<Record<keyof DeductionsInput, number>>;
  };
  const values = emptyValues(draft.btin, String(draft.taxYear));
  const incomes = input.incomes ?? [];
  if (incomes.length > 0) {
    values.incomes = incomes.map((line) => incomeRow(line.source, line.amountKobo / 100));
  }
  for (const kind of DEDUCTION_KINDS) {
    const kobo = input.deductions?.[DEDUCTION_FIELDS[kind]];
    if (typeof kobo === 'number') values.deductions[kind] = kobo / 100;
  }
  values.evidenceNote = draft.evidenceNote ?? '';
  return values;
}

/**
 * The form's own check before it sends (the server checks again: its 422 lands on the same
 * fields through fieldOfServerPath). Keys are the form's paths.
 */
export function checkValues(values: DirectFormValues, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  const btin = values.btin.trim();
  if (btin === '') errors.btin = 'Enter the taxpayer’s BTIN';
  else if (!/^\d{10}$/.test(btin)) errors.btin = 'A BTIN is 10 digits';
  else if (!isValidBtin(btin)) errors.btin = 'This BTIN’s check digit is wrong: check the number';

  const year = Number(values.taxYear);
  if (values.taxYear === '') errors.taxYear = 'Choose the year of assessment';
  else if (year < EARLIEST_TAX_YEAR || year > latestYearOn(now)) {
    errors.taxYear = `Choose a year from ${EARLIEST_TAX_YEAR} to ${latestYearOn(now)}`;
  }

  if (values.incomes.length === 0) errors.incomes = 'Enter at least one income';
  values.incomes.forEach((row, index) => {
    if (!row.source) errors[`incomes.${index}.source`] = 'Choose where the income comes from';
    const kobo = koboOf(row.amount);
    if (kobo === null) errors[`incomes.${index}.amount`] = 'Enter the amount';
    else if (kobo > MAX_AMOUNT_KOBO) errors[`incomes.${index}.amount`] = 'This amount is too large';
  });
  for (const kind of deductionsAllowedBy(lawOfYear(values.taxYear))) {
    const kobo = koboOf(values.deductions[kind]);
    if (kobo !== null && kobo > MAX_AMOUNT_KOBO) {
      errors[`deductions.${kind}`] = 'This amount is too large';
    }
  }
  if (values.evidenceNote.trim().length > 2_000) {
    errors.evidenceNote = 'Keep the note to 2,000 characters';
  }
  return errors;
}

const FIELD_OF_DEDUCTION = Object.fromEntries(
  DEDUCTION_KINDS.map((kind) => [DEDUCTION_FIELDS[kind], kind]),
) as Record<string, DeductionKind>;

/**
 * The form path a 422 issue belongs beside: `incomes.2.amountKobo` → `incomes.2.amount`,
 * `deductions.annualRentKobo` → `deductions.rentRelief`. Null when no field shows it.
 */
export function fieldOfServerPath(path: string): string | null {
  const parts = path.split('.');
  const [head, second, third] = parts;
  if (head === 'btin' || head === 'taxYear' || head === 'evidenceNote') return head;
  if (head === 'incomes') {
    if (second === undefined || second === '') return 'incomes';
    if (third === 'amountKobo') return `incomes.${second}.amount`;
    if (third === 'source') return `incomes.${second}.source`;
    return 'incomes';
  }
  if (head === 'deductions' && second !== undefined) {
    const kind = FIELD_OF_DEDUCTION[second];
    return kind ? `deductions.${kind}` : null;
  }
  return null;
}
