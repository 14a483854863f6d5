/**
 * SSC (Social Services Contribution) levies on public pay (docs/tax-rules.md "SSC levies",
 * docs/product.md §7's three SSC lists): each employer MDA sends one schedule a month per
 * category of staff, and pays the levy of its rows through one bill.
 */

/** The three lists of docs/product.md §7, one category each (the API's `category`). */
export const SSC_CATEGORIES = [
  'office-holders',
  'civil-servants',
  'federal-civil-servants',
] as const;
export type SscCategory = (typeof SSC_CATEGORIES)[number];

export const SSC_CATEGORY_LABELS = {
  'office-holders': 'Political and public office holders',
  'civil-servants': 'Civil servants and local government employees',
  'federal-civil-servants': 'Public and federal civil servants',
} as const satisfies Record<SscCategory, string>;

/**
 * `unbilled`: stored, no bill waiting (a corrected upload replaces it). `billed`: its bill (RRR)
 * is raised and not yet paid: it can no longer be replaced. `paid`: the bill is paid.
 */
export const SSC_SCHEDULE_STATUSES = ['unbilled', 'billed', 'paid'] as const;
export type SscScheduleStatus = (typeof SSC_SCHEDULE_STATUSES)[number];

export const SSC_SCHEDULE_STATUS_LABELS = {
  unbilled: 'Not billed',
  billed: 'Billed',
  paid: 'Paid',
} as const satisfies Record<SscScheduleStatus, string>;

/** How a schedule's rows arrived. */
export const SSC_SCHEDULE_SOURCES = ['upload', 'manual'] as const;
export type SscScheduleSource = (typeof SSC_SCHEDULE_SOURCES)[number];

/**
 * A schedule's month, YYYY-MM of 2000–2099: the API's check (views.ts `SscMonth`) and the
 * forms' own, here without zod so that a form's first draw need not load it (docs/architecture.md
 * §9 "Web").
 */
export const SSC_MONTH_PATTERN = /^20\d{2}-(0[1-9]|1[0-2])$/;

/** The lowest and highest grade levels of the public service's salary scales. */
export const SSC_GRADE_LEVEL_MIN = 1;
export const SSC_GRADE_LEVEL_MAX = 17;

/** At most this many staff a schedule: the largest ministry's monthly payroll, with room. */
export const SSC_SCHEDULE_MAX_ROWS = 5_000;
/** At most 5 MB: 5,000 rows of four columns take about 300 KB of CSV. */
export const SSC_SCHEDULE_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Who collects the levy (docs/tax-rules.md "SSC levies"): the employer MDA pays it to the revenue
 * service, so a bill is raised by the service's own MDA (code BIRS, as stamp duty's) under the
 * revenue head of the SSC levy. The economic code is a demo one (NCoA 1201 taxes, next to the
 * development levy's 12010701): to confirm with the state's chart of accounts. An administrator
 * who uses another code names it on the bill, or adds this one under Manage MDAs.
 */
export const SSC_COLLECTING_MDA_CODE = 'BIRS';
export const SSC_REVENUE_HEAD_CODE = '12010702';
export const SSC_REVENUE_HEAD_NAME = 'Social services contribution (SSC) levy';

export const SSC_SORTS = ['-month', 'month', '-levyKobo', 'levyKobo', 'mda', '-mda'] as const;
export type SscSort = (typeof SSC_SORTS)[number];
