import type { TradeCategoryView } from '../../../../shared/assessments/categories';
import { TRADE_CATEGORY_RULES, type TradeCategoryRule } from '../../../../shared/assessments/enums';
import { koboToNaira, nairaToKobo } from '../../../../shared/money';
import type { FieldNames } from '../../../lib/failures/formErrors';

/**
 * The trade category form: amounts typed in naira and the rate in per cent, as an administrator
 * reads a published table; the body carries kobo and basis points (docs/architecture.md §3).
 */

/** Mantine's NumberInput holds '' while the box is empty. */
type Typed = number | string;

export type CategoryValues = {
  name: string;
  description: string;
  rule: TradeCategoryRule;
  small: Typed;
  medium: Typed;
  large: Typed;
  threshold: Typed;
  ratePercent: Typed;
  isActive: boolean;
};

/** Where the API's fields are typed in the form (server 422 issues go beside these). */
export const CATEGORY_FIELD_NAMES: FieldNames = {
  smallKobo: 'small',
  mediumKobo: 'medium',
  largeKobo: 'large',
  turnoverThresholdKobo: 'threshold',
  rateBasisPoints: 'ratePercent',
};

const typedKobo = (kobo: number | null): Typed => (kobo === null ? '' : koboToNaira(kobo));

export function categoryValues(category: TradeCategoryView | null): CategoryValues {
  return {
    name: category?.name ?? '',
    description: category?.description ?? '',
    rule: category?.rule ?? 'fixed_by_size',
    small: typedKobo(category?.smallKobo ?? null),
    medium: typedKobo(category?.mediumKobo ?? null),
    large: typedKobo(category?.largeKobo ?? null),
    threshold: typedKobo(category?.turnoverThresholdKobo ?? null),
    ratePercent: category?.rateBasisPoints == null ? '' : category.rateBasisPoints / 100,
    isActive: category?.isActive ?? true,
  };
}

/** A typed number, or null for an empty box (the schema then names the missing amount). */
function typedNumber(value: Typed): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/[₦,\s]/g, ''));
  return Number.isFinite(n) ? n : null;
}

const toKobo = (value: Typed) => {
  const naira = typedNumber(value);
  return naira === null ? null : nairaToKobo(naira);
};

const isRule = (value: string): value is TradeCategoryRule =>
  (TRADE_CATEGORY_RULES as readonly string[]).includes(value);

/** The body of POST /api/v1/trade-categories; only the chosen rule's amounts are sent. */
export function toCategoryInput(values: CategoryValues) {
  const isFixed = values.rule === 'fixed_by_size';
  const rate = typedNumber(values.ratePercent);
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    rule: isRule(values.rule) ? values.rule : ('fixed_by_size' as const),
    smallKobo: isFixed ? toKobo(values.small) : null,
    mediumKobo: isFixed ? toKobo(values.medium) : null,
    largeKobo: isFixed ? toKobo(values.large) : null,
    turnoverThresholdKobo: isFixed ? null : toKobo(values.threshold),
    // 1.5 % → 150 basis points; rounded so 0.1 + 0.2-style float noise never reaches the API.
    rateBasisPoints: isFixed || rate === null ? null : Math.round(rate * 100),
  };
}

/**
 * The body of PATCH /api/v1/trade-categories/{id}: the fields the administrator changed, the
 * active switch when it moved, and the version read (409 when someone saved since).
 */
export function toCategoryPatch(initial: CategoryValues, values: CategoryValues, version: number) {
  const before = toCategoryInput(initial);
  const after = toCategoryInput(values);
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof typeof after)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changes[key] = after[key];
  }
  if (values.isActive !== initial.isActive) changes.isActive = values.isActive;
  return { ...changes, version };
}
