import { z } from 'zod';
import { MDA_CATEGORIES } from './enums';

/**
 * What an administrator types to set up an MDA and its revenue heads. The same schemas check
 * the forms in the browser and the bodies on the server (docs/architecture.md §1); a broken rule answers
 * 422 naming the field.
 */

/**
 * 2 to 12 capital letters or digits, parts joined by single hyphens: BIRS, MOH, LG-YEN.
 * Short enough for a receipt line and a report column; typed in lower case, it is upper-cased.
 */
export const MDA_CODE_PATTERN = /^(?=.{2,12}$)[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
export const MDA_CODE_MESSAGE =
  'The code is 2 to 12 capital letters or digits, with "-" between parts (e.g. BIRS, MOH, LG-YEN)';

/**
 * The economic code of a revenue head: 8 digits of the National Chart of Accounts, whose
 * revenue codes begin with 1 (e.g. 12020401, fees). Budget and revenue reports group by it.
 */
export const ECONOMIC_CODE_PATTERN = /^1\d{7}$/;
export const ECONOMIC_CODE_MESSAGE =
  'The economic code is 8 digits starting with 1 (National Chart of Accounts), e.g. 12020401';

/** ₦100 billion: far above any fixed fee, far below where kobo stop being exact in JSON. */
export const MAX_DEFAULT_AMOUNT_KOBO = 10_000_000_000_000;

/** Remita merchant and service type ids are numbers, sent as text (e.g. 2547916, 4430731). */
const REMITA_ID_PATTERN = /^\d{4,20}$/;

const text = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min, min === 1 ? `Enter the ${label}` : `The ${label} is at least ${min} characters`)
    .max(max, `The ${label} is at most ${max} characters`);

export const MdaCodeInput = z.string().trim().toUpperCase().regex(MDA_CODE_PATTERN, {
  error: MDA_CODE_MESSAGE,
});

export const MerchantIdInput = z.string().trim().regex(REMITA_ID_PATTERN, {
  error: 'The merchant ID is 4 to 20 digits, e.g. 2547916',
});

export const ServiceTypeIdsInput = z
  .array(
    z.string().trim().regex(REMITA_ID_PATTERN, {
      error: 'Each service type ID is 4 to 20 digits, e.g. 4430731',
    }),
  )
  .max(20, 'At most 20 service type IDs')
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Each service type ID once' });

/** Write-only: stored encrypted, never answered (docs/architecture.md §10). */
export const ApiKeyInput = text('API key', 1, 200);

const mdaFields = {
  code: MdaCodeInput,
  name: text('name', 3, 150),
  shortName: text('short name', 1, 40).nullish(),
  category: z.enum(MDA_CATEGORIES, { error: 'Choose a category' }),
  isActive: z.boolean(),
  merchantId: MerchantIdInput.nullish(),
  serviceTypeIds: ServiceTypeIdsInput,
};

/** A new MDA; Remita credentials may come now or later. Unknown fields are refused. */
export const MdaInput = z.strictObject({
  ...mdaFields,
  isActive: mdaFields.isActive.default(true),
  serviceTypeIds: mdaFields.serviceTypeIds.default([]),
  apiKey: ApiKeyInput.optional(),
});
export type MdaInput = z.infer<typeof MdaInput>;

/**
 * A change to an MDA: only the fields sent change. `apiKey` replaces the key; `apiKey: null`
 * removes it. Deactivate with `isActive: false` (MDAs are never deleted: payments name them).
 */
export const MdaPatch = z.strictObject({
  code: mdaFields.code.optional(),
  name: mdaFields.name.optional(),
  shortName: mdaFields.shortName,
  category: mdaFields.category.optional(),
  isActive: mdaFields.isActive.optional(),
  merchantId: mdaFields.merchantId,
  serviceTypeIds: mdaFields.serviceTypeIds.optional(),
  apiKey: ApiKeyInput.nullish(),
});
export type MdaPatch = z.infer<typeof MdaPatch>;

export const DefaultAmountKoboInput = z
  .number({ error: 'Enter the amount as a number' })
  .int('The amount is in whole kobo')
  .min(0, 'The amount cannot be negative')
  .max(MAX_DEFAULT_AMOUNT_KOBO, 'The amount is at most ₦100,000,000,000');

const headFields = {
  code: z.string().trim().regex(ECONOMIC_CODE_PATTERN, { error: ECONOMIC_CODE_MESSAGE }),
  name: text('name', 2, 150),
  /** The fixed amount in kobo for heads that always cost the same; null when it varies. */
  defaultAmountKobo: DefaultAmountKoboInput.nullish(),
  isActive: z.boolean(),
};

export const RevenueHeadInput = z.strictObject({
  ...headFields,
  isActive: headFields.isActive.default(true),
});
export type RevenueHeadInput = z.infer<typeof RevenueHeadInput>;

export const RevenueHeadPatch = z.strictObject({
  code: headFields.code.optional(),
  name: headFields.name.optional(),
  defaultAmountKobo: headFields.defaultAmountKobo,
  isActive: headFields.isActive.optional(),
});
export type RevenueHeadPatch = z.infer<typeof RevenueHeadPatch>;

export const MdaIdParams = z.object({ id: z.uuid({ error: 'This is not an MDA id' }) });
export const RevenueHeadParams = MdaIdParams.extend({
  headId: z.uuid({ error: 'This is not a revenue head id' }),
});
