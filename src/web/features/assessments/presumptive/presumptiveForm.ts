import type { FormErrors } from '@mantine/form';
import { schemaResolver } from '@mantine/form';
import { TRADER_SIZES, type TraderSize } from '../../../../shared/assessments/enums';
import { PresumptiveAssessmentInput } from '../../../../shared/assessments/input';
import type { AssessmentView } from '../../../../shared/assessments/views';
import { todayInLagos } from '../../../../shared/dates';
import { koboToNaira, nairaToKobo } from '../../../../shared/money';
import {
  computePresumptiveTax,
  type PresumptiveCategory,
  PresumptiveInputError,
  type PresumptiveTaxComputation,
} from '../../../../shared/tax/presumptive';
import type { FieldNames } from '../../../lib/failures/formErrors';

/**
 * The presumptive assessment form (docs/tax-rules.md, "Presumptive tax"): what the officer
 * types, the body of POST /api/v1/assessments/presumptive, and the amount the category's rule
 * gives, computed in the browser with the server's own pure engine.
 */

/** Mantine's NumberInput holds '' while the box is empty. */
type Typed = number | string;

export type PresumptiveValues = {
  btin: string;
  /** The year Select's value, as both kinds' forms hold it (form/YearOfAssessmentSelect.tsx). */
  taxYear: string;
  tradeCategoryId: string | null;
  size: TraderSize | null;
  /** Naira, as typed. */
  estimatedTurnover: Typed;
  /** The Select's value: the LGA id as text. */
  lgaId: string | null;
  market: string;
  street: string;
  evidenceNote: string;
};

/** Where the API's fields are typed in the form (server 422 issues go beside these). */
export const PRESUMPTIVE_FIELD_NAMES: FieldNames = {
  estimatedTurnoverKobo: 'estimatedTurnover',
  tradeLocation: 'market',
};

/** A trader is assessed for the year in progress unless the officer says otherwise. */
export function presumptiveValues(btin = '', now = new Date()): PresumptiveValues {
  return {
    btin,
    taxYear: todayInLagos(now).slice(0, 4),
    tradeCategoryId: null,
    size: null,
    estimatedTurnover: '',
    lgaId: null,
    market: '',
    street: '',
    evidenceNote: '',
  };
}

/**
 * A presumptive draft as the form shows it to be edited: the turnover in naira, the LGA as the
 * Select's text, and the stored "market, street" split back at its first comma (joined again
 * the same way on saving, so the place reads as it did).
 */
export function valuesFromPresumptiveDraft(
  draft: Pick<
    AssessmentView,
    | 'btin'
    | 'taxYear'
    | 'tradeCategory'
    | 'traderSize'
    | 'estimatedTurnoverKobo'
    | 'lgaId'
    | 'tradeLocation'
    | 'evidenceNote'
  >,
): PresumptiveValues {
  const place = draft.tradeLocation ?? '';
  const comma = place.indexOf(', ');
  return {
    btin: draft.btin,
    taxYear: String(draft.taxYear),
    tradeCategoryId: draft.tradeCategory?.id ?? null,
    size: draft.traderSize,
    estimatedTurnover:
      draft.estimatedTurnoverKobo === null ? '' : koboToNaira(draft.estimatedTurnoverKobo),
    lgaId: draft.lgaId === null ? null : String(draft.lgaId),
    market: comma < 0 ? place : place.slice(0, comma),
    street: comma < 0 ? '' : place.slice(comma + 2),
    evidenceNote: draft.evidenceNote ?? '',
  };
}

function typedNumber(value: Typed): number | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/[₦,\s]/g, ''));
  return Number.isFinite(n) ? n : undefined;
}

const isSize = (value: string | null): value is TraderSize =>
  (TRADER_SIZES as readonly (string | null)[]).includes(value);

/** "Swali Market" and "Shop 14, Mbiama Road" → "Swali Market, Shop 14, Mbiama Road". */
export function tradeLocationOf(market: string, street: string): string | undefined {
  const parts = [market.trim(), street.trim()].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * The body of POST /api/v1/assessments/presumptive. Only what the category's rule uses is
 * sent: the size for a fixed amount, the turnover for a percentage (the other one may still
 * sit in the form from a category chosen before).
 */
export function toPresumptiveInput(
  values: PresumptiveValues,
  category?: Pick<PresumptiveCategory, 'rule'> | null,
) {
  const usesSize = !category || category.rule === 'fixed_by_size';
  const usesTurnover = !category || category.rule === 'percent_of_turnover';
  const turnover = typedNumber(values.estimatedTurnover);
  const lgaId = values.lgaId ? Number(values.lgaId) : undefined;
  return {
    btin: values.btin.trim(),
    // An empty year is sent as it is, so the schema names the field.
    taxYear: (typedNumber(values.taxYear) ?? values.taxYear) as number,
    tradeCategoryId: values.tradeCategoryId ?? '',
    ...(usesSize && isSize(values.size) ? { size: values.size } : {}),
    ...(usesTurnover && turnover !== undefined
      ? { estimatedTurnoverKobo: nairaToKobo(turnover) }
      : {}),
    ...(lgaId !== undefined && Number.isInteger(lgaId) ? { lgaId } : {}),
    ...(tradeLocationOf(values.market, values.street)
      ? { tradeLocation: tradeLocationOf(values.market, values.street) }
      : {}),
    ...(values.evidenceNote.trim() ? { evidenceNote: values.evidenceNote.trim() } : {}),
  };
}

/**
 * The body of PUT /api/v1/assessments/{id}/presumptive: the same figures at the version read
 * (409 when someone saved in between); the taxpayer stays.
 */
export function toPresumptiveUpdate(
  values: PresumptiveValues,
  category: Pick<PresumptiveCategory, 'rule'> | null | undefined,
  version: number,
) {
  const { btin: _taxpayerStays, ...figures } = toPresumptiveInput(values, category);
  return { ...figures, version };
}

/** The amount the rule gives for what is typed so far; null until the rule has what it needs. */
export function presumptivePreview(
  category: PresumptiveCategory | null | undefined,
  values: PresumptiveValues,
): PresumptiveTaxComputation | null {
  if (!category) return null;
  const input = toPresumptiveInput(values, category);
  try {
    return computePresumptiveTax(category, {
      size: input.size ?? null,
      estimatedTurnoverKobo: input.estimatedTurnoverKobo ?? null,
    });
  } catch (err) {
    if (err instanceof PresumptiveInputError) return null;
    throw err;
  }
}

/**
 * The form's validator: the server's schema on the body the form would send, plus what the
 * chosen category's rule needs (a size, or a turnover), in the engine's own words.
 */
export function presumptiveValidator(category: () => PresumptiveCategory | null | undefined) {
  const resolve = schemaResolver(PresumptiveAssessmentInput, { sync: true });
  return (values: PresumptiveValues): FormErrors => {
    const input = toPresumptiveInput(values, category());
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(resolve(input))) {
      const head = path.split('.')[0] ?? path;
      errors[PRESUMPTIVE_FIELD_NAMES[head] ?? head] ??= message;
    }
    const chosen = category();
    if (chosen) {
      try {
        computePresumptiveTax(chosen, {
          size: input.size ?? null,
          estimatedTurnoverKobo: input.estimatedTurnoverKobo ?? null,
        });
      } catch (err) {
        if (!(err instanceof PresumptiveInputError)) throw err;
        const field = PRESUMPTIVE_FIELD_NAMES[err.field] ?? err.field;
        errors[field] ??= err.message;
      }
    }
    return errors;
  };
}
