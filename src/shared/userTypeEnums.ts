/**
 * The user types and their names and menu tags, without zod: the officer shell and the pages
 * import these, and a zod schema built at load would put zod in every signed-in page's first
 * load (docs/architecture.md §9 "Web"). userTypes.ts adds the schema and re-exports these.
 */

/** The 17 user types of docs/product.md §6. Order is the order the admin screens list them in. */
export const USER_TYPES = [
  'ADMIN',
  'EXECUTIVE',
  'OFFICER_DA',
  'OFFICER_PAYEE',
  'OFFICER_PA',
  'OFFICER_MDA',
  'OFFICER_MDA_ADMIN',
  'DG_BUDGET',
  'DIRECTOR_ASSESSMENT',
  'DIRECTOR_COLLECTION',
  'ASSESSMENT_OFFICER',
  'PRINTING_OFFICER',
  'TCC_CHAIRMAN',
  'OFFICER_BENJIS',
  'OFFICER_BENJIS_READ',
  'OFFICER_STAMP_DUTY',
  'INFORMAL_SECTOR_ADMIN',
] as const;

export type UserType = (typeof USER_TYPES)[number];

/** How the service's staff name each user type (top bar, officer lists). */
export const USER_TYPE_LABELS = {
  ADMIN: 'Administrator',
  EXECUTIVE: 'Executive',
  OFFICER_DA: 'Direct Assessment Officer',
  OFFICER_PAYEE: 'PAYE Officer',
  OFFICER_PA: 'Presumptive Assessment Officer',
  OFFICER_MDA: 'MDA Officer',
  OFFICER_MDA_ADMIN: 'MDA Administrator',
  DG_BUDGET: 'DG Budget',
  DIRECTOR_ASSESSMENT: 'Director of Assessment',
  DIRECTOR_COLLECTION: 'Director of Collection',
  ASSESSMENT_OFFICER: 'Assessment Officer',
  PRINTING_OFFICER: 'Printing Officer',
  TCC_CHAIRMAN: 'Chairman',
  OFFICER_BENJIS: 'Benjis POS Officer',
  OFFICER_BENJIS_READ: 'Benjis Report Viewer',
  OFFICER_STAMP_DUTY: 'Stamp Duty Officer',
  INFORMAL_SECTOR_ADMIN: 'Informal Sector Officer',
} as const satisfies Record<UserType, string>;

/** Menu tags of docs/product.md §6: an item is visible to a user type when it carries its tag (or `general`). */
export const USER_TYPE_MENU_TAGS = {
  ADMIN: 'admin',
  EXECUTIVE: 'executive',
  OFFICER_DA: 'officer_da',
  OFFICER_PAYEE: 'officer_payee',
  OFFICER_PA: 'officer_pa',
  OFFICER_MDA: 'officer_mda',
  DG_BUDGET: 'dg_budget',
  OFFICER_MDA_ADMIN: 'officer_mda_admin',
  DIRECTOR_ASSESSMENT: 'director_assessment',
  OFFICER_BENJIS: 'benjis',
  OFFICER_BENJIS_READ: 'benjis_report',
  OFFICER_STAMP_DUTY: 'officer_stampduty',
  INFORMAL_SECTOR_ADMIN: 'informal_sector_officer',
  TCC_CHAIRMAN: 'chairman_assessment',
  ASSESSMENT_OFFICER: 'assessment_officer',
  DIRECTOR_COLLECTION: 'director_collection',
  PRINTING_OFFICER: 'printing_officer',
} as const satisfies Record<UserType, string>;

export type UserTag = (typeof USER_TYPE_MENU_TAGS)[UserType];
export type MenuTag = UserTag | 'general';
