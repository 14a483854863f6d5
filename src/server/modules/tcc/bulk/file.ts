import {
  readTccBatchHeader,
  readTccBatchRow,
  TCC_BATCH_MAX_BYTES,
  TCC_BATCH_MAX_ROWS,
  type TccBatchRowInput,
} from '../../../../shared/tcc/bulk';
import { AppError } from '../../../errors';
import { readSheetUpload, type SheetUploadSpec } from '../../../uploads/sheet';

/**
 * Reading an MDA's payroll file (src/shared/tcc/bulk.ts is its format) through the upload path's
 * checks (src/server/uploads/sheet.ts: type, size, content, hostile workbooks, the row limit,
 * the XLSX read off the main thread). A file that cannot be used at all is refused with INVALID_FILE (422) in words the panel shows; a bad row is kept
 * with its problem and fails on its own, as in the RRR batch (src/server/modules/rrrBatches/csv.ts).
 */

/** One data row of the file: the generate input it becomes, or why it cannot. */
export type TccBatchLine = {
  /** The line in the file (CSV) or the sheet's row number (XLSX); the header is line 1. */
  lineNumber: number;
  btin: string;
  input: TccBatchRowInput | null;
  problem: string | null;
};

const XLSX_MIME_HINT = 'Save it again from your spreadsheet as .xlsx or as "CSV UTF-8".';

/** What the payroll upload takes (src/server/uploads/sheet.ts checks it). */
export const TCC_BATCH_SHEET: SheetUploadSpec = {
  accept: ['csv', 'xlsx'],
  maxBytes: TCC_BATCH_MAX_BYTES,
  maxRows: TCC_BATCH_MAX_ROWS,
  rowsAre: 'employees',
  saveHint: XLSX_MIME_HINT,
  emptyHint: 'Start from the template: its header, then one employee a line.',
};

function invalidFile(message: string): AppError {
  return new AppError('INVALID_FILE', message);
}

/**
 * The data rows of an uploaded payroll file for the MDA `mdaId`, each with its generate input
 * or its problem. Throws INVALID_FILE for a file that is not CSV or XLSX, is empty, has the
 * wrong header or too many rows; PAYLOAD_TOO_LARGE over the size limit.
 */
export async function readTccBatchFile(
  bytes: Buffer,
  fileName: string,
  mdaId: string,
): Promise<TccBatchLine[]> {
  const { header, data } = await readSheetUpload(bytes, fileName, TCC_BATCH_SHEET);
  const read = readTccBatchHeader(header.cells);
  if (!read.ok) throw invalidFile(read.problem);

  // One certificate per employee and purpose is open at a time (tccs_open_key): a repeated
  // row would only fail at the database, later and in vaguer words.
  const firstLineOf = new Map<string, number>();
  return data.map(({ lineNumber, cells }) => {
    const row = readTccBatchRow(cells, read.columns, mdaId);
    if (!row.ok) return { lineNumber, btin: row.btin, input: null, problem: row.problem };
    const key = `${row.input.btin}/${row.input.purpose}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      return {
        lineNumber,
        btin: row.input.btin,
        input: null,
        problem: `Duplicate of line ${first}: the same BTIN and purpose.`,
      };
    }
    firstLineOf.set(key, lineNumber);
    return { lineNumber, btin: row.input.btin, input: row.input, problem: null };
  });
}
