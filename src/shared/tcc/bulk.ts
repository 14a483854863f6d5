import { z } from 'zod';
import { PageQuery, pageOf } from '../pagination';
import { JOB_STATUSES } from '../payments/enums';
import { TCC_PURPOSE_LABELS, TCC_PURPOSES, TCC_YEARS_COVERED, type TccPurpose } from './enums';
import { TccGenerateInput } from './input';

/**
 * The payroll file of an MDA's employees (docs/product.md §2 taxs/generate-mda-tcc, §7 "POST
 * generate/mda/employee/tcc"): one certificate per row, generated in a background job like the
 * RRR batch (docs/architecture.md §9 long work). This file is the contract of the file and of each row's
 * outcome, shared by the upload, the job, the template and the web panel.
 *
 * The file, CSV (UTF-8, comma separated) or XLSX (first sheet), has a header line then one
 * employee per line. Column names are case-insensitive and may come in any order:
 *
 * | column | required | what |
 * |---|---|---|
 * | btin | yes | the employee's BTIN, 10 digits with its check digit (a registered taxpayer) |
 * | staff_number | column yes, value optional | the MDA's staff number |
 * | purpose | yes | contract, loan, visa, employment, registration, land or other |
 * | purpose_detail | when purpose is other | what the certificate is for, in words |
 * | source_of_income | yes | e.g. "Salary, Ministry of Health" |
 * | year_N, income_N, tax_N, paid_N (N = 1, 2, 3) | yes | the year; pay, tax due and PAYE deducted that year, in naira with at most 2 decimals |
 * | justification_N | when year N is not fully paid | why the year may go on (the certificate's red flag) |
 * | comment | no | a comment printed on the certificate |
 * | duplicate_reason | no | why a second certificate goes on while the employee holds an approved, unexpired one of the purpose (without it the row fails, naming that certificate) |
 *
 * A file that cannot be read, or whose header is wrong, is refused at upload with words; a bad
 * row is not: it gets outcome `failed` and its reason, and the other rows are generated.
 */

/** The columns every file must have, in the template's order. */
export const TCC_BATCH_REQUIRED_COLUMNS = [
  'btin',
  'staff_number',
  'purpose',
  'source_of_income',
  ...Array.from({ length: TCC_YEARS_COVERED }, (_, i) => [
    `year_${i + 1}`,
    `income_${i + 1}`,
    `tax_${i + 1}`,
    `paid_${i + 1}`,
  ]).flat(),
] as const;

/** Columns a file may add. */
export const TCC_BATCH_OPTIONAL_COLUMNS = [
  'purpose_detail',
  'comment',
  'duplicate_reason',
  ...Array.from({ length: TCC_YEARS_COVERED }, (_, i) => `justification_${i + 1}`),
] as const;

/** The file's limits, in enums.ts: the upload panel's first draw says them without zod. */
export { TCC_BATCH_MAX_BYTES, TCC_BATCH_MAX_ROWS } from './enums';

/** The kind of job an upload makes (jobs.kind). */
export const TCC_MDA_BATCH = 'tcc-mda-batch';

/** A row's outcome: a certificate was generated from it, or not and why. */
export const TCC_BATCH_OUTCOMES = ['generated', 'failed'] as const;
export type TccBatchOutcome = (typeof TCC_BATCH_OUTCOMES)[number];

/** Where each column is in the file's header (0-based), or null for an optional one left out. */
export type TccBatchColumns = Record<string, number>;

/**
 * The header's columns by name, or why the header is wrong (missing, unknown or repeated
 * names), in words the officer can act on.
 */
export function readTccBatchHeader(
  cells: readonly string[],
): { ok: true; columns: TccBatchColumns } | { ok: false; problem: string } {
  const names = cells.map((cell) => cell.trim().toLowerCase().replace(/\s+/g, '_'));
  const known = new Set<string>([...TCC_BATCH_REQUIRED_COLUMNS, ...TCC_BATCH_OPTIONAL_COLUMNS]);
  // Trailing empty header cells are what a spreadsheet leaves after the last column.
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const problems: string[] = [];
  const missing = TCC_BATCH_REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  if (missing.length > 0) problems.push(`missing ${missing.join(', ')}`);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    problems.push(
      `unknown ${unknown.map((n) => (n ? `"${n}"` : 'an empty column name')).join(', ')}`,
    );
  }
  const repeated = names.filter((name, i) => name && names.indexOf(name) !== i);
  if (repeated.length > 0) problems.push(`repeated ${[...new Set(repeated)].join(', ')}`);
  if (problems.length > 0) {
    return {
      ok: false,
      problem: `The header line is not the template's: ${problems.join('; ')}. Download the template and keep its first line as it is.`,
    };
  }
  return { ok: true, columns: Object.fromEntries(names.map((name, i) => [name, i])) };
}

/**
 * "1,500.50", "1500.5", "₦1500" → kobo (text typed or read from a file; shared/money nairaToKobo
 * takes a number); null when it is not an amount of naira with at most two
 * decimals. Worked on the text, never as a float, so no kobo is lost on the way.
 */
export function nairaTextToKobo(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^₦\s*/, '')
    .replace(/^N(?=\d)/i, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const naira = Number((match[1] as string).replaceAll(',', ''));
  const kobo = Number((match[2] ?? '').padEnd(2, '0'));
  const total = naira * 100 + kobo;
  return Number.isSafeInteger(total) ? total : null;
}

/** The purpose as written: its code (`loan`) or its label (`Bank loan`), any case. */
function purposeOf(text: string): TccPurpose | null {
  const wanted = text.trim().toLowerCase();
  for (const purpose of TCC_PURPOSES) {
    if (purpose === wanted || TCC_PURPOSE_LABELS[purpose].toLowerCase() === wanted) return purpose;
  }
  return null;
}

/** A row read into the generate input (without the MDA, chosen at upload), or why it cannot be. */
export type TccBatchRowRead =
  | { ok: true; input: TccBatchRowInput }
  | { ok: false; btin: string; problem: string };

/** What a good row becomes: the mda-employee generate input less its `mdaId`. */
export type TccBatchRowInput = Omit<Extract<TccGenerateInput, { kind: 'mda-employee' }>, 'mdaId'>;

/**
 * One data row of the file, as cells, read with the header's columns and checked with the very
 * schema the generate route uses (TccGenerateInput): a row fails here with the words a form
 * would show. What only the database knows (the BTIN exists, an open certificate) is left to
 * the generate service when the job runs the row.
 */
export function readTccBatchRow(
  cells: readonly string[],
  columns: TccBatchColumns,
  mdaId: string,
): TccBatchRowRead {
  const cell = (name: string) => {
    const at = columns[name];
    return at === undefined ? '' : (cells[at] ?? '').trim();
  };
  const btin = cell('btin');
  const fail = (problem: string): TccBatchRowRead => ({ ok: false, btin, problem });
  if (
    cells.length > Object.keys(columns).length &&
    cells.slice(Object.keys(columns).length).some((c) => c.trim())
  ) {
    return fail(
      `This row has ${cells.length} values; the header has ${Object.keys(columns).length}.`,
    );
  }
  const purposeText = cell('purpose');
  const purpose = purposeOf(purposeText);
  if (!purpose) {
    return fail(
      purposeText
        ? `"${purposeText}" is not a purpose: use one of ${TCC_PURPOSES.join(', ')}.`
        : `The purpose is missing: use one of ${TCC_PURPOSES.join(', ')}.`,
    );
  }
  const years = [];
  const justifications = [];
  for (let n = 1; n <= TCC_YEARS_COVERED; n += 1) {
    const yearText = cell(`year_${n}`);
    const year = /^\d{4}$/.test(yearText) ? Number(yearText) : null;
    if (year === null) {
      return fail(
        yearText
          ? `year_${n} "${yearText}" is not a year (e.g. 2024).`
          : `year_${n} is missing (e.g. 2024).`,
      );
    }
    const amounts: Record<'income' | 'tax' | 'paid', number> = { income: 0, tax: 0, paid: 0 };
    for (const field of ['income', 'tax', 'paid'] as const) {
      const text = cell(`${field}_${n}`);
      const kobo = nairaTextToKobo(text);
      if (kobo === null) {
        return fail(
          text
            ? `${field}_${n} "${text}" is not an amount in naira (e.g. 1500000.00).`
            : `${field}_${n} is missing: write 0.00 if there was none.`,
        );
      }
      amounts[field] = kobo;
    }
    years.push({
      year,
      incomeKobo: amounts.income,
      taxKobo: amounts.tax,
      paidKobo: amounts.paid,
      receipts: [],
    });
    const justification = cell(`justification_${n}`);
    if (justification) justifications.push({ year, text: justification });
  }
  const parsed = TccGenerateInput.safeParse({
    kind: 'mda-employee',
    btin,
    mdaId,
    staffNumber: cell('staff_number') || undefined,
    purpose,
    purposeDetail: cell('purpose_detail') || undefined,
    sourceOfIncome: cell('source_of_income'),
    comment: cell('comment') || undefined,
    duplicateReason: cell('duplicate_reason') || undefined,
    justifications,
    years,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${columnOf(issue.path)}: ` : '';
    return fail(`${where}${issue?.message ?? 'This row is not valid.'}`);
  }
  if (parsed.data.kind !== 'mda-employee') throw new Error('parsed a row into another kind');
  const { mdaId: _mdaId, ...input } = parsed.data;
  return { ok: true, input };
}

/** The file's column a schema path points to (`years.1.taxKobo` → tax_2). */
function columnOf(path: readonly PropertyKey[]): string {
  const [head, index, field] = path;
  const n = typeof index === 'number' ? index + 1 : '';
  switch (head) {
    case 'years':
      return field === 'incomeKobo'
        ? `income_${n}`
        : field === 'taxKobo'
          ? `tax_${n}`
          : field === 'paidKobo'
            ? `paid_${n}`
            : `year_${n}`;
    case 'justifications':
      return `justification_${n}`;
    case 'staffNumber':
      return 'staff_number';
    case 'duplicateReason':
      return 'duplicate_reason';
    case 'sourceOfIncome':
      return 'source_of_income';
    case 'purposeDetail':
      return 'purpose_detail';
    default:
      return String(head);
  }
}

/** The template: its header and one example employee, so the format explains itself. */
export function tccBatchTemplateRows(firstYear: number): string[][] {
  const header = [...TCC_BATCH_REQUIRED_COLUMNS, ...TCC_BATCH_OPTIONAL_COLUMNS];
  const example: Record<string, string> = {
    btin: '2000000000',
    staff_number: 'MOH/2019/0042',
    purpose: 'loan',
    purpose_detail: '',
    source_of_income: 'Salary, Ministry of Health',
    comment: '',
  };
  for (let n = 1; n <= TCC_YEARS_COVERED; n += 1) {
    example[`year_${n}`] = String(firstYear + n - 1);
    example[`income_${n}`] = '3600000.00';
    example[`tax_${n}`] = '312000.00';
    example[`paid_${n}`] = '312000.00';
    example[`justification_${n}`] = '';
  }
  return [header, header.map((name) => example[name] ?? '')];
}

// ---- The API's views of a batch -------------------------------------------------------------

export const TccBatchIdParams = z.object({ id: z.uuid({ error: 'Not a batch id' }) });

export const TccBatchAccepted = z.object({ jobId: z.uuid() }).meta({ id: 'TccBatchAccepted' });
export type TccBatchAccepted = z.infer<typeof TccBatchAccepted>;

/** A batch's progress: poll it until `status` is `succeeded` or `failed`. */
export const TccBatchView = z
  .object({
    id: z.uuid(),
    status: z.enum(JOB_STATUSES),
    fileName: z.string(),
    mda: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    total: z.number().int(),
    /** Rows with an outcome so far (generated + failed). */
    done: z.number().int(),
    generated: z.number().int(),
    failed: z.number().int(),
    /** Why the whole batch stopped, in words for the officer. */
    error: z.string().nullable(),
    createdAt: z.string(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'TccBatch' });
export type TccBatchView = z.infer<typeof TccBatchView>;

export const TccBatchRowView = z.object({
  /** The row's line in the file (the header is line 1). */
  lineNumber: z.number().int(),
  btin: z.string(),
  staffNumber: z.string().nullable(),
  /** Null while the row waits for the job. */
  outcome: z.enum(TCC_BATCH_OUTCOMES).nullable(),
  tccId: z.uuid().nullable(),
  /** The certificate's number when one was generated. */
  number: z.string().nullable(),
  message: z.string().nullable(),
});
export type TccBatchRowView = z.infer<typeof TccBatchRowView>;

export const TccBatchRowsQuery = PageQuery.extend({
  outcome: z.enum(TCC_BATCH_OUTCOMES).optional(),
});
export type TccBatchRowsQuery = z.output<typeof TccBatchRowsQuery>;

export const TccBatchRowsPage = pageOf(TccBatchRowView).meta({ id: 'TccBatchRowsPage' });
export type TccBatchRowsPage = z.infer<typeof TccBatchRowsPage>;
