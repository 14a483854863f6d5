import { koboToNaira, nairaToKobo } from '../../../../shared/money';
import {
  TCC_PURPOSE_LABELS,
  type TccExemptionReason,
  type TccKind,
  type TccPurpose,
} from '../../../../shared/tcc/enums';
import type { TccPreview, TccView, TccYear } from '../../../../shared/tcc/views';

/**
 * The generate form's values and the bodies they become: POST /api/v1/tcc (TccGenerateInput)
 * and POST /api/v1/tcc/{id}/resubmit (TccResubmitInput) of src/shared/tcc/input.ts. Amounts are
 * typed in naira and sent in kobo (docs/architecture.md §3); the server's field paths map to the form's.
 */

export type TccReceiptValues = {
  /** A stable React key: receipts can be removed from the middle. */
  key: string;
  number: string;
  date: string | null;
  amount: number | string;
};

/** One year typed by the officer (PAYE and MDA employees): pay, tax and PAYE remitted. */
export type TccYearValues = {
  year: number;
  income: number | string;
  tax: number | string;
  paid: number | string;
  receipts: TccReceiptValues[];
};

export type TccFormValues = {
  btin: string;
  purpose: TccPurpose | null;
  purposeDetail: string;
  sourceOfIncome: string;
  comment: string;
  /** One per year flagged in red on the preview, in its order: why it may go on. */
  justifications: { year: number; text: string }[];
  exemptionReason: TccExemptionReason | null;
  evidenceNote: string;
  employerBtin: string;
  mdaId: string | null;
  staffNumber: string;
  years: TccYearValues[];
  /** Amending a rejected certificate: what the officer changed. */
  note: string;
};

/** The kinds whose three years the officer types (the others read them from the ledger). */
export function entersYears(kind: TccKind): kind is 'paye' | 'mda-employee' {
  return kind === 'paye' || kind === 'mda-employee';
}

/** The kinds whose three years come from the taxpayer's assessments and payments. */
export function readsLedger(kind: TccKind): kind is 'direct-assessment' | 'presumptive' {
  return kind === 'direct-assessment' || kind === 'presumptive';
}

let receiptKeys = 0;

export function emptyReceipt(): TccReceiptValues {
  receiptKeys += 1;
  return { key: `tcc-receipt-${receiptKeys}`, number: '', date: null, amount: '' };
}

export function emptyYear(year: number): TccYearValues {
  return { year, income: '', tax: '', paid: '', receipts: [] };
}

export function emptyTccForm(years: readonly number[]): TccFormValues {
  return {
    btin: '',
    purpose: null,
    purposeDetail: '',
    sourceOfIncome: '',
    comment: '',
    justifications: [],
    exemptionReason: null,
    evidenceNote: '',
    employerBtin: '',
    mdaId: null,
    staffNumber: '',
    years: years.map(emptyYear),
    note: '',
  };
}

/**
 * The justifications the form asks for: one per flagged year of the table, keeping what the
 * officer (or the amended certificate) wrote for a year that is still flagged.
 */
export function justificationsFor(
  years: readonly Pick<TccYear, 'year' | 'flag'>[],
  written: readonly { year: number; text: string }[],
): { year: number; text: string }[] {
  return years
    .filter((year) => year.flag !== null)
    .map((year) => ({
      year: year.year,
      text: written.find((entry) => entry.year === year.year)?.text ?? '',
    }));
}

/** A typed amount in kobo; an empty field is left out (the schema then says it is missing). */
function koboOf(amount: number | string): number | undefined {
  if (amount === '') return undefined;
  const naira = Number(amount);
  return Number.isFinite(naira) ? nairaToKobo(naira) : Number.NaN;
}

function textOf(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The flags of typed years as the server sets them: PAYE paid short of the tax is in arrears
 * and needs a justification like a flagged year of the ledger.
 */
export function enteredFlags(values: TccFormValues): Pick<TccYear, 'year' | 'flag'>[] {
  return values.years.map((year) => {
    const tax = koboOf(year.tax);
    const paid = koboOf(year.paid);
    const short = tax !== undefined && paid !== undefined && paid < tax;
    return { year: year.year, flag: short ? 'arrears' : null };
  });
}

function enteredYears(values: TccFormValues) {
  return values.years.map((year) => ({
    year: year.year,
    incomeKobo: koboOf(year.income),
    taxKobo: koboOf(year.tax),
    paidKobo: koboOf(year.paid),
    receipts: year.receipts.map((receipt) => ({
      number: receipt.number.trim(),
      date: receipt.date ?? undefined,
      amountKobo: koboOf(receipt.amount),
    })),
  }));
}

/** What every kind says: purpose, source of income, comment and the justifications. */
function commonOf(values: TccFormValues) {
  const detail = textOf(values.purposeDetail);
  const comment = textOf(values.comment);
  return {
    purpose: values.purpose ?? undefined,
    ...(values.purpose === 'other' && detail !== undefined ? { purposeDetail: detail } : {}),
    sourceOfIncome: values.sourceOfIncome.trim(),
    ...(comment === undefined ? {} : { comment }),
    justifications: values.justifications.map((entry) => ({
      year: entry.year,
      text: entry.text.trim(),
    })),
  };
}

/** The body of POST /api/v1/tcc for the page's kind; fields of other kinds are left out. */
export function toGenerateInput(kind: TccKind, values: TccFormValues) {
  const base = { kind, btin: values.btin.trim(), ...commonOf(values) };
  switch (kind) {
    case 'direct-assessment':
    case 'presumptive':
      return base;
    case 'exemption':
      return {
        ...base,
        exemptionReason: values.exemptionReason ?? undefined,
        evidenceNote: values.evidenceNote.trim(),
      };
    case 'paye':
      return { ...base, employerBtin: values.employerBtin.trim(), years: enteredYears(values) };
    case 'mda-employee': {
      const staffNumber = textOf(values.staffNumber);
      return {
        ...base,
        mdaId: values.mdaId ?? undefined,
        ...(staffNumber === undefined ? {} : { staffNumber }),
        years: enteredYears(values),
      };
    }
  }
}

/**
 * The body of POST /api/v1/tcc/{id}/resubmit: what a rejected certificate of the kind may
 * change (its taxpayer, employer and MDA stay), and the note of what changed.
 */
export function toResubmitInput(kind: TccKind, values: TccFormValues) {
  const common = commonOf(values);
  return {
    ...common,
    ...(kind === 'exemption'
      ? {
          exemptionReason: values.exemptionReason ?? undefined,
          evidenceNote: values.evidenceNote.trim(),
        }
      : {}),
    ...(entersYears(kind) ? { years: enteredYears(values) } : {}),
    note: values.note.trim(),
  };
}

function nairaOf(kobo: number): number {
  return koboToNaira(kobo);
}

/** The form filled with a rejected certificate, for its officer to amend. */
export function valuesFromView(view: TccView): TccFormValues {
  return {
    btin: view.btin,
    purpose: view.purpose,
    purposeDetail: view.purposeDetail ?? '',
    sourceOfIncome: view.sourceOfIncome,
    comment: view.comment ?? '',
    justifications: view.years
      .filter((year) => year.flag !== null)
      .map((year) => ({ year: year.year, text: year.justification ?? '' })),
    exemptionReason: view.exemption?.reason ?? null,
    evidenceNote: view.exemption?.evidenceNote ?? '',
    employerBtin: view.employer?.btin ?? '',
    mdaId: view.mda?.id ?? null,
    staffNumber: view.staffNumber ?? '',
    years: view.years.map((year) => ({
      year: year.year,
      income: nairaOf(year.incomeKobo),
      tax: nairaOf(year.taxKobo),
      paid: nairaOf(year.paidKobo),
      receipts: year.receipts.map((receipt) => ({
        ...emptyReceipt(),
        number: receipt.number,
        date: receipt.date,
        amount: nairaOf(receipt.amountKobo),
      })),
    })),
    note: '',
  };
}

/**
 * The open certificate of this kind and purpose that the server would refuse a second beside
 * (TCC_OPEN_STATUSES: one per taxpayer, kind and purpose); the one being amended does not count.
 */
export function openForPurpose(
  open: TccPreview['open'],
  purpose: TccPurpose | null,
  amendingId?: string,
): TccPreview['open'][number] | undefined {
  if (purpose === null) return undefined;
  return open.find((tcc) => tcc.purpose === purpose && tcc.id !== amendingId);
}

export function openRefusal(tcc: TccPreview['open'][number]): string {
  return `Certificate ${tcc.number} for ${TCC_PURPOSE_LABELS[tcc.purpose].toLowerCase()} is still open: a second one for the same purpose is refused`;
}

/**
 * What an empty field says. The shared schema speaks of the body ("Enter an amount in whole
 * kobo", "Use a date like 2025-01-31"): an officer who left a box empty is told what to type.
 */
export function missingFields(kind: TccKind, values: TccFormValues): Record<string, string> {
  const missing: Record<string, string> = {};
  if (values.btin.trim() === '') missing.btin = 'Enter the taxpayer’s BTIN';
  if (kind === 'paye' && values.employerBtin.trim() === '') {
    missing.employerBtin = 'Enter the employer’s BTIN';
  }
  if (entersYears(kind)) {
    values.years.forEach((year, y) => {
      if (year.income === '') missing[`years.${y}.income`] = `Enter the income of ${year.year}`;
      if (year.tax === '') missing[`years.${y}.tax`] = `Enter the tax of ${year.year}`;
      if (year.paid === '') missing[`years.${y}.paid`] = `Enter the PAYE paid in ${year.year}`;
      year.receipts.forEach((receipt, r) => {
        const at = `years.${y}.receipts.${r}`;
        if (receipt.amount === '') missing[`${at}.amount`] = 'Enter the amount on the receipt';
        if (!receipt.date) missing[`${at}.date`] = 'Enter the date of the receipt';
      });
    });
  }
  return missing;
}

/** The API's names for the fields the officer types in naira. */
const FIELD_NAMES: Record<string, string> = {
  incomeKobo: 'income',
  taxKobo: 'tax',
  paidKobo: 'paid',
  amountKobo: 'amount',
};

const FORM_FIELDS = new Set(Object.keys(emptyTccForm([])));

/**
 * The form field an API path belongs to: `years.1.taxKobo` → `years.1.tax`,
 * `years.0.receipts.2.amountKobo` → `years.0.receipts.2.amount`, `justifications.0.text` stays.
 * Null for a path the form has no field for (`kind`).
 */
export function formPathOf(apiPath: string): string | null {
  const parts = apiPath.split('.').filter((part) => part !== '');
  const [head] = parts;
  if (head === undefined || !FORM_FIELDS.has(head)) return null;
  return parts.map((part) => FIELD_NAMES[part] ?? part).join('.');
}
