import { formatKoboAsNaira as formatNaira } from '../money';
import { nairaTextToKobo } from '../tcc/bulk';
import { evenMonths, MONTHS, sumKobo } from './phasing';

/**
 * The budget import file (docs/budgets.md "The import file"): CSV or XLSX (first sheet), a
 * header line, then one budget line a row. Headers are matched whatever their case and spacing;
 * other columns (the template's MDA and revenue head names) are ignored.
 *
 * | column | required | what |
 * |---|---|---|
 * | MDA code | yes | the MDA's code, as on the MDA page |
 * | economic code | yes | the 8-digit economic code of one of that MDA's revenue heads |
 * | annual amount (₦) | yes | naira, at most 2 decimals ("1,500,000.00") |
 * | Jan … Dec | no | naira per month; all twelve or none; they add up to the annual amount |
 *
 * A row without months (no month columns, or all twelve blank) is phased evenly (phasing.ts).
 *
 * A row whose amounts are all blank is skipped: the template lists every revenue head, and a
 * head left blank is not budgeted. Shared by the server (which reads the file) and the page
 * (which shows the format).
 */

export const BUDGET_IMPORT_KIND = 'budget-import';
export const BUDGET_IMPORT_MAX_ROWS = 5_000;
/** 5,000 rows of 14 amounts, with room for the template's name columns. */
export const BUDGET_IMPORT_MAX_BYTES = 4 * 1024 * 1024;

export const BUDGET_COLUMNS = {
  mdaCode: 'MDA code',
  economicCode: 'economic code',
  annual: 'annual amount (₦)',
} as const;

/** The template's header, in order: the names are there for people and ignored on import. */
export const BUDGET_TEMPLATE_HEADER = [
  BUDGET_COLUMNS.mdaCode,
  'MDA',
  BUDGET_COLUMNS.economicCode,
  'revenue head',
  BUDGET_COLUMNS.annual,
  ...MONTHS,
] as const;

/** "Annual  Amount (₦)" → "annualamount": case, spaces and a currency suffix do not count. */
const keyOf = (cell: string) =>
  cell
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/\((₦|n|ngn|naira)\)$/, '');

const MONTH_KEYS = MONTHS.map((m) => m.toLowerCase());
const FULL_MONTH_KEYS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

export type BudgetColumns = {
  mdaCode: number;
  economicCode: number;
  annual: number;
  /** January to December, or null when the file gives no months (even phasing). */
  months: number[] | null;
};

export function readBudgetHeader(
  cells: readonly string[],
): { ok: true; columns: BudgetColumns } | { ok: false; problem: string } {
  const keys = cells.map(keyOf);
  const find = (...wanted: string[]) => keys.findIndex((k) => wanted.includes(k));
  const mdaCode = find('mdacode');
  const economicCode = find('economiccode');
  const annual = find('annualamount', 'annual');
  const months = MONTH_KEYS.map((m, i) => find(m, FULL_MONTH_KEYS[i] as string));
  const problems: string[] = [];
  const missing = [
    mdaCode < 0 ? BUDGET_COLUMNS.mdaCode : null,
    economicCode < 0 ? BUDGET_COLUMNS.economicCode : null,
    annual < 0 ? BUDGET_COLUMNS.annual : null,
  ].filter((m) => m !== null);
  if (missing.length > 0) problems.push(`it lacks ${missing.map((m) => `"${m}"`).join(', ')}`);
  const given = months.filter((i) => i >= 0).length;
  if (given > 0 && given < 12) {
    const lacking = MONTHS.filter((_, i) => (months[i] as number) < 0);
    problems.push(`it gives some months but not ${lacking.join(', ')}: give all twelve or none`);
  }
  const repeated = keys.filter((k, i) => k !== '' && keys.indexOf(k) !== i);
  const known = new Set(['mdacode', 'economiccode', 'annualamount', 'annual', ...MONTH_KEYS]);
  const repeatedKnown = [...new Set(repeated.filter((k) => known.has(k)))];
  if (repeatedKnown.length > 0) problems.push(`it repeats ${repeatedKnown.join(', ')}`);
  if (problems.length > 0) {
    return {
      ok: false,
      problem: `The header is not a budget file's: ${problems.join('; ')}. The header must hold "MDA code", "economic code", "annual amount (₦)" and, for a phasing of your own, Jan to Dec (download the template).`,
    };
  }
  return {
    ok: true,
    columns: { mdaCode, economicCode, annual, months: given === 12 ? months : null },
  };
}

/** One problem of one row: its line in the file (or row on the page), the field, why. */
export type BudgetRowProblem = { line: number; field: string; problem: string };

export type BudgetFileRow = {
  line: number;
  mdaCode: string;
  economicCode: string;
  annualKobo: number;
  months: number[];
  /** True when the months were phased evenly because the file gave none. */
  isEvenlyPhased: boolean;
};

function amountProblem(text: string): string | null {
  if (text.trim() === '') return 'is blank';
  if (/^\s*-/.test(text) || /^\s*\(.*\)\s*$/.test(text)) return `is negative (${text.trim()})`;
  return nairaTextToKobo(text) === null
    ? `is not an amount of naira ("${text.trim().slice(0, 30)}")`
    : null;
}

/**
 * A data row read by the header's columns: the row, null for a row with no amount at all
 * (skipped), or its problems. Whether the MDA and revenue head exist is the server's check.
 */
export function readBudgetRow(
  line: number,
  cells: readonly string[],
  columns: BudgetColumns,
): { row: BudgetFileRow | null; problems: BudgetRowProblem[] } {
  const cell = (i: number) => (cells[i] ?? '').trim();
  const annualText = cell(columns.annual);
  const monthTexts = columns.months?.map(cell) ?? [];
  if (annualText === '' && monthTexts.every((m) => m === '')) return { row: null, problems: [] };
  const problems: BudgetRowProblem[] = [];
  const mdaCode = cell(columns.mdaCode);
  const economicCode = cell(columns.economicCode);
  if (mdaCode === '') problems.push({ line, field: BUDGET_COLUMNS.mdaCode, problem: 'is blank' });
  if (!/^\d{8}$/.test(economicCode)) {
    problems.push({
      line,
      field: BUDGET_COLUMNS.economicCode,
      problem:
        economicCode === ''
          ? 'is blank'
          : `"${economicCode.slice(0, 20)}" is not an 8-digit economic code`,
    });
  }
  const annualProblem = amountProblem(annualText);
  if (annualProblem) problems.push({ line, field: BUDGET_COLUMNS.annual, problem: annualProblem });
  // A row may leave every month blank even under month columns: it is phased evenly then.
  const hasMonths = monthTexts.some((m) => m !== '');
  const monthsKobo: number[] = [];
  (hasMonths ? monthTexts : []).forEach((text, i) => {
    const problem = amountProblem(text);
    if (problem) problems.push({ line, field: MONTHS[i] as string, problem });
    else monthsKobo.push(nairaTextToKobo(text) as number);
  });
  if (problems.length > 0) return { row: null, problems };
  const annualKobo = nairaTextToKobo(annualText) as number;
  if (hasMonths && sumKobo(monthsKobo) !== annualKobo) {
    problems.push({
      line,
      field: 'Jan … Dec',
      problem: `the months add up to ${formatNaira(sumKobo(monthsKobo))}, not the annual ${formatNaira(annualKobo)}`,
    });
    return { row: null, problems };
  }
  return {
    row: {
      line,
      mdaCode,
      economicCode,
      annualKobo,
      months: hasMonths ? monthsKobo : evenMonths(annualKobo),
      isEvenlyPhased: !hasMonths,
    },
    problems,
  };
}
