import type { AssessmentKind } from '../../../../shared/assessments/enums';
import { nairaToKobo } from '../../../../shared/money';

/**
 * The backlog capture form's values and the body they become (POST /api/v1/assessments/backlog,
 * BacklogAssessmentInput of src/shared/assessments/input.ts). Amounts are typed in naira and
 * sent in kobo (docs/architecture.md §3); the server's field paths are mapped to the form's.
 */

export type ReceiptValues = {
  /** A stable React key: receipts can be removed from the middle. */
  key: string;
  mdaId: string | null;
  /** Empty for a paper receipt without an RRR: recorded as a manual payment. */
  rrr: string;
  receiptNumber: string;
  amount: number | string;
  paidOn: string | null;
};

export type BacklogValues = {
  btin: string;
  taxYear: number | string;
  grossIncome: number | string;
  chargeableIncome: number | string;
  tax: number | string;
  tradeCategoryId: string | null;
  evidenceNote: string;
  receipts: ReceiptValues[];
};

let receiptKeys = 0;

export function emptyReceipt(mdaId: string | null = null): ReceiptValues {
  receiptKeys += 1;
  return {
    key: `receipt-${receiptKeys}`,
    mdaId,
    rrr: '',
    receiptNumber: '',
    amount: '',
    paidOn: null,
  };
}

export function emptyBacklog(): BacklogValues {
  return {
    btin: '',
    taxYear: '',
    grossIncome: '',
    chargeableIncome: '',
    tax: '',
    tradeCategoryId: null,
    evidenceNote: '',
    receipts: [emptyReceipt()],
  };
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

/** The body the form sends; fields the officer left empty are absent, not empty strings. */
export function toBacklogInput(kind: AssessmentKind, values: BacklogValues) {
  const chargeable = koboOf(values.chargeableIncome);
  const note = textOf(values.evidenceNote);
  return {
    kind,
    btin: values.btin.trim(),
    taxYear: values.taxYear === '' ? undefined : Number(values.taxYear),
    grossIncomeKobo: koboOf(values.grossIncome),
    ...(chargeable === undefined ? {} : { chargeableIncomeKobo: chargeable }),
    taxKobo: koboOf(values.tax),
    ...(kind === 'presumptive' && values.tradeCategoryId
      ? { tradeCategoryId: values.tradeCategoryId }
      : {}),
    ...(note === undefined ? {} : { evidenceNote: note }),
    receipts: values.receipts.map((receipt) => {
      const rrr = textOf(receipt.rrr);
      const receiptNumber = textOf(receipt.receiptNumber);
      return {
        mdaId: receipt.mdaId ?? undefined,
        ...(rrr === undefined ? {} : { rrr }),
        ...(receiptNumber === undefined ? {} : { receiptNumber }),
        amountKobo: koboOf(receipt.amount),
        paidOn: receipt.paidOn ?? undefined,
      };
    }),
  };
}

/**
 * What an empty field says. The shared schema speaks of the body ("Enter an amount in whole
 * kobo", "Use a date like 2024-01-31"): an officer who left a box empty is told what to type.
 */
export function missingFields(values: BacklogValues): Record<string, string> {
  const missing: Record<string, string> = {};
  if (values.grossIncome === '') missing.grossIncome = 'Enter the gross income on the notice';
  if (values.tax === '') missing.tax = 'Enter the tax on the notice';
  values.receipts.forEach((receipt, index) => {
    if (receipt.amount === '') missing[`receipts.${index}.amount`] = 'Enter the amount paid';
    if (!receipt.paidOn) missing[`receipts.${index}.paidOn`] = 'Enter the date it was paid';
  });
  return missing;
}

/** The API's names for the fields the officer types in naira. */
const FIELD_NAMES: Record<string, string> = {
  grossIncomeKobo: 'grossIncome',
  chargeableIncomeKobo: 'chargeableIncome',
  taxKobo: 'tax',
  amountKobo: 'amount',
};

/**
 * The form field an API path belongs to: `taxKobo` → `tax`, `receipts.1.amountKobo` →
 * `receipts.1.amount`; `receipts` alone (none entered) stays `receipts`. Null for a path the
 * form has no field for (`kind`).
 */
export function formPathOf(apiPath: string): string | null {
  const [head = '', index, field] = apiPath.split('.');
  if (head === 'receipts') {
    if (index === undefined) return 'receipts';
    if (!/^\d+$/.test(index)) return null;
    if (field === undefined) return `receipts.${index}`;
    return `receipts.${index}.${FIELD_NAMES[field] ?? field}`;
  }
  const name = FIELD_NAMES[head] ?? head;
  return name in emptyBacklog() ? name : null;
}
