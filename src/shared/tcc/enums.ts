import type { Permission } from '../permissions';
import type { UserType } from '../userTypes';

/**
 * The closed lists of Tax Clearance Certificates, shared by the database enums, the API and the
 * screens. docs/product.md §2 (the TCC lists of each role), §4 (approval flow), §7 TCC; docs/architecture.md §5 is
 * the state machine; the certificate's content is docs/tax-rules.md (Tax Clearance Certificate).
 * Zod-free: the menu and the list pages read these on first load.
 */

/**
 * `direct-assessment` / `presumptive`: an individual, from their assessments and the ledger.
 * `paye`: an employee of a registered company (the corporate-employee PAYE backlog).
 * `mda-employee`: an employee of an MDA, from its payroll. `exemption`: a person not liable.
 */
export const TCC_KINDS = [
  'direct-assessment',
  'presumptive',
  'exemption',
  'paye',
  'mda-employee',
] as const;
export type TccKind = (typeof TCC_KINDS)[number];

export const TCC_KIND_LABELS = {
  'direct-assessment': 'Direct assessment',
  presumptive: 'Presumptive tax',
  exemption: 'Exemption',
  paye: 'PAYE (corporate employee)',
  'mda-employee': 'MDA employee',
} as const satisfies Record<TccKind, string>;

/**
 * docs/architecture.md §5. A certificate is generated straight into the chain (`pending_director_assessment`)
 * or, when its kind carries a processing fee, into `awaiting_payment` until the fee's RRR is paid.
 * A rejection sends it back to the generating officer, who amends and resubmits it.
 */
export const TCC_STATUSES = [
  'awaiting_payment',
  'pending_director_assessment',
  'pending_director_collection',
  'pending_chairman',
  'approved',
  'printed',
  'rejected_director_assessment',
  'rejected_director_collection',
  'rejected_chairman',
  'revoked',
] as const;
export type TccStatus = (typeof TCC_STATUSES)[number];

export const TCC_STATUS_LABELS = {
  awaiting_payment: 'Awaiting payment',
  pending_director_assessment: 'With Director of Assessment',
  pending_director_collection: 'With Director of Collection',
  pending_chairman: 'With Chairman',
  approved: 'Approved',
  printed: 'Printed',
  rejected_director_assessment: 'Rejected by Director of Assessment',
  rejected_director_collection: 'Rejected by Director of Collection',
  rejected_chairman: 'Rejected by Chairman',
  revoked: 'Revoked',
} as const satisfies Record<TccStatus, string>;

/** The three approval stages, in order; each belongs to one user type. */
export const TCC_STAGES = ['director_assessment', 'director_collection', 'chairman'] as const;
export type TccStage = (typeof TCC_STAGES)[number];

export const TCC_STAGE_LABELS = {
  director_assessment: 'Director of Assessment',
  director_collection: 'Director of Collection',
  chairman: 'Chairman',
} as const satisfies Record<TccStage, string>;

/** Waiting for a decision (or for its fee, or for the officer to amend it): one may be open per taxpayer, kind and purpose. */
export const TCC_OPEN_STATUSES = [
  'awaiting_payment',
  'pending_director_assessment',
  'pending_director_collection',
  'pending_chairman',
  'rejected_director_assessment',
  'rejected_director_collection',
  'rejected_chairman',
] as const satisfies readonly TccStatus[];

export const TCC_PENDING_STATUSES = [
  'pending_director_assessment',
  'pending_director_collection',
  'pending_chairman',
] as const satisfies readonly TccStatus[];

export const TCC_REJECTED_STATUSES = [
  'rejected_director_assessment',
  'rejected_director_collection',
  'rejected_chairman',
] as const satisfies readonly TccStatus[];

/** Approved by the chairman: a certificate exists (printed or not; revoked ones say so). */
export const TCC_COMPLETED_STATUSES = [
  'approved',
  'printed',
  'revoked',
] as const satisfies readonly TccStatus[];

/** What the taxpayer needs the certificate for. */
export const TCC_PURPOSES = [
  'contract',
  'loan',
  'visa',
  'employment',
  'registration',
  'land',
  'other',
] as const;
export type TccPurpose = (typeof TCC_PURPOSES)[number];

export const TCC_PURPOSE_LABELS = {
  contract: 'Government contract',
  loan: 'Bank loan',
  visa: 'Visa or travel',
  employment: 'Employment',
  registration: 'Business registration or renewal',
  land: 'Land or property title',
  other: 'Other',
} as const satisfies Record<TccPurpose, string>;

/** Why a person is not liable to tax (the exemption kind). */
export const TCC_EXEMPTION_REASONS = [
  'below_minimum_wage',
  'student',
  'unemployed',
  'retired',
  'other',
] as const;
export type TccExemptionReason = (typeof TCC_EXEMPTION_REASONS)[number];

export const TCC_EXEMPTION_REASON_LABELS = {
  below_minimum_wage: 'Income below the minimum wage',
  student: 'Full-time student',
  unemployed: 'Unemployed',
  retired: 'Retired, on pension only',
  other: 'Other reason',
} as const satisfies Record<TccExemptionReason, string>;

/**
 * Why a year of the three-year table is flagged in red: its assessment is not fully paid, or
 * there is none. A flagged year goes on only with the officer's written justification.
 */
export const TCC_YEAR_FLAGS = ['arrears', 'no_assessment'] as const;
export type TccYearFlag = (typeof TCC_YEAR_FLAGS)[number];

/** The law expects an answer within two weeks: a certificate waiting longer is highlighted. */
export const TCC_WAIT_WARNING_DAYS = 10;

/** The number of preceding years a certificate covers (docs/tax-rules.md, NTAA 2025 s.72). */
export const TCC_YEARS_COVERED = 3;

/** The years a certificate of a kind asks for on the form: it covers the three preceding years. */
export function yearsCovered(today: string): number[] {
  const current = Number(today.slice(0, 4));
  return Array.from({ length: TCC_YEARS_COVERED }, (_, i) => current - TCC_YEARS_COVERED + i);
}

/**
 * The limits of an MDA's payroll file (src/shared/tcc/bulk.ts is the file's contract): here,
 * zod-free, because the upload panel says them on the generate page's first draw.
 * At most this many employees a file: a large MDA splits its payroll by department.
 */
export const TCC_BATCH_MAX_ROWS = 5_000;
/** At most 5 MB: 5,000 rows of CSV take about 1 MB, as XLSX less. */
export const TCC_BATCH_MAX_BYTES = 5 * 1024 * 1024;

/** The permission that generates (and amends, resubmits) a certificate of each kind. */
export const TCC_GENERATE_PERMISSION = {
  'direct-assessment': 'tcc:generate:direct-assessment',
  presumptive: 'tcc:generate:presumptive',
  exemption: 'tcc:generate:exemption',
  paye: 'tcc:generate:paye',
  'mda-employee': 'tcc:generate:mda-employee',
} as const satisfies Record<TccKind, Permission>;

/** The permission of each stage's decision (approve or reject). */
export const TCC_STAGE_PERMISSION = {
  director_assessment: 'tcc:approve:director_assessment',
  director_collection: 'tcc:approve:director_collection',
  chairman: 'tcc:approve:chairman',
} as const satisfies Record<TccStage, Permission>;

/**
 * Which kinds of certificate each user type reads (rules as data): the generating officers their
 * own kinds, the assessment officer, directors, chairman and printing officer all five.
 */
export const TCC_KINDS_OF = {
  ADMIN: TCC_KINDS,
  EXECUTIVE: [],
  OFFICER_DA: ['direct-assessment'],
  OFFICER_PAYEE: ['paye', 'mda-employee'],
  OFFICER_PA: ['presumptive'],
  OFFICER_MDA: [],
  OFFICER_MDA_ADMIN: [],
  DG_BUDGET: [],
  DIRECTOR_ASSESSMENT: TCC_KINDS,
  DIRECTOR_COLLECTION: TCC_KINDS,
  ASSESSMENT_OFFICER: TCC_KINDS,
  PRINTING_OFFICER: TCC_KINDS,
  TCC_CHAIRMAN: TCC_KINDS,
  OFFICER_BENJIS: [],
  OFFICER_BENJIS_READ: [],
  OFFICER_STAMP_DUTY: [],
  INFORMAL_SECTOR_ADMIN: [],
} as const satisfies Record<UserType, readonly TccKind[]>;

export function tccKindsOf(userType: UserType | null): readonly TccKind[] {
  return userType ? TCC_KINDS_OF[userType] : [];
}

/** The payment type (payments.type) of a certificate's processing fee; assessment_id holds the TCC id. */
export const TCC_PAYMENT_TYPE = 'tcc' as const;
