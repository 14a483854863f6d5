import { z } from 'zod';
import { PG_INTEGER_MAX } from '../ids';
import { PageQuery, pageOf } from '../pagination';
import { TRADE_CATEGORY_RULES, type TradeCategoryRule } from './enums';
import { isStorableText } from './text';

// Zod-free, for the list's first draw (docs/architecture.md §9 "Web"); kept importable from here.
export { TRADE_CATEGORY_RULE_LABELS } from './enums';

/**
 * Trade categories of presumptive tax (docs/tax-rules.md, "Presumptive tax"): what an
 * administrator types to create or edit one, and what the API answers. The same schemas check
 * the form in the browser and the body on the server (docs/architecture.md §1).
 */

/**
 * Free text an officer types, trimmed, refusing NUL bytes and lone surrogates (PostgreSQL
 * stores neither: they would fail as a 500 instead of a 422 naming the field).
 */
export function safeText(label: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .min(min, {
      error: min <= 1 ? `Enter the ${label}` : `The ${label} is at least ${min} characters`,
    })
    .max(max, { error: `The ${label} is at most ${max} characters` })
    .refine(isStorableText, { error: `The ${label} contains characters that cannot be stored` });
}

/** ₦1,000,000,000.00: no presumptive amount or threshold comes near it; more is a typing slip. */
export const MAX_TRADE_AMOUNT_KOBO = 100_000_000_000;

const AmountKobo = (label: string) =>
  z
    .int({ error: `Enter the ${label} in whole kobo` })
    .min(0, { error: `The ${label} cannot be negative` })
    .max(MAX_TRADE_AMOUNT_KOBO, { error: `The ${label} is at most ₦1,000,000,000.00` });

const RateBasisPoints = z
  .int({ error: 'Enter the rate in whole basis points (1 % = 100)' })
  .min(0, { error: 'The rate cannot be negative' })
  .max(10_000, { error: 'The rate is at most 100 % (10,000 basis points)' });

export const TRADE_CATEGORY_NAME_MIN = 2;
export const TRADE_CATEGORY_NAME_MAX = 80;
export const TRADE_CATEGORY_DESCRIPTION_MAX = 500;

const fields = {
  name: safeText('name', TRADE_CATEGORY_NAME_MIN, TRADE_CATEGORY_NAME_MAX),
  /** Empty or null: none (the service stores null). */
  description: safeText('description', 0, TRADE_CATEGORY_DESCRIPTION_MAX).nullish(),
  rule: z.enum(TRADE_CATEGORY_RULES, {
    error: 'Choose a fixed amount by size or a percentage of turnover',
  }),
  smallKobo: AmountKobo('amount for a small trader').nullish(),
  mediumKobo: AmountKobo('amount for a medium trader').nullish(),
  largeKobo: AmountKobo('amount for a large trader').nullish(),
  turnoverThresholdKobo: AmountKobo('exempt turnover threshold').nullish(),
  rateBasisPoints: RateBasisPoints.nullish(),
};

type RuleAmounts = {
  rule: TradeCategoryRule;
  smallKobo?: number | null | undefined;
  mediumKobo?: number | null | undefined;
  largeKobo?: number | null | undefined;
  turnoverThresholdKobo?: number | null | undefined;
  rateBasisPoints?: number | null | undefined;
};

/** The amounts each rule needs, with the officer's words for a missing one. */
const REQUIRED_BY_RULE = {
  fixed_by_size: [
    ['smallKobo', 'Enter the annual amount for a small trader'],
    ['mediumKobo', 'Enter the annual amount for a medium trader'],
    ['largeKobo', 'Enter the annual amount for a large trader'],
  ],
  percent_of_turnover: [
    ['turnoverThresholdKobo', 'Enter the turnover up to which a trader pays nothing'],
    ['rateBasisPoints', 'Enter the rate on turnover above the threshold'],
  ],
} as const satisfies Record<TradeCategoryRule, readonly (readonly [keyof RuleAmounts, string])[]>;

/** What a category's rule lacks: one issue per missing amount (empty when complete). */
export function missingRuleAmounts(category: RuleAmounts): { path: string; message: string }[] {
  return REQUIRED_BY_RULE[category.rule]
    .filter(([key]) => category[key] === null || category[key] === undefined)
    .map(([path, message]) => ({ path, message }));
}

/** Keeps only the amounts of the category's rule: the other rule's amounts are cleared. */
export function ruleAmountsOf(category: RuleAmounts) {
  const isFixed = category.rule === 'fixed_by_size';
  return {
    smallKobo: isFixed ? (category.smallKobo ?? null) : null,
    mediumKobo: isFixed ? (category.mediumKobo ?? null) : null,
    largeKobo: isFixed ? (category.largeKobo ?? null) : null,
    turnoverThresholdKobo: isFixed ? null : (category.turnoverThresholdKobo ?? null),
    rateBasisPoints: isFixed ? null : (category.rateBasisPoints ?? null),
  };
}

export const TradeCategoryInput = z
  .object(fields)
  .superRefine((value, ctx) => {
    for (const issue of missingRuleAmounts(value)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  })
  // Not "TradeCategoryInput": the OpenAPI generator names TradeCategory's input side so.
  .meta({ id: 'TradeCategoryCreate' });
export type TradeCategoryInput = z.output<typeof TradeCategoryInput>;

/** Changed fields plus the `version` the administrator read (409 when someone saved since). */
export const TradeCategoryPatch = z
  .object({
    ...fields,
    name: fields.name.optional(),
    rule: fields.rule.optional(),
    /** false deactivates: the category is kept for past assessments but offered no more. */
    isActive: z.boolean().optional(),
    version: z.int().min(1).max(PG_INTEGER_MAX),
  })
  .meta({ id: 'TradeCategoryPatch' });
export type TradeCategoryPatch = z.output<typeof TradeCategoryPatch>;

export const TradeCategoryIdParams = z.object({ id: z.uuid({ error: 'Not a trade category id' }) });

export const TradeCategoryView = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string().nullable(),
    rule: z.enum(TRADE_CATEGORY_RULES),
    smallKobo: z.number().int().nullable(),
    mediumKobo: z.number().int().nullable(),
    largeKobo: z.number().int().nullable(),
    turnoverThresholdKobo: z.number().int().nullable(),
    rateBasisPoints: z.number().int().nullable(),
    isActive: z.boolean(),
    /** A demo value, not law: the screens say so beside it. */
    isDemo: z.boolean(),
    version: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'TradeCategory' });
export type TradeCategoryView = z.infer<typeof TradeCategoryView>;

export const TRADE_CATEGORY_SORTS = ['name', '-name', 'updatedAt', '-updatedAt'] as const;
export type TradeCategorySort = (typeof TRADE_CATEGORY_SORTS)[number];

export const TradeCategoryListQuery = PageQuery.extend({
  /** Part of the name or description. */
  search: safeText('search', 0, 80)
    .optional()
    .transform((v) => v || undefined),
  /** `true`: only the ones offered to assessors; `false`: only the deactivated ones. */
  isActive: z.enum(['true', 'false']).optional(),
  rule: z.enum(TRADE_CATEGORY_RULES).optional(),
  sort: z.enum(TRADE_CATEGORY_SORTS).default('name'),
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type TradeCategoryListQuery = z.infer<typeof TradeCategoryListQuery>;

export const TradeCategoryPage = pageOf(TradeCategoryView).meta({ id: 'TradeCategoryPage' });
export type TradeCategoryPage = z.infer<typeof TradeCategoryPage>;
