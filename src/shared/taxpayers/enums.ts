/** The closed lists of the taxpayer registry, shared by the database enums, the API and the forms. */

export const TAXPAYER_KINDS = ['individual', 'corporate'] as const;
export type TaxpayerKind = (typeof TAXPAYER_KINDS)[number];

/** `deceased` is for individuals only, `dissolved` for companies only. */
export const TAXPAYER_STATUSES = ['active', 'inactive', 'deceased', 'dissolved'] as const;
export type TaxpayerStatus = (typeof TAXPAYER_STATUSES)[number];

export const STATUSES_BY_KIND = {
  individual: ['active', 'inactive', 'deceased'],
  corporate: ['active', 'inactive', 'dissolved'],
} as const satisfies Record<TaxpayerKind, readonly TaxpayerStatus[]>;

/** How the taxpayer came to the registry: an officer's form, auto-registration at payment, a bulk import. */
export const TAXPAYER_SOURCES = ['registered', 'auto-reg', 'import'] as const;
export type TaxpayerSource = (typeof TAXPAYER_SOURCES)[number];

export const TITLES = [
  'Mr',
  'Mrs',
  'Miss',
  'Ms',
  'Dr',
  'Prof',
  'Chief',
  'Engr',
  'Barr',
  'Arc',
  'Pharm',
  'Alhaji',
  'Alhaja',
  'Hajiya',
  'Pastor',
  'Rev',
  'Hon',
  'HRH',
] as const;

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const MARITAL_STATUSES = ['single', 'married', 'divorced', 'widowed', 'separated'] as const;

export const EMPLOYMENT_STATUSES = [
  'employed',
  'self-employed',
  'unemployed',
  'retired',
  'student',
] as const;

/** CAC registers companies (RC), business names (BN) and incorporated trustees (IT). */
export const CAC_KINDS = ['RC', 'BN', 'IT'] as const;
export type CacKind = (typeof CAC_KINDS)[number];

export const BUSINESS_TYPES = [
  'Private limited company',
  'Public limited company',
  'Company limited by guarantee',
  'Unlimited company',
  'Business name (enterprise)',
  'Partnership',
  'Incorporated trustees',
  'Cooperative society',
] as const;

export const SECTORS = [
  'Agriculture, forestry and fishing',
  'Oil and gas',
  'Mining and quarrying',
  'Manufacturing',
  'Construction',
  'Wholesale and retail trade',
  'Transport and logistics',
  'Hotels, restaurants and hospitality',
  'Information and communication',
  'Banking, finance and insurance',
  'Real estate',
  'Professional services',
  'Education',
  'Health',
  'Arts, entertainment and recreation',
  'Public administration',
  'Non-profit',
  'Other services',
] as const;

export const LABELS = {
  gender: { male: 'Male', female: 'Female' },
  maritalStatus: {
    single: 'Single',
    married: 'Married',
    divorced: 'Divorced',
    widowed: 'Widowed',
    separated: 'Separated',
  },
  employmentStatus: {
    employed: 'Employed',
    'self-employed': 'Self-employed',
    unemployed: 'Unemployed',
    retired: 'Retired',
    student: 'Student',
  },
  status: { active: 'Active', inactive: 'Inactive', deceased: 'Deceased', dissolved: 'Dissolved' },
  kind: { individual: 'Individual', corporate: 'Corporate' },
  source: { registered: 'Registered', 'auto-reg': 'Auto-registration', import: 'Import' },
  cacKind: { RC: 'RC (company)', BN: 'BN (business name)', IT: 'IT (incorporated trustees)' },
} as const;
