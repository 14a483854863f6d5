import { z } from 'zod';
import { PageQuery, pageOf } from '../pagination';
import { PaymentView } from '../payments/views';
import {
  SSC_CATEGORIES,
  SSC_GRADE_LEVEL_MAX,
  SSC_GRADE_LEVEL_MIN,
  SSC_MONTH_PATTERN,
  SSC_SCHEDULE_MAX_ROWS,
  SSC_SCHEDULE_SOURCES,
  SSC_SCHEDULE_STATUSES,
  SSC_SORTS,
} from './enums';

/** The API's shapes for SSC schedules (docs/tax-rules.md "SSC levies", docs/api.md). */

const Kobo = z.number().int();

/** YYYY-MM, a month of 2000–2099. */
export const SscMonth = z
  .string()
  .trim()
  .regex(SSC_MONTH_PATTERN, { error: 'Give the month as YYYY-MM, e.g. 2026-03' });

export const SscScheduleListQuery = PageQuery.extend({
  category: z.enum(SSC_CATEGORIES).optional(),
  month: SscMonth.optional(),
  mdaId: z.uuid({ error: 'Not an MDA id' }).optional(),
  status: z.enum(SSC_SCHEDULE_STATUSES).optional(),
  sort: z.enum(SSC_SORTS).default('-month'),
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type SscScheduleListQuery = z.output<typeof SscScheduleListQuery>;

export const SscScheduleView = z
  .object({
    id: z.uuid(),
    mda: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
    category: z.enum(SSC_CATEGORIES),
    month: z.string(),
    status: z.enum(SSC_SCHEDULE_STATUSES),
    source: z.enum(SSC_SCHEDULE_SOURCES),
    fileName: z.string().nullable(),
    staffCount: z.number().int(),
    grossKobo: Kobo,
    levyKobo: Kobo,
    /** True while any row's rate is a demo rate without a public source (shown "demo"). */
    hasDemoRates: z.boolean(),
    /** The bill's RRR (null before a bill, or while Remita has not confirmed it). */
    rrr: z.string().nullable(),
    /** How many times a corrected schedule replaced this one. */
    replacedTimes: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
    billedAt: z.string().nullable(),
    paidAt: z.string().nullable(),
  })
  .meta({ id: 'SscScheduleView' });
export type SscScheduleView = z.infer<typeof SscScheduleView>;

export const SscScheduleTotals = z.object({
  schedules: z.number().int(),
  staff: z.number().int(),
  grossKobo: Kobo,
  levyKobo: Kobo,
});

export const SscSchedulePage = pageOf(SscScheduleView)
  .extend({ totals: SscScheduleTotals })
  .meta({ id: 'SscSchedulePage' });
export type SscSchedulePage = z.infer<typeof SscSchedulePage>;

export const SscScheduleRowView = z.object({
  line: z.number().int(),
  staffId: z.string(),
  name: z.string(),
  gradeLevel: z.number().int(),
  grossKobo: Kobo,
  rateBps: z.number().int(),
  isDemoRate: z.boolean(),
  levyKobo: Kobo,
});
export type SscScheduleRowView = z.infer<typeof SscScheduleRowView>;

export const SscScheduleDetail = SscScheduleView.extend({
  rows: z.array(SscScheduleRowView),
  bill: PaymentView.nullable(),
}).meta({ id: 'SscScheduleDetail' });
export type SscScheduleDetail = z.infer<typeof SscScheduleDetail>;

export const SscScheduleIdParams = z.object({ id: z.uuid({ error: 'Not a schedule id' }) });

/** A schedule typed by hand: the upload's fields as JSON, amounts in kobo. */
export const SscScheduleEntryInput = z
  .object({
    mdaId: z.uuid({ error: 'Choose the MDA' }),
    category: z.enum(SSC_CATEGORIES, { error: 'Choose the category' }),
    month: SscMonth,
    rows: z
      .array(
        z.object({
          staffId: z.string().trim().min(1, { error: 'Give the staff id' }).max(40),
          name: z.string().trim().min(1, { error: 'Give the name' }).max(120),
          gradeLevel: z
            .number()
            .int()
            .min(SSC_GRADE_LEVEL_MIN, {
              error: `A grade level is ${SSC_GRADE_LEVEL_MIN} to ${SSC_GRADE_LEVEL_MAX}`,
            })
            .max(SSC_GRADE_LEVEL_MAX, {
              error: `A grade level is ${SSC_GRADE_LEVEL_MIN} to ${SSC_GRADE_LEVEL_MAX}`,
            }),
          grossKobo: z
            .number()
            .int({ error: 'Gross pay is in whole kobo' })
            .min(1, { error: 'Gross monthly pay is more than ₦0.00' })
            .max(100_000_000_00, { error: 'At most ₦100,000,000.00 a month' }),
        }),
      )
      .min(1, { error: 'Enter at least one person' })
      .max(SSC_SCHEDULE_MAX_ROWS),
  })
  .meta({ id: 'SscScheduleEntryInput' });
export type SscScheduleEntryInput = z.infer<typeof SscScheduleEntryInput>;

/** The bill: which MDA and revenue head collect the levy (by default BIRS and the SSC levy's head, enums.ts). */
export const SscBillInput = z
  .object({
    mdaId: z.uuid({ error: 'Choose the MDA the bill is paid to' }).optional(),
    revenueHeadCode: z
      .string()
      .trim()
      .regex(/^\d{8}$/, { error: 'Choose the revenue head' })
      .optional(),
  })
  .meta({ id: 'SscBillInput' });
export type SscBillInput = z.infer<typeof SscBillInput>;

export const SscRateView = z.object({
  category: z.enum(SSC_CATEGORIES),
  gradeFrom: z.number().int(),
  gradeTo: z.number().int(),
  rateBps: z.number().int(),
  effectiveFrom: z.string(),
  isDemo: z.boolean(),
});
export const SscRateList = z.object({ items: z.array(SscRateView) }).meta({ id: 'SscRateList' });
export type SscRateList = z.infer<typeof SscRateList>;
