import { normaliseNigerianPhone } from '../../../../shared/phone';
import {
  type CacKind,
  type CorporateInput,
  type IndividualInput,
  normaliseCacNumber,
  type TaxpayerKind,
} from '../../../../shared/taxpayers';
import { fieldError } from '../../../errors';
import type { DirectorRow, TaxpayerInsert } from '../queries';

/** The fields only one kind has: an edit naming a field of the other kind is refused. */
export const INDIVIDUAL_FIELDS = new Set([
  'title',
  'firstName',
  'middleName',
  'lastName',
  'gender',
  'dateOfBirth',
  'maritalStatus',
  'nin',
  'bvn',
  'occupationId',
  'professionId',
  'employmentStatus',
  'employerName',
  'sourceOfIncome',
  'username',
]);
export const CORPORATE_FIELDS = new Set([
  'registeredName',
  'cacKind',
  'cacNumber',
  'incorporationDate',
  'sector',
  'businessType',
  'employeeCount',
  'directors',
]);

export type DraftColumns = Omit<TaxpayerInsert, 'source' | 'createdBy' | 'updatedBy'> & {
  kind: TaxpayerKind;
};

/** Trimmed, with inner runs of spaces made one; empty is null. Quotes, accents and emoji are kept. */
function clean(value: string | null | undefined): string | null {
  if (value == null) return null;
  const text = value.trim().replace(/\s+/g, ' ');
  return text === '' ? null : text;
}

function phoneOf(value: string | null | undefined, field: string): string | null {
  const text = clean(value);
  if (text === null) return null;
  const phone = normaliseNigerianPhone(text);
  if (!phone) throw fieldError(field, 'Enter a Nigerian phone number, e.g. 0803 123 4567');
  return phone;
}

/**
 * The stored columns for what an officer typed: phones in E.164, e-mails lower-cased, names
 * trimmed, the CAC number with its prefix, and the display name and national tax ID derived.
 */
export function buildRow(kind: 'individual', input: IndividualInput): DraftColumns;
export function buildRow(kind: 'corporate', input: CorporateInput): DraftColumns;
export function buildRow(kind: TaxpayerKind, input: IndividualInput | CorporateInput): DraftColumns;
export function buildRow(
  kind: TaxpayerKind,
  input: IndividualInput | CorporateInput,
): DraftColumns {
  const common = {
    kind,
    phone: phoneOf(input.phone, 'phone'),
    email: clean(input.email)?.toLowerCase() ?? null,
    address: clean(input.address),
    stateId: input.stateId,
    lgaId: input.lgaId,
    townId: input.townId ?? null,
    jtbTin: clean(input.jtbTin),
  };
  if (kind === 'individual') {
    const i = input as IndividualInput;
    const firstName = clean(i.firstName) ?? '';
    const middleName = clean(i.middleName);
    const lastName = clean(i.lastName) ?? '';
    const nin = clean(i.nin);
    return {
      ...common,
      displayName: [firstName, middleName, lastName].filter(Boolean).join(' '),
      nationalTaxId: nin,
      title: i.title ?? null,
      firstName,
      middleName,
      lastName,
      gender: i.gender,
      dateOfBirth: i.dateOfBirth,
      maritalStatus: i.maritalStatus ?? null,
      nin,
      bvn: clean(i.bvn),
      occupationId: i.occupationId ?? null,
      professionId: i.professionId ?? null,
      employmentStatus: i.employmentStatus,
      employerName: clean(i.employerName),
      sourceOfIncome: clean(i.sourceOfIncome),
      username: clean(i.username),
    };
  }
  const c = input as CorporateInput;
  const registeredName = clean(c.registeredName) ?? '';
  const cacNumber = normaliseCacNumber(c.cacNumber, c.cacKind as CacKind);
  if (!cacNumber) {
    throw fieldError(
      'cacNumber',
      'Enter the CAC number as its kind and up to 8 digits, e.g. RC123456',
    );
  }
  return {
    ...common,
    displayName: registeredName,
    nationalTaxId: cacNumber,
    registeredName,
    cacKind: c.cacKind,
    cacNumber,
    incorporationDate: c.incorporationDate,
    sector: c.sector ?? null,
    businessType: c.businessType ?? null,
    employeeCount: c.employeeCount ?? null,
  };
}

export function normaliseDirectors(directors: CorporateInput['directors']): DirectorRow[] {
  return directors.map((d, i) => ({
    name: clean(d.name) ?? '',
    phone: phoneOf(d.phone, `directors.${i}.phone`),
    btin: clean(d.btin),
  }));
}
