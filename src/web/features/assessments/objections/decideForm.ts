import type { AssessmentKind } from '../../../../shared/assessments/enums';
import type { OBJECTION_OUTCOMES } from '../../../../shared/assessments/input';
import { nairaToKobo } from '../../../../shared/money';
import {
  computePersonalIncomeTax,
  DeductionsInput,
  IncomeLineInput,
  type IncomeSource,
} from '../../../../shared/tax';

/**
 * The decision form's values and the body they become (POST /api/v1/objections/{id}/decide,
 * DecideObjectionInput of src/shared/assessments/input.ts). An objection upheld, in full or in
 * part, carries the revised figures: the revised tax, or (a direct assessment) the income
 * recomputed by the tax engine with the notice's deductions.
 */

export type Outcome = (typeof OBJECTION_OUTCOMES)[number];

export type IncomeValues = { key: string; source: IncomeSource | null; amount: number | string };

export type DecideValues = {
  outcome: Outcome | null;
  reasons: string;
  /** `tax`: the revised tax typed in; `income`: the income lines, recomputed. */
  basis: 'tax' | 'income';
  revisedTax: number | string;
  incomes: IncomeValues[];
};

let lineKeys = 0;

export function incomeLine(source: IncomeSource | null = null, amount: number | string = '') {
  lineKeys += 1;
  return { key: `income-${lineKeys}`, source, amount };
}

/** What the old assessment was computed from: its income lines and deductions, when stored. */
export type StoredFigures = {
  incomes: { source: IncomeSource; amountKobo: number }[];
  deductions: DeductionsInput;
};

/** Reads a direct assessment's stored input defensively: what does not parse is absent. */
export function storedFiguresOf(input: unknown): StoredFigures | null {
  if (typeof input !== 'object' || input === null) return null;
  const { incomes, deductions } = input as { incomes?: unknown; deductions?: unknown };
  const lines = IncomeLineInput.array().min(1).safeParse(incomes);
  if (!lines.success) return null;
  const claimed = DeductionsInput.safeParse(deductions ?? {});
  return { incomes: lines.data, deductions: claimed.success ? claimed.data : {} };
}

export function initialDecision(kind: AssessmentKind, stored: StoredFigures | null): DecideValues {
  const canRecompute = kind === 'direct' && stored !== null;
  return {
    outcome: null,
    reasons: '',
    basis: canRecompute ? 'income' : 'tax',
    revisedTax: '',
    incomes: canRecompute
      ? stored.incomes.map((line) => incomeLine(line.source, line.amountKobo / 100))
      : [incomeLine()],
  };
}

const kobo = (amount: number | string) =>
  amount === '' ? Number.NaN : nairaToKobo(Number(amount));

/** The body the form sends. */
export function toDecideInput(values: DecideValues, deductions: DeductionsInput) {
  const base = { outcome: values.outcome ?? undefined, reasons: values.reasons.trim() };
  if (values.outcome === 'refused' || values.outcome === null) return base;
  const revised =
    values.basis === 'tax'
      ? { taxKobo: kobo(values.revisedTax) }
      : {
          incomes: values.incomes.map((line) => ({
            source: line.source ?? undefined,
            amountKobo: kobo(line.amount),
          })),
          deductions,
        };
  return { ...base, revised };
}

const isAmount = (amount: number | string) =>
  amount !== '' && Number.isFinite(Number(amount)) && Number(amount) >= 0;

/** The form's own check, before the server's: every message on the field it is about. */
export function validateDecision(values: DecideValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.outcome === null) errors.outcome = 'Choose the decision';
  if (values.reasons.trim().length < 10) {
    errors.reasons = 'Give the reasons in at least 10 characters';
  }
  if (values.outcome === null || values.outcome === 'refused') return errors;
  if (values.basis === 'tax') {
    if (!isAmount(values.revisedTax)) errors.revisedTax = 'Enter the revised tax';
    return errors;
  }
  if (values.incomes.length === 0) errors.incomes = 'Enter at least one income';
  values.incomes.forEach((line, index) => {
    if (line.source === null) errors[`incomes.${index}.source`] = 'Choose the source';
    if (!isAmount(line.amount)) errors[`incomes.${index}.amount`] = 'Enter the amount';
  });
  return errors;
}

/**
 * The tax the revised income comes to under the year's law (the engine the server runs), or
 * null while a line is incomplete.
 */
export function previewRevisedTax(
  taxYear: number,
  values: DecideValues,
  deductions: DeductionsInput,
): number | null {
  if (values.incomes.length === 0) return null;
  if (values.incomes.some((line) => line.source === null || !isAmount(line.amount))) return null;
  try {
    return computePersonalIncomeTax({
      taxYear,
      incomes: values.incomes.map((line) => ({
        source: line.source as IncomeSource,
        amountKobo: kobo(line.amount),
      })),
      deductions,
    }).taxKobo;
  } catch {
    // A year the engine has no law for, or an amount beyond it: no preview, the server says.
    return null;
  }
}

/** The form field a server issue's path belongs to (`revised.incomes.0.amountKobo`). */
export function decideFieldOf(path: string, basis: DecideValues['basis']): string | null {
  const parts = path.split('.');
  if (parts[0] === 'outcome' || parts[0] === 'reasons') return parts[0];
  if (parts[0] !== 'revised') return null;
  if (parts[1] === 'incomes' && parts[2] !== undefined) {
    return parts[3] === 'source' ? `incomes.${parts[2]}.source` : `incomes.${parts[2]}.amount`;
  }
  if (parts[1] === 'incomes') return 'incomes';
  return basis === 'tax' ? 'revisedTax' : 'incomes';
}
