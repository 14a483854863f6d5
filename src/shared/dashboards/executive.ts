import { z } from 'zod';
import { isoDay } from '../isoDay';
import { PAYMENT_CHANNELS, PAYMENT_TYPE_LABELS, type PaymentType } from '../payments/enums';
import { DASHBOARD_PERIODS } from './labels';

export * from './labels';

/**
 * The executive dashboards (docs/dashboards.md): what the state collected today, this month and
 * this year against the budget, by MDA, tax type and channel. Collections come from the
 * collection totals (ADR 0034), budgets from the budget read; both to the same day.
 */

/**
 * The tax types the dashboards group by (docs/dashboards.md "Tax types"): a payment's `type`,
 * or, when it has none, the kind of record it settles; else "other".
 */
export const TAX_TYPE_LABELS = PAYMENT_TYPE_LABELS;
export type TaxType = PaymentType;

/**
 * A day the dashboards can show: its two years of trend and its budget year must be years a
 * budget can have (2000–2100, as budget_versions holds), so a day of the year 1 or 9999 is
 * refused in words rather than sent to date arithmetic past its range.
 */
const asOfDay = isoDay('Give the day as YYYY-MM-DD')
  .refine((day) => day >= '2002-01-01' && day <= '2100-12-31', {
    error: 'Give a day from 2002 to 2100.',
  })
  .optional();

export const ExecutiveDashboardQuery = z.object({
  /** The day taken as "today" (a past day's view); today in Lagos when absent. */
  day: asOfDay,
});
export type ExecutiveDashboardQuery = z.infer<typeof ExecutiveDashboardQuery>;

/** Collected and budgeted over the same days, kobo. budgetKobo is 0 where no budget is held. */
export const Against = z.object({
  collectedKobo: z.number().int(),
  budgetKobo: z.number().int(),
});
export type Against = z.infer<typeof Against>;

/** Which budget version the figures were set against; null when the year has no budget. */
export const BudgetVersionRef = z
  .object({
    year: z.number().int(),
    version: z.number().int(),
    note: z.string(),
  })
  .nullable();

export const MdaPerformance = Against.extend({
  mdaId: z.uuid(),
  mdaName: z.string(),
  /** collectedKobo ÷ budgetKobo (1 = on budget); null when the MDA has no budget for the days. */
  performance: z.number().nullable(),
  /** How far collections are behind the budget (0 when on or above it). */
  shortfallKobo: z.number().int(),
});
export type MdaPerformance = z.infer<typeof MdaPerformance>;

export const ChannelShare = z.object({
  channel: z.enum(PAYMENT_CHANNELS),
  collectedKobo: z.number().int(),
  paymentCount: z.number().int(),
});
export const TaxTypeShare = z.object({
  taxType: z.enum(Object.keys(PAYMENT_TYPE_LABELS) as [PaymentType, ...PaymentType[]]),
  collectedKobo: z.number().int(),
  paymentCount: z.number().int(),
});
export type ChannelShare = z.infer<typeof ChannelShare>;
export type TaxTypeShare = z.infer<typeof TaxTypeShare>;

const Periods = {
  /** The day shown (today in Lagos unless asked), and the periods ending on it. */
  day: z.string(),
  /** `day` alone; its budget is its month's phased amount × 1 ÷ days in the month. */
  today: Against,
  /** From the 1st of `day`'s month to `day`; budget pro rata to the days. */
  month: Against,
  /** From 1 January to `day`; budget pro rata to the days. */
  year: Against,
  /** The whole year's budget, for "of the year's budget" (0 when none). */
  annualBudgetKobo: z.number().int(),
  /** The TREND_MONTHS months up to `day`'s: collected (to `day` in its month) and whole-month budget. */
  trend: z.array(Against.extend({ month: z.string() })),
  /** The year to date by channel and by tax type, largest first. */
  channelMix: z.array(ChannelShare),
  taxTypeMix: z.array(TaxTypeShare),
  budgetVersion: BudgetVersionRef,
};

export const ExecutiveDashboard = z
  .object({
    ...Periods,
    /**
     * The year to date's best and worst MDAs against their budget to date (by collections when
     * no budget is held): RANKED_MDAS_SHOWN each, an MDA never in both.
     */
    topMdas: z.array(MdaPerformance),
    bottomMdas: z.array(MdaPerformance),
    /** MDAs behind their budget to date, the largest shortfall first (RANKED_MDAS_SHOWN). */
    shortfalls: z.array(MdaPerformance),
  })
  .meta({ id: 'ExecutiveDashboard' });
export type ExecutiveDashboard = z.infer<typeof ExecutiveDashboard>;

export const MdaRankingQuery = z.object({
  period: z.enum(DASHBOARD_PERIODS).default('year'),
  day: asOfDay,
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type MdaRankingQuery = z.infer<typeof MdaRankingQuery>;

export const MdaRanking = z
  .object({
    period: z.enum(DASHBOARD_PERIODS),
    from: z.string(),
    to: z.string(),
    budgetVersion: BudgetVersionRef,
    /** Every MDA with a budget or a collection in the period, best performance first. */
    items: z.array(MdaPerformance),
    totals: Against,
  })
  .meta({ id: 'MdaRanking' });
export type MdaRanking = z.infer<typeof MdaRanking>;

export const MdaDashboardParams = z.object({ mdaId: z.uuid('Give the MDA as its id.') });
export const MdaDashboardQuery = ExecutiveDashboardQuery;

const PosFigure = z.object({ amountKobo: z.number().int(), count: z.number().int() });

export const MdaDashboard = z
  .object({
    mdaId: z.uuid(),
    mdaName: z.string(),
    ...Periods,
    /** Recorded POS takings of the MDA's terminals (docs/pos.md), per period. */
    pos: z.object({ today: PosFigure, month: PosFigure, year: PosFigure }),
  })
  .meta({ id: 'MdaDashboard' });
export type MdaDashboard = z.infer<typeof MdaDashboard>;

/** collected ÷ budget, or null when there is no budget to set it against. */
export function performanceOf({ collectedKobo, budgetKobo }: Against): number | null {
  return budgetKobo > 0 ? collectedKobo / budgetKobo : null;
}
