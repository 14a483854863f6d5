import { isStorableText } from '../assessments/text';
import { nairaTextToKobo } from '../tcc/bulk';
import { SSC_GRADE_LEVEL_MAX, SSC_GRADE_LEVEL_MIN } from './enums';

/**
 * An SSC schedule's rows as an MDA sends them (docs/tax-rules.md "SSC levies"), in a file (CSV
 * UTF-8 or XLSX, first sheet) or typed by hand. The file has a header line then one person per
 * line; column names are case-insensitive, spaces or underscores alike, in any order:
 *
 * | column | what |
 * |---|---|
 * | staff_id | the MDA's staff id (file number, IPPIS number); once per schedule |
 * | name | the person's name as on the payroll |
 * | grade_level | 1 to 17, written "8", "08", "GL 8" or "GL08"; a band of the category's rates must cover it |
 * | gross_monthly_pay | naira with at most 2 decimals ("150000", "150,000.50") |
 *
 * Unlike the bulk TCC upload, one bad row refuses the whole schedule (422 naming each row and
 * field): a schedule is billed as one amount, so half of one is of no use to anybody.
 */

export const SSC_FILE_COLUMNS = ['staff_id', 'name', 'grade_level', 'gross_monthly_pay'] as const;
export type SscFileColumn = (typeof SSC_FILE_COLUMNS)[number];

/** A row's problem: the line in the file (the header is line 1) and the column. */
export type SscRowProblem = { line: number; field: SscFileColumn | 'header'; message: string };

/** A row as read, before its levy is found. */
export type SscRowInput = {
  line: number;
  staffId: string;
  name: string;
  gradeLevel: number;
  grossKobo: number;
};

export function readSscHeader(
  cells: readonly string[],
): { ok: true; columns: Record<SscFileColumn, number> } | { ok: false; problem: string } {
  const names = cells.map((cell) =>
    cell
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_'),
  );
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const problems: string[] = [];
  const missing = SSC_FILE_COLUMNS.filter((name) => !names.includes(name));
  if (missing.length > 0) problems.push(`missing ${missing.join(', ')}`);
  const known = new Set<string>(SSC_FILE_COLUMNS);
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
      problem: `The header line must be ${SSC_FILE_COLUMNS.join(', ')}: ${problems.join('; ')}.`,
    };
  }
  const columns = Object.fromEntries(SSC_FILE_COLUMNS.map((c) => [c, names.indexOf(c)]));
  return { ok: true, columns: columns as Record<SscFileColumn, number> };
}

/** "8", "08", "GL 8", "GL08", "gl-8" → 8; null when it is not a grade level of 1 to 17. */
export function parseGradeLevel(text: string): number | null {
  const match = /^(?:gl\s*[-.]?\s*)?(\d{1,2})$/i.exec(text.trim());
  if (!match) return null;
  const level = Number(match[1]);
  return level >= SSC_GRADE_LEVEL_MIN && level <= SSC_GRADE_LEVEL_MAX ? level : null;
}

/** A NUL byte or a broken character: no database stores it (docs/decisions/0022). */
const UNSTORABLE = 'Remove the invisible or broken characters from this cell.';

/** The longest staff id and name kept: longer text is a pasted paragraph, not a payroll cell. */
const MAX_STAFF_ID = 40;
const MAX_NAME = 120;

/**
 * Each row read, or every problem of every row (all of them, so the officer fixes the file
 * once). A staff id seen on an earlier line is a duplicate. The grade level is checked against
 * the rates by the caller (`gradeLevelKnown`), who knows the category and the month.
 */
export function readSscRows(
  rows: readonly { line: number; cells: Record<SscFileColumn, string> }[],
  gradeLevelKnown: (gradeLevel: number) => boolean,
): { ok: true; rows: SscRowInput[] } | { ok: false; problems: SscRowProblem[] } {
  const problems: SscRowProblem[] = [];
  const read: SscRowInput[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, cells } of rows) {
    const problem = (field: SscFileColumn, message: string) =>
      problems.push({ line, field, message });
    const staffId = cells.staff_id.trim();
    const name = cells.name.trim().replace(/\s+/g, ' ');
    if (!staffId) problem('staff_id', 'Give the staff id.');
    else if (!isStorableText(staffId)) problem('staff_id', UNSTORABLE);
    else if (staffId.length > MAX_STAFF_ID)
      problem('staff_id', `At most ${MAX_STAFF_ID} characters.`);
    else {
      const key = staffId.toUpperCase();
      const first = firstLineOf.get(key);
      if (first !== undefined)
        problem('staff_id', `Staff id ${staffId} is also on line ${first}: each person once.`);
      else firstLineOf.set(key, line);
    }
    if (!name) problem('name', 'Give the name.');
    else if (!isStorableText(name)) problem('name', UNSTORABLE);
    else if (name.length > MAX_NAME) problem('name', `At most ${MAX_NAME} characters.`);
    const gradeLevel = parseGradeLevel(cells.grade_level);
    if (gradeLevel === null) {
      problem(
        'grade_level',
        `"${cells.grade_level.trim()}" is not a grade level: write a number from ${SSC_GRADE_LEVEL_MIN} to ${SSC_GRADE_LEVEL_MAX} (e.g. 8 or GL 08).`,
      );
    } else if (!gradeLevelKnown(gradeLevel)) {
      problem(
        'grade_level',
        `Grade level ${gradeLevel} has no SSC rate for this category and month.`,
      );
    }
    const grossKobo = nairaTextToKobo(cells.gross_monthly_pay);
    if (grossKobo === null) {
      problem(
        'gross_monthly_pay',
        `"${cells.gross_monthly_pay.trim()}" is not an amount in naira: write e.g. 150000 or 150,000.50.`,
      );
    } else if (grossKobo === 0) {
      problem('gross_monthly_pay', 'Gross monthly pay is more than ₦0.00.');
    }
    if (problems.length === 0 || problems[problems.length - 1]?.line !== line) {
      read.push({ line, staffId, name, gradeLevel: gradeLevel ?? 0, grossKobo: grossKobo ?? 0 });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, rows: read };
}

/** The problems in a sentence for the 422's message: the first few, and how many more. */
export function describeSscProblems(problems: readonly SscRowProblem[], shown = 5): string {
  const listed = problems
    .slice(0, shown)
    .map((p) => (p.field === 'header' ? p.message : `line ${p.line}, ${p.field}: ${p.message}`));
  const more = problems.length > shown ? ` … and ${problems.length - shown} more.` : '';
  return `The schedule was not stored: fix ${problems.length === 1 ? 'this row' : 'these rows'} and send it again. ${listed.join(' ')}${more}`;
}

/** The template's lines: the header and two example rows. */
export const SSC_TEMPLATE_ROWS = [
  [...SSC_FILE_COLUMNS],
  ['MOF/0001', 'Adaeze Okafor', 'GL 08', '185000.00'],
  ['MOF/0002', 'Bello Musa', '12', '320500.50'],
];
