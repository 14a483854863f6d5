import { z } from 'zod';
import { PG_INTEGER_MAX } from '../ids';
import { JOB_STATUSES } from '../payments/enums';

/**
 * The revenue budget's API shapes (docs/budgets.md): a year's versions, one version's lines,
 * a new version typed on the page, and the import's progress.
 */

export const BUDGET_MAX_LINES = 5_000;
const Kobo = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const BudgetYearParams = z.object({
  year: z.coerce
    .number({ error: 'The year is a number, e.g. 2026' })
    .int()
    .min(2000, 'The year is from 2000 to 2100')
    .max(2100, 'The year is from 2000 to 2100'),
});

export const BudgetQuery = z.object({
  /** A version of the year; absent: the newest, which reports use. */
  version: z.coerce.number().int().min(1).max(100_000).optional(),
  /** The version's lines as a file instead (the one export path). */
  format: z.enum(['csv', 'xlsx']).optional(),
});
export type BudgetQuery = z.infer<typeof BudgetQuery>;

export const BudgetTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') });

export const BudgetLineView = z.object({
  mdaId: z.uuid(),
  mdaCode: z.string(),
  mdaName: z.string(),
  economicCode: z.string(),
  /** The revenue head's name; null when the MDA no longer has a head of this code. */
  revenueHeadName: z.string().nullable(),
  annualKobo: z.number().int(),
  /** January to December, kobo. */
  months: z.array(z.number().int()).length(12),
});
export type BudgetLineView = z.infer<typeof BudgetLineView>;

export const BudgetVersionSummary = z.object({
  version: z.number().int(),
  note: z.string(),
  source: z.enum(['entry', 'import']),
  createdAt: z.string(),
  /** The officer's name; null for the demo seed or a removed account. */
  createdBy: z.string().nullable(),
});
export type BudgetVersionSummary = z.infer<typeof BudgetVersionSummary>;

export const BudgetView = z
  .object({
    year: z.number().int(),
    /** The version shown, and what it is. */
    version: z.number().int(),
    note: z.string(),
    source: z.enum(['entry', 'import']),
    createdAt: z.string(),
    createdBy: z.string().nullable(),
    /** The newest version of the year: the one reports use. */
    latestVersion: z.number().int(),
    /** Every version of the year, newest first. */
    versions: z.array(BudgetVersionSummary),
    lines: z.array(BudgetLineView),
    totals: z.object({ annualKobo: z.number().int(), months: z.array(z.number().int()) }),
  })
  .meta({ id: 'BudgetView' });
export type BudgetView = z.infer<typeof BudgetView>;

export const BudgetLineInput = z.object({
  mdaId: z.uuid({ error: 'Choose the MDA' }),
  economicCode: z.string().regex(/^\d{8}$/, 'An economic code is 8 digits'),
  annualKobo: Kobo,
  /** January to December, kobo, adding up to annualKobo; absent: phased evenly. */
  months: z.array(Kobo).length(12, 'Give all twelve months or none').optional(),
});
export type BudgetLineInput = z.infer<typeof BudgetLineInput>;

export const NewBudgetVersionBody = z.object({
  note: z.string().trim().min(1, 'Say why this version is made').max(500),
  /**
   * The version the page started from: a newer one saved meanwhile is a 409, so one officer's
   * revision never silently drops another's. Null for the year's first budget.
   */
  basedOnVersion: z.number().int().min(1).max(PG_INTEGER_MAX).nullable().optional(),
  lines: z.array(BudgetLineInput).min(1, 'A budget has at least one line').max(BUDGET_MAX_LINES),
});
export type NewBudgetVersionBody = z.infer<typeof NewBudgetVersionBody>;

export const BudgetImportAccepted = z.object({ jobId: z.uuid() });

export const BudgetImportParams = BudgetYearParams.extend({
  jobId: z.uuid({ error: 'Not an import id' }),
});

export const BudgetImportView = z
  .object({
    jobId: z.uuid(),
    year: z.number().int(),
    status: z.enum(JOB_STATUSES),
    fileName: z.string(),
    total: z.number().int(),
    done: z.number().int(),
    /** The version the import stored, once it has. */
    version: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'BudgetImportView' });
export type BudgetImportView = z.infer<typeof BudgetImportView>;

/** What the budget page offers to budget: every active MDA and its revenue heads. */
export const BudgetCatalogue = z.object({
  mdas: z.array(
    z.object({
      id: z.uuid(),
      code: z.string(),
      name: z.string(),
      heads: z.array(z.object({ code: z.string(), name: z.string() })),
    }),
  ),
});
export type BudgetCatalogue = z.infer<typeof BudgetCatalogue>;
