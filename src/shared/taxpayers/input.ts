import { z } from 'zod';
import { isValidBtin } from '../btin';
import { ageOn, todayInLagos } from '../dates';
import { PG_INTEGER_MAX } from '../ids';
import { isoDay } from '../isoDay';
import { normaliseNigerianPhone } from '../phone';
import {
  BUSINESS_TYPES,
  CAC_KINDS,
  type CacKind,
  EMPLOYMENT_STATUSES,
  GENDERS,
  MARITAL_STATUSES,
  SECTORS,
  TAXPAYER_STATUSES,
  TITLES,
} from './enums';

/**
 * What an officer types to register or edit a taxpayer. The same schemas check the form in the
 * browser and the body on the server (docs/architecture.md §1); each message names what is wrong in the
 * officer's words, and the server answers 422 with the field's path.
 */

/** An individual must be at least this old to be registered on their own. */
export const MINIMUM_AGE_YEARS = 16;

const name = (label: string, max = 100) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${label}`)
    .max(max, `The ${label} is at most ${max} characters`);

const optionalText = (max: number) => z.string().trim().max(max).nullish();

const isoDate = isoDay('Enter a date as YYYY-MM-DD');

export const PhoneInput = z
  .string()
  .trim()
  .refine((v) => normaliseNigerianPhone(v) !== null, {
    error: 'Enter a Nigerian phone number, e.g. 0803 123 4567',
  });

export const EmailInput = z.email({ error: 'Enter an e-mail address like name@example.com' });

export const NinInput = z
  .string()
  .trim()
  .regex(/^\d{11}$/, { error: 'The NIN is 11 digits' });

export const BvnInput = z
  .string()
  .trim()
  .regex(/^\d{11}$/, { error: 'The BVN is 11 digits' });

export const BtinInput = z
  .string()
  .trim()
  .refine(isValidBtin, { error: 'This is not a BTIN: check the 10 digits' });

export const JtbTinInput = z
  .string()
  .trim()
  .regex(/^\d{10}$/, { error: 'The JTB TIN is 10 digits' });

/**
 * An id of the reference data (drizzle/0004): at most the largest value of its column, a smallint
 * for states and an integer for the rest, so a larger number is a 422 rather than a database error.
 */
const referenceId = (what: string, max = PG_INTEGER_MAX) =>
  z
    .number({ error: `Choose the ${what}` })
    .int()
    .positive({ error: `Choose the ${what}` })
    .max(max, { error: `Choose the ${what}` });

/** CAC numbers: RC (companies), BN (business names), IT (incorporated trustees), up to 8 digits. */
const CAC_NUMBER = /^(RC|BN|IT)?\s*-?\s*(\d{1,8})$/i;

/** `RC 123456`, `rc-123456` or `123456` with kind RC → `RC123456`; null when the format is wrong. */
export function normaliseCacNumber(input: string, kind: CacKind): string | null {
  const match = CAC_NUMBER.exec(input.trim());
  if (!match) return null;
  const prefix = match[1]?.toUpperCase();
  if (prefix && prefix !== kind) return null;
  return `${kind}${match[2]}`;
}

function notInFuture(date: string): boolean {
  return date <= todayInLagos();
}

export const DateOfBirthInput = isoDate
  .refine(notInFuture, { error: 'The date of birth cannot be in the future' })
  .refine((d) => ageOn(d, todayInLagos()) >= MINIMUM_AGE_YEARS, {
    error: `An individual taxpayer must be at least ${MINIMUM_AGE_YEARS} years old`,
  });

export const IncorporationDateInput = isoDate.refine(notInFuture, {
  error: 'The date of incorporation cannot be in the future',
});

export const DirectorInput = z.object({
  name: name("director's name", 200),
  phone: PhoneInput.nullish(),
  btin: BtinInput.nullish(),
});

/** Fields both kinds have. */
const commonShape = {
  phone: PhoneInput,
  email: EmailInput.nullish(),
  address: name('address', 300),
  stateId: referenceId('state', 32_767),
  lgaId: referenceId('LGA'),
  townId: referenceId('town').nullish(),
  jtbTin: JtbTinInput.nullish(),
};

export const individualShape = {
  ...commonShape,
  title: z.enum(TITLES).nullish(),
  firstName: name('first name'),
  middleName: optionalText(100),
  lastName: name('last name'),
  gender: z.enum(GENDERS, { error: 'Choose the gender' }),
  dateOfBirth: DateOfBirthInput,
  maritalStatus: z.enum(MARITAL_STATUSES).nullish(),
  nin: NinInput,
  bvn: BvnInput.nullish(),
  occupationId: referenceId('occupation').nullish(),
  professionId: referenceId('profession').nullish(),
  employmentStatus: z.enum(EMPLOYMENT_STATUSES, { error: 'Choose the employment status' }),
  employerName: optionalText(200),
  sourceOfIncome: optionalText(200),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._@-]{3,60}$/, {
      error: 'A username is 3–60 letters, digits, dots, dashes or underscores',
    })
    .nullish(),
};

export const corporateShape = {
  ...commonShape,
  registeredName: name('registered name', 200),
  cacKind: z.enum(CAC_KINDS, { error: 'Choose RC, BN or IT' }),
  cacNumber: z.string().trim().min(1, 'Enter the CAC number'),
  incorporationDate: IncorporationDateInput,
  sector: z.enum(SECTORS).nullish(),
  businessType: z.enum(BUSINESS_TYPES).nullish(),
  employeeCount: z.number().int().min(0).max(10_000_000).nullish(),
  directors: z.array(DirectorInput).max(30).default([]),
};

const cacNumberMatchesKind = (value: { cacNumber?: string; cacKind?: CacKind }) =>
  value.cacNumber === undefined ||
  value.cacKind === undefined ||
  normaliseCacNumber(value.cacNumber, value.cacKind) !== null;

const CAC_NUMBER_MESSAGE = {
  error: 'Enter the CAC number as its kind and up to 8 digits, e.g. RC123456',
  path: ['cacNumber'],
};

export const IndividualInput = z.object(individualShape).meta({ id: 'IndividualInput' });
export type IndividualInput = z.infer<typeof IndividualInput>;
export type IndividualForm = z.input<typeof IndividualInput>;

export const CorporateInput = z
  .object(corporateShape)
  .refine(cacNumberMatchesKind, CAC_NUMBER_MESSAGE)
  .meta({ id: 'CorporateInput' });
export type CorporateInput = z.infer<typeof CorporateInput>;
export type CorporateForm = z.input<typeof CorporateInput>;

/**
 * An edit: any field of the taxpayer's kind, its status, and the version the officer saw.
 * Fields of the other kind are refused by the server (the shapes are merged so one route
 * serves both kinds).
 */
export const TaxpayerPatch = z
  .object({ ...individualShape, ...corporateShape })
  .partial()
  .extend({
    // Not defaulted: an edit that leaves out the directors keeps them.
    directors: z.array(DirectorInput).max(30).optional(),
    status: z.enum(TAXPAYER_STATUSES).optional(),
    version: z.number().int().positive(),
  })
  .refine(cacNumberMatchesKind, CAC_NUMBER_MESSAGE)
  .meta({ id: 'TaxpayerPatch' });
export type TaxpayerPatch = z.infer<typeof TaxpayerPatch>;

/** What the registration form sends to look for the same person before saving. */
export const DuplicateCheckInput = z
  .object({
    kind: z.enum(['individual', 'corporate']),
    firstName: z.string().trim().max(100).nullish(),
    lastName: z.string().trim().max(100).nullish(),
    dateOfBirth: isoDate.nullish(),
    registeredName: z.string().trim().max(200).nullish(),
    nin: z.string().trim().max(20).nullish(),
    cacNumber: z.string().trim().max(20).nullish(),
    cacKind: z.enum(CAC_KINDS).nullish(),
    phone: z.string().trim().max(30).nullish(),
    email: z.string().trim().max(200).nullish(),
  })
  .meta({ id: 'DuplicateCheckInput' });
export type DuplicateCheckInput = z.infer<typeof DuplicateCheckInput>;
