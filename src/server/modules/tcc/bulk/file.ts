import { CsvError, parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import {
  readTccBatchHeader,
  readTccBatchRow,
  TCC_BATCH_MAX_BYTES,
  TCC_BATCH_MAX_ROWS,
  type TccBatchRowInput,
} from '../../../../shared/tcc/bulk';
import { AppError } from '../../../errors';

/**
 * Reading an MDA's payroll file (src/shared/tcc/bulk.ts is its format). A file that cannot be
 * used at all is refused with INVALID_FILE (422) in words the panel shows; a bad row is kept
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

type RawRow = { lineNumber: number; cells: string[] };

const XLSX_MIME_HINT = 'Save it again from your spreadsheet as .xlsx or as "CSV UTF-8".';

function invalidFile(message: string): AppError {
  return new AppError('INVALID_FILE', message);
}

const count = (n: number) => n.toLocaleString('en-US');

function csvRows(bytes: Buffer, fileName: string): RawRow[] {
  if (bytes.includes(0)) {
    throw invalidFile(`${fileName} is not a CSV file: it holds binary data. ${XLSX_MIME_HINT}`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidFile(`${fileName} is not a UTF-8 text file. ${XLSX_MIME_HINT}`);
  }
  try {
    // With `info: true` each record comes with the line it ends on; the types do not say so.
    const records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // A line of commas only is a blank line a spreadsheet left behind.
      skip_records_with_empty_values: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ lineNumber: info.lines, cells: record }));
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      throw invalidFile(
        `The file is not a valid CSV${line ? ` (line ${line})` : ''}: ${err.message.replace(/^[^:]*: /, '')}`,
      );
    }
    throw err;
  }
}

/** A spreadsheet number as the officer sees it: 2024, 1500.5 → "1500.50", never 0.30000000000000004. */
function numberText(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const kobo = value * 100;
  return Math.abs(kobo - Math.round(kobo)) < 1e-6 ? value.toFixed(2) : String(value);
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (typeof value === 'number') return numberText(value);
  if (value && typeof value === 'object' && 'result' in value && typeof value.result === 'number') {
    return numberText(value.result);
  }
  return cell.text ?? '';
}

async function xlsxRows(bytes: Buffer, fileName: string): Promise<RawRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's Buffer type predates Node's generic Buffer; the bytes are the same.
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw invalidFile(`${fileName} is not an .xlsx workbook that can be read. ${XLSX_MIME_HINT}`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw invalidFile(`${fileName} has no sheet.`);
  const rows: RawRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    for (let col = 1; col <= row.cellCount; col += 1) cells.push(cellText(row.getCell(col)).trim());
    if (cells.some((c) => c !== '')) rows.push({ lineNumber: rowNumber, cells });
  });
  return rows;
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
  const isCsv = /\.csv$/i.test(fileName);
  const isXlsx = /\.xlsx$/i.test(fileName);
  if (!isCsv && !isXlsx) {
    throw invalidFile(`Choose a .csv or .xlsx file; "${fileName}" is neither.`);
  }
  if (bytes.length > TCC_BATCH_MAX_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${fileName} is larger than 5 MB. Split it into smaller files of at most ${count(TCC_BATCH_MAX_ROWS)} employees.`,
    );
  }
  const [header, ...data] = isCsv ? csvRows(bytes, fileName) : await xlsxRows(bytes, fileName);
  if (!header) {
    throw invalidFile(
      `${fileName} is empty. Start from the template: its header, then one employee a line.`,
    );
  }
  const read = readTccBatchHeader(header.cells);
  if (!read.ok) throw invalidFile(read.problem);
  if (data.length === 0) throw invalidFile(`${fileName} has a header but no employees under it.`);
  if (data.length > TCC_BATCH_MAX_ROWS) {
    throw invalidFile(
      `${fileName} has ${count(data.length)} employees; at most ${count(TCC_BATCH_MAX_ROWS)} can be sent at once. Split it into smaller files.`,
    );
  }

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
