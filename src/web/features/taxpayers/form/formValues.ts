import { randomId } from '@mantine/hooks';
import { BAYELSA_STATE_ID } from '../../../../shared/states';
import type {
  CorporateForm,
  IndividualForm,
  TaxpayerStatus,
  TaxpayerView,
} from '../../../../shared/taxpayers';
import { formatPhone } from '../../../lib/format';

/**
 * What the registration and edit forms hold: text as typed, a select's choice as its string
 * value (or null). `to…Input` turns them into the shared schemas' input, which both checks the
 * form in the browser and is the body sent.
 */
type Choice = string | null;

/** A body not yet checked: a required choice may still be missing. */
export type DraftInput<T> = Partial<T>;

export type LocationValues = { stateId: Choice; lgaId: Choice; townId: Choice };

type CommonValues = LocationValues & {
  phone: string;
  email: string;
  address: string;
  jtbTin: string;
  /** Edit only: the taxpayer's status. */
  status: Choice;
};

export type IndividualValues = CommonValues & {
  title: Choice;
  firstName: string;
  middleName: string;
  lastName: string;
  gender: Choice;
  dateOfBirth: string;
  maritalStatus: Choice;
  nin: string;
  bvn: string;
  occupationId: Choice;
  /** Only narrows the profession choice; not sent. */
  professionCategory: Choice;
  professionSubcategory: Choice;
  professionId: Choice;
  employmentStatus: Choice;
  employerName: string;
  sourceOfIncome: string;
  username: string;
};

export type DirectorValues = { key: string; name: string; phone: string; btin: string };

export type CorporateValues = CommonValues & {
  registeredName: string;
  cacKind: Choice;
  cacNumber: string;
  incorporationDate: string;
  sector: Choice;
  businessType: Choice;
  employeeCount: string;
  directors: DirectorValues[];
};

const text = (value: string | null | undefined) => value ?? '';
const choice = (value: string | number | null | undefined): Choice =>
  value === null || value === undefined ? null : String(value);
/** An optional text left empty is sent as null ("not known"). */
const optionalText = (value: string) => (value.trim() === '' ? null : value);
/** A required choice left empty is sent as undefined, so the schema says "Choose the …". */
const requiredId = (value: Choice) => (value === null ? undefined : Number(value));
const optionalId = (value: Choice) => (value === null ? null : Number(value));

function commonValues(view?: TaxpayerView): CommonValues {
  return {
    // Shown as staff write it; any form typed is accepted and stored in E.164 by the server.
    phone: formatPhone(view?.phone ?? null),
    email: text(view?.email),
    address: text(view?.address),
    jtbTin: text(view?.jtbTin),
    stateId: view ? choice(view.stateId) : String(BAYELSA_STATE_ID),
    lgaId: choice(view?.lgaId),
    townId: choice(view?.townId),
    status: choice(view?.status),
  };
}

function commonInput(values: CommonValues) {
  return {
    phone: values.phone,
    email: optionalText(values.email),
    address: values.address,
    jtbTin: optionalText(values.jtbTin),
    stateId: requiredId(values.stateId),
    lgaId: requiredId(values.lgaId),
    townId: optionalId(values.townId),
  };
}

export function individualValues(view?: TaxpayerView): IndividualValues {
  return {
    ...commonValues(view),
    title: choice(view?.title),
    firstName: text(view?.firstName),
    middleName: text(view?.middleName),
    lastName: text(view?.lastName),
    gender: choice(view?.gender),
    dateOfBirth: text(view?.dateOfBirth),
    maritalStatus: choice(view?.maritalStatus),
    nin: text(view?.nin),
    bvn: text(view?.bvn),
    occupationId: choice(view?.occupationId),
    professionCategory: choice(view?.professionPath?.categoryCode),
    professionSubcategory: choice(view?.professionPath?.subcategoryCode),
    professionId: choice(view?.professionId),
    employmentStatus: choice(view?.employmentStatus),
    employerName: text(view?.employerName),
    sourceOfIncome: text(view?.sourceOfIncome),
    username: text(view?.username),
  };
}

export function toIndividualInput(values: IndividualValues): DraftInput<IndividualForm> {
  return {
    ...commonInput(values),
    title: values.title as IndividualForm['title'],
    firstName: values.firstName,
    middleName: optionalText(values.middleName),
    lastName: values.lastName,
    gender: (values.gender ?? undefined) as IndividualForm['gender'],
    dateOfBirth: values.dateOfBirth,
    maritalStatus: values.maritalStatus as IndividualForm['maritalStatus'],
    nin: values.nin,
    bvn: optionalText(values.bvn),
    occupationId: optionalId(values.occupationId),
    professionId: optionalId(values.professionId),
    employmentStatus: (values.employmentStatus ?? undefined) as IndividualForm['employmentStatus'],
    employerName: optionalText(values.employerName),
    sourceOfIncome: optionalText(values.sourceOfIncome),
    username: optionalText(values.username),
  };
}

export function emptyDirector(): DirectorValues {
  return { key: randomId(), name: '', phone: '', btin: '' };
}

export function corporateValues(view?: TaxpayerView): CorporateValues {
  return {
    ...commonValues(view),
    registeredName: text(view?.registeredName),
    cacKind: view ? choice(view.cacKind) : 'RC',
    cacNumber: text(view?.cacNumber),
    incorporationDate: text(view?.incorporationDate),
    sector: choice(view?.sector),
    businessType: choice(view?.businessType),
    employeeCount: view?.employeeCount == null ? '' : String(view.employeeCount),
    directors: (view?.directors ?? []).map((director) => ({
      key: randomId(),
      name: director.name,
      phone: formatPhone(director.phone),
      btin: text(director.btin),
    })),
  };
}

export function toCorporateInput(values: CorporateValues): DraftInput<CorporateForm> {
  const count = values.employeeCount.trim();
  return {
    ...commonInput(values),
    registeredName: values.registeredName,
    cacKind: (values.cacKind ?? undefined) as CorporateForm['cacKind'],
    cacNumber: values.cacNumber,
    incorporationDate: values.incorporationDate,
    sector: values.sector as CorporateForm['sector'],
    businessType: values.businessType as CorporateForm['businessType'],
    employeeCount: count === '' ? null : Number(count),
    directors: values.directors.map((director) => ({
      name: director.name,
      phone: optionalText(director.phone),
      btin: optionalText(director.btin),
    })),
  };
}

/** The status an edit sets, when it changed. */
export function changedStatus(initial: Choice, current: Choice): TaxpayerStatus | undefined {
  return current !== null && current !== initial ? (current as TaxpayerStatus) : undefined;
}
