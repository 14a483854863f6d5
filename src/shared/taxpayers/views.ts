import { z } from 'zod';
import { PG_INTEGER_MAX } from '../ids';
import { isoDay } from '../isoDay';
import { PageQuery, pageOf } from '../pagination';
import { CAC_KINDS, TAXPAYER_KINDS, TAXPAYER_SOURCES, TAXPAYER_STATUSES } from './enums';
import { BtinInput } from './input';

/** What the API answers about taxpayers (API contract: these JSON names are relied on). */

const nullableText = z.string().nullable();
const nullableId = z.number().int().nullable();

export const DirectorView = z.object({
  name: z.string(),
  phone: nullableText,
  btin: nullableText,
});

/** Where a profession sits in the three-level list, so the form can show its category and sub-category. */
export const ProfessionPath = z.object({
  categoryCode: z.string(),
  subcategoryCode: z.string(),
});

export const TaxpayerView = z
  .object({
    btin: z.string(),
    kind: z.enum(TAXPAYER_KINDS),
    status: z.enum(TAXPAYER_STATUSES),
    source: z.enum(TAXPAYER_SOURCES),
    displayName: z.string(),
    nationalTaxId: nullableText,
    jtbTin: nullableText,
    phone: nullableText,
    email: nullableText,
    address: nullableText,
    stateId: nullableId,
    stateName: nullableText,
    lgaId: nullableId,
    lgaName: nullableText,
    townId: nullableId,
    townName: nullableText,
    // individuals
    title: nullableText,
    firstName: nullableText,
    middleName: nullableText,
    lastName: nullableText,
    gender: nullableText,
    dateOfBirth: nullableText,
    maritalStatus: nullableText,
    nin: nullableText,
    bvn: nullableText,
    occupationId: nullableId,
    occupationName: nullableText,
    professionId: nullableId,
    professionName: nullableText,
    professionPath: ProfessionPath.nullable(),
    employmentStatus: nullableText,
    employerName: nullableText,
    sourceOfIncome: nullableText,
    username: nullableText,
    // companies
    registeredName: nullableText,
    cacNumber: nullableText,
    cacKind: z.enum(CAC_KINDS).nullable(),
    incorporationDate: nullableText,
    sector: nullableText,
    businessType: nullableText,
    employeeCount: nullableId,
    directors: z.array(DirectorView),
    hasPhoto: z.boolean(),
    version: z.number().int(),
    createdAt: z.string(),
    createdByUsername: nullableText,
    updatedAt: z.string(),
    updatedByUsername: nullableText,
  })
  .meta({ id: 'Taxpayer' });
export type TaxpayerView = z.infer<typeof TaxpayerView>;

/** A likely duplicate: not an error, but the officer must look before registering. */
export const DUPLICATE_REASONS = [
  'name_and_date_of_birth',
  'registered_name',
  'phone',
  'email',
] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

export const DuplicateWarning = z
  .object({
    btin: z.string(),
    displayName: z.string(),
    reason: z.enum(DUPLICATE_REASONS),
    message: z.string(),
  })
  .meta({ id: 'DuplicateWarning' });
export type DuplicateWarning = z.infer<typeof DuplicateWarning>;

/** A taxpayer with the same NIN or CAC number: registering again is refused (409 DUPLICATE_TAXPAYER). */
export const ExactDuplicate = z.object({
  btin: z.string(),
  displayName: z.string(),
  field: z.enum(['nin', 'cacNumber']),
});
export type ExactDuplicate = z.infer<typeof ExactDuplicate>;

export const DuplicateCheckResult = z
  .object({ exact: ExactDuplicate.nullable(), warnings: z.array(DuplicateWarning) })
  .meta({ id: 'DuplicateCheckResult' });
export type DuplicateCheckResult = z.infer<typeof DuplicateCheckResult>;

export const RegistrationResult = z
  .object({ taxpayer: TaxpayerView, warnings: z.array(DuplicateWarning) })
  .meta({ id: 'RegistrationResult' });
export type RegistrationResult = z.infer<typeof RegistrationResult>;

/** One row of the registry lists. */
export const TaxpayerListItem = z
  .object({
    btin: z.string(),
    kind: z.enum(TAXPAYER_KINDS),
    status: z.enum(TAXPAYER_STATUSES),
    displayName: z.string(),
    firstName: nullableText,
    lastName: nullableText,
    registeredName: nullableText,
    nin: nullableText,
    cacNumber: nullableText,
    phone: nullableText,
    email: nullableText,
    lgaName: nullableText,
    createdAt: z.string(),
  })
  .meta({ id: 'TaxpayerListItem' });
export type TaxpayerListItem = z.infer<typeof TaxpayerListItem>;

/**
 * A page of the registry. `total` is exact for the whole registry or one kind; with any other
 * filter or a search it is counted only 1,000 rows past the page, and `isTotalCapped` then
 * says that more than `total` match (show "1,000+").
 */
export const TaxpayerListResult = pageOf(TaxpayerListItem)
  .extend({ isTotalCapped: z.boolean() })
  .meta({ id: 'TaxpayerListResult' });
export type TaxpayerListResult = z.infer<typeof TaxpayerListResult>;

export const TAXPAYER_SORTS = [
  'relevance',
  'name',
  '-name',
  'createdAt',
  '-createdAt',
  'btin',
  '-btin',
] as const;
export type TaxpayerSort = (typeof TAXPAYER_SORTS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

const dateFilter = isoDay('Enter a date as YYYY-MM-DD').optional();

/**
 * The registry list's filter. `sort` defaults to relevance when searching and to the newest
 * first otherwise. `format` exports the same filter instead of a page.
 */
export const TaxpayerListQuery = PageQuery.extend({
  search: z.string().trim().max(100).optional(),
  kind: z.enum(TAXPAYER_KINDS).optional(),
  /** An LGA's id: an integer column, so a larger number is a 422, not a database error. */
  lga: z.coerce.number().int().positive().max(PG_INTEGER_MAX).optional(),
  status: z.enum(TAXPAYER_STATUSES).optional(),
  registeredFrom: dateFilter,
  registeredTo: dateFilter,
  sort: z.enum(TAXPAYER_SORTS).optional(),
  format: z.enum(EXPORT_FORMATS).optional(),
}).refine((q) => !q.registeredFrom || !q.registeredTo || q.registeredFrom <= q.registeredTo, {
  error: 'The "registered from" date must not be after the "registered to" date',
  path: ['registeredTo'],
});
export type TaxpayerListQuery = z.infer<typeof TaxpayerListQuery>;

/** The top bar search (docs/product.md §2): what the 'Tax Payer Information' modal shows. */
export const TaxpayerSummary = z
  .object({
    btin: z.string(),
    kind: z.enum(TAXPAYER_KINDS),
    displayName: z.string(),
    username: nullableText,
    firstName: nullableText,
    lastName: nullableText,
    phone: nullableText,
  })
  .meta({ id: 'TaxpayerSummary' });
export type TaxpayerSummary = z.infer<typeof TaxpayerSummary>;

export const TaxpayerLookupQuery = z.object({
  term: z.string().trim().min(1, { error: 'Enter a BTIN, e-mail or phone number' }).max(100),
});

/** Several taxpayers may share a phone or e-mail (families, companies): all are shown. */
export const TaxpayerLookupResult = z
  .object({ matches: z.array(TaxpayerSummary) })
  .meta({ id: 'TaxpayerLookupResult' });
export type TaxpayerLookupResult = z.infer<typeof TaxpayerLookupResult>;

export const FieldChange = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});

export const TaxpayerHistoryEntry = z
  .object({
    at: z.string(),
    action: z.string(),
    actorUsername: nullableText,
    actorName: nullableText.meta({
      description:
        "Who made the change, by the officer's full name as it reads now (a history names people, not usernames); null for a system actor.",
    }),
    changes: z.array(FieldChange),
  })
  .meta({ id: 'TaxpayerHistoryEntry' });
export type TaxpayerHistoryEntry = z.infer<typeof TaxpayerHistoryEntry>;

/** A BTIN in a path: a wrong check digit is refused (422) before any query. */
export const BtinParams = z.object({ btin: BtinInput });

/**
 * The taxpayer picker (src/web/lib/forms/TaxpayerPicker.tsx): a name, misspelt or not, a BTIN, a
 * phone or an e-mail, as the registry list's search reads it; the best few matches.
 */
export const TaxpayerMatchQuery = z.object({
  search: z
    .string()
    .trim()
    .min(2, { error: 'Type at least two letters of a name, or a BTIN, phone or e-mail' })
    .max(100),
  kind: z.enum(TAXPAYER_KINDS).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type TaxpayerMatchQuery = z.infer<typeof TaxpayerMatchQuery>;

/**
 * One match: enough to tell two people of the same name apart (BTIN, kind, phone as the registry
 * lists show it, LGA) and nothing more of the record (no NIN, e-mail or date of birth).
 */
export const TaxpayerMatch = z
  .object({
    btin: z.string(),
    kind: z.enum(TAXPAYER_KINDS),
    status: z.enum(TAXPAYER_STATUSES),
    displayName: z.string(),
    phone: nullableText,
    lgaName: nullableText,
  })
  .meta({ id: 'TaxpayerMatch' });
export type TaxpayerMatch = z.infer<typeof TaxpayerMatch>;

/** Best first; `hasMore` when more than `limit` match (type more of the name). */
export const TaxpayerMatchResult = z
  .object({ items: z.array(TaxpayerMatch), hasMore: z.boolean() })
  .meta({ id: 'TaxpayerMatchResult' });
export type TaxpayerMatchResult = z.infer<typeof TaxpayerMatchResult>;
