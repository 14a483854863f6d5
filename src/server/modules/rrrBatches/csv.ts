import { BATCH_MAX_BYTES, BATCH_MAX_ROWS } from '../../../shared/payments';
import { isValidRrr, normaliseRrr } from '../../../shared/payments/rrr';
import { AppError } from '../../errors';
import { readSheetUpload, type SheetUploadSpec } from '../../uploads/sheet';

/**
 * Reading the CSV of "Check RRR (Multiple)" (docs/product.md §3 batch upload, §5 csv). A file
 * that cannot be used at all is refused with INVALID_FILE, in words the dialog shows under
 * 'Process Failed'. A bad row does not refuse the file: it becomes an 'invalid' row with its
 * reason, and the others are checked.
 */

/** One data line of the file, as written, with why it cannot be checked (null when it can). */
export type BatchLine = {
  /** The line in the file; the header is line 1, and blank lines keep their numbers. */
  lineNumber: number;
  rrr: string;
  mdaCode: string | null;
  problem: string | null;
};

const HEADER_HINT = 'The first line must be the header rrr (and optionally mdaCode)';
const COLUMNS = ['rrr', 'mdacode'] as const;

function invalidFile(message: string): AppError {
  return new AppError('INVALID_FILE', message);
}

/** What the RRR batch takes (src/server/uploads/sheet.ts checks it). */
export const RRR_BATCH_SHEET: SheetUploadSpec = {
  accept: ['csv'],
  maxBytes: BATCH_MAX_BYTES,
  maxRows: BATCH_MAX_ROWS,
  rowsAre: 'RRRs',
  // A spreadsheet saved as .xlsx, a PDF or a photo renamed .csv: what to do instead.
  saveHint:
    'In your spreadsheet choose "Save as" → "CSV UTF-8 (comma delimited)" and upload that file.',
  emptyHint: `${HEADER_HINT}, then one RRR a line.`,
  tooMany: { counted: 'rows', verb: 'checked' },
  trimCells: true,
};

function checkHeader(cells: readonly string[]): { rrr: number; mdaCode: number | null } {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  const found = cells.join(',').slice(0, 80);
  const isKnown = names.every((name) => (COLUMNS as readonly string[]).includes(name));
  const isUnique = new Set(names).size === names.length;
  const rrr = names.indexOf('rrr');
  if (!isKnown || !isUnique || rrr < 0) {
    throw invalidFile(`${HEADER_HINT}; found "${found}".`);
  }
  const mdaCode = names.indexOf('mdacode');
  return { rrr, mdaCode: mdaCode < 0 ? null : mdaCode };
}

/**
 * The data lines of an uploaded RRR CSV, each with its problem if it has one. Throws
 * INVALID_FILE for a file that is not a CSV, is empty, has the wrong header or too many rows.
 */
export async function readRrrCsv(bytes: Buffer, fileName: string): Promise<BatchLine[]> {
  const { header, data } = await readSheetUpload(bytes, fileName, RRR_BATCH_SHEET);
  const columns = checkHeader(header.cells);

  const firstLineOf = new Map<string, number>();
  return data.map(({ cells: record, lineNumber }) => {
    const rrr = record[columns.rrr] ?? '';
    const mdaCode = (columns.mdaCode === null ? '' : record[columns.mdaCode]) || null;
    const line: BatchLine = { lineNumber: lineNumber, rrr, mdaCode, problem: null };
    if (record.length > header.cells.length) {
      line.problem = `This line has ${record.length} values; the header has ${header.cells.length}.`;
    } else if (!rrr) {
      line.problem = 'The RRR is missing.';
    } else if (!isValidRrr(rrr)) {
      line.problem = `"${rrr}" is not an RRR: an RRR is 12 digits.`;
    } else {
      const normal = normaliseRrr(rrr);
      const first = firstLineOf.get(normal);
      // The first line with this RRR is checked; a repeat would only ask Remita again.
      if (first !== undefined) line.problem = `Duplicate of line ${first}.`;
      else firstLineOf.set(normal, lineNumber);
    }
    return line;
  });
}
