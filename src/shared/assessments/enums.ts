import type { UserType } from '../userTypes';

/**
 * The closed lists of assessments, shared by the database enums, the API and the screens.
 * docs/product.md §2 (taxs/direct-assessment, taxs/presumptive-tax and their backlog capture), §7
 * Assessment; the law is in docs/tax-rules.md and src/shared/tax.
 */

/** `direct`: personal income tax on declared income; `presumptive`: tax presumed from a trade. */
export const ASSESSMENT_KINDS = ['direct', 'presumptive'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

export const ASSESSMENT_KIND_LABELS = {
  direct: 'Direct assessment',
  presumptive: 'Presumptive tax',
} as const satisfies Record<AssessmentKind, string>;

/** `assessed` here; `backlog`: a past year paid outside RevDesk, entered with its receipts. */
export const ASSESSMENT_SOURCES = ['assessed', 'backlog'] as const;
export type AssessmentSource = (typeof ASSESSMENT_SOURCES)[number];

/**
 * draft → issued (notice number, due date) → part_paid / paid as linked payments arrive;
 * issued or part_paid → objected → revised (superseded by a new assessment) or back to issued;
 * draft, issued → cancelled (with a reason). A backlog entry is stored `paid` (or `part_paid`).
 */
export const ASSESSMENT_STATUSES = [
  'draft',
  'issued',
  'part_paid',
  'paid',
  'objected',
  'revised',
  'cancelled',
] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

export const ASSESSMENT_STATUS_LABELS = {
  draft: 'Draft',
  issued: 'Issued',
  part_paid: 'Part paid',
  paid: 'Paid',
  objected: 'Objected',
  revised: 'Revised',
  cancelled: 'Cancelled',
} as const satisfies Record<AssessmentStatus, string>;

/**
 * The statuses in which an assessment stands for its taxpayer, year and kind: at most one at a
 * time (a partial unique index in the database). A draft, a revised or a cancelled one does not.
 */
export const STANDING_ASSESSMENT_STATUSES = [
  'issued',
  'part_paid',
  'paid',
  'objected',
] as const satisfies readonly AssessmentStatus[];

/** The payment type (payments.type) that links a ledger row to an assessment of this kind. */
export const ASSESSMENT_PAYMENT_TYPES = {
  direct: 'direct-assessment',
  presumptive: 'presumptive-tax',
} as const satisfies Record<AssessmentKind, string>;

/** How an objection was answered (docs/tax-rules.md: filed within 30 days, answered within 90). */
export const OBJECTION_STATUSES = ['open', 'upheld', 'partly_upheld', 'refused'] as const;
export type ObjectionStatus = (typeof OBJECTION_STATUSES)[number];

/** Days a taxpayer has to object after the notice, and the service has to answer. */
export const OBJECTION_FILING_DAYS = 30;
export const OBJECTION_ANSWER_DAYS = 90;

/**
 * How a trade category presumes the tax (docs/tax-rules.md, presumptive tax): a fixed annual
 * amount by the trader's size, or a percentage of estimated turnover above a threshold.
 */
export const TRADE_CATEGORY_RULES = ['fixed_by_size', 'percent_of_turnover'] as const;
export type TradeCategoryRule = (typeof TRADE_CATEGORY_RULES)[number];

export const TRADE_CATEGORY_RULE_LABELS = {
  fixed_by_size: 'Fixed annual amount by size',
  percent_of_turnover: 'Percentage of turnover above a threshold',
} as const satisfies Record<TradeCategoryRule, string>;

export const TRADER_SIZES = ['small', 'medium', 'large'] as const;
export type TraderSize = (typeof TRADER_SIZES)[number];

/**
 * Which kinds of assessment each user type works with (rules as data): OFFICER_DA and OFFICER_PA
 * each their own kind; the assessment officer, the directors, the chairman and the administrator
 * read both. What they may do with them is their permissions (src/shared/permissions.ts).
 */
export const ASSESSMENT_KINDS_OF = {
  ADMIN: ['direct', 'presumptive'],
  EXECUTIVE: [],
  OFFICER_DA: ['direct'],
  OFFICER_PAYEE: [],
  OFFICER_PA: ['presumptive'],
  OFFICER_MDA: [],
  OFFICER_MDA_ADMIN: [],
  DG_BUDGET: [],
  DIRECTOR_ASSESSMENT: ['direct', 'presumptive'],
  DIRECTOR_COLLECTION: ['direct', 'presumptive'],
  ASSESSMENT_OFFICER: ['direct', 'presumptive'],
  PRINTING_OFFICER: [],
  TCC_CHAIRMAN: ['direct', 'presumptive'],
  OFFICER_BENJIS: [],
  OFFICER_BENJIS_READ: [],
  OFFICER_STAMP_DUTY: [],
  INFORMAL_SECTOR_ADMIN: ['presumptive'],
} as const satisfies Record<UserType, readonly AssessmentKind[]>;

export function assessmentKindsOf(userType: UserType | null): readonly AssessmentKind[] {
  return userType ? ASSESSMENT_KINDS_OF[userType] : [];
}
