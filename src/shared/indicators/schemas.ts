import { z } from 'zod';
import { isoDay } from '../isoDay';
import { INDICATOR_KEYS, INDICATOR_UNITS } from './definitions';
import { MONTH_PATTERN } from './months';

export { MONTH_PATTERN };

export const IndicatorsQuery = z.object({
  month: z
    .string()
    .regex(MONTH_PATTERN, { error: 'Give the month as YYYY-MM, e.g. 2026-03.' })
    .optional(),
  format: z.enum(['xlsx', 'csv', 'pdf'], { error: 'Export as csv, xlsx or pdf.' }).optional(),
});
export type IndicatorsQuery = z.infer<typeof IndicatorsQuery>;

/** One figure behind an indicator's value (a count, an age bucket, a median). */
export const IndicatorFact = z.object({
  label: z.string(),
  value: z.number().nullable(),
  unit: z.enum(INDICATOR_UNITS),
});
export type IndicatorFact = z.infer<typeof IndicatorFact>;

export const IndicatorItem = z.object({
  key: z.enum(INDICATOR_KEYS),
  label: z.string(),
  /** Null when the month had nothing to measure. */
  value: z.number().nullable(),
  unit: z.enum(INDICATOR_UNITS),
  higherIsBetter: z.boolean(),
  /** The target in force on the month's last day (today, for the current month). */
  target: z.number().nullable(),
  /**
   * The 24 months ending with this one, from the service's first month on. `pending`: a closed
   * month whose figure the snapshot job has not stored yet (a server just started); its value
   * is null until then, not "nothing to measure" (docs/indicators.md).
   */
  trend: z.array(
    z.object({
      month: z.string(),
      value: z.number().nullable(),
      pending: z.literal(true).optional(),
    }),
  ),
  facts: z.array(IndicatorFact),
  /** 'live': the current month, computed now; 'snapshot': a closed month as stored when it closed. */
  source: z.enum(['live', 'snapshot']),
  /** Each restatement of this month's figure, newest first. */
  restatements: z.array(
    z.object({
      oldValue: z.number().nullable(),
      newValue: z.number().nullable(),
      reason: z.string(),
      restatedAt: z.string(),
    }),
  ),
  definition: z.string(),
  tadatRef: z.string(),
  drillDown: z.string().nullable(),
});
export type IndicatorItem = z.infer<typeof IndicatorItem>;

export const IndicatorsAnswer = z.object({
  month: z.string(),
  items: z.array(IndicatorItem),
});
export type IndicatorsAnswer = z.infer<typeof IndicatorsAnswer>;

export const IndicatorKeyParams = z.object({ key: z.enum(INDICATOR_KEYS) });

export const SetTargetBody = z.object({
  value: z.number({ error: 'value: give the target as a number.' }),
  from: isoDay('from: give the day the target applies from as YYYY-MM-DD.'),
  note: z.string().trim().min(1, { error: 'note: say why the target is set.' }).max(500),
});
export type SetTargetBody = z.infer<typeof SetTargetBody>;

export const TargetAnswer = z.object({
  key: z.enum(INDICATOR_KEYS),
  value: z.number(),
  from: z.string(),
  note: z.string(),
});

export const RestateBody = z.object({
  month: z.string().regex(MONTH_PATTERN, { error: 'Give the month as YYYY-MM, e.g. 2026-03.' }),
  reason: z.string().trim().min(5, { error: 'reason: say why the month is recomputed.' }).max(500),
});
export type RestateBody = z.infer<typeof RestateBody>;

export const RestateAnswer = z.object({
  month: z.string(),
  key: z.enum(INDICATOR_KEYS),
  restated: z.boolean(),
  oldValue: z.number().nullable(),
  newValue: z.number().nullable(),
});
