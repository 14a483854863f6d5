import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../errors';
import { readXlsxRows, type SheetRow } from './xlsxRows';
import { checkZip, type ZipLimits } from './zip';

/**
 * An uploaded table (CSV or XLSX) read into rows, with every check of the upload path before
 * a row is used: the file's type by its name and by its bytes, empty, oversized, binary where
 * text is expected, a hostile workbook (zip.ts, xlsxRows.ts), and the row limit. Each kind of
 * upload declares what it takes (`SheetUploadSpec`); its header and row rules are its own.
 * A refusal is INVALID_FILE (422) naming the reason, PAYLOAD_TOO_LARGE (413) over the size
 * limit. docs/decisions/0030-jobs-and-uploads.md.
 */

export type { SheetRow } from './xlsxRows';

export type UploadFormat = 'csv' | 'xlsx';

export type SheetUploadSpec = {
  accept: readonly UploadFormat[];
  maxBytes: number;
  /** Data rows, the header not counted. */
  maxRows: number;
  /** What one row is, for the officer: "employees", "RRRs". */
  rowsAre: string;
  /** What to do with a file that cannot be read, in the officer's words. */
  saveHint: string;
  /** What an empty file should have held, in the officer's words. */
  emptyHint: string;
  /** How the refusal of too long a file counts and says it: "rows … can be checked". */
  tooMany?: { counted: string; verb: string };
  /** Trim each CSV cell (an RRR typed with a space around it is still the RRR). */
  trimCells?: boolean;
  /** Checks on an XLSX's archive before it is read; defaults fit a few megabytes of sheet. */
  zip?: Partial<ZipLimits>;
};

export type SheetUpload = { format: UploadFormat; header: SheetRow | null; data: SheetRow[] };

const count = (n: number) => n.toLocaleString('en-US');

/** The archive limits of an upload whose sheet holds `maxRows` rows of a few hundred bytes. */
function zipLimitsFor(spec: SheetUploadSpec): ZipLimits {
  // A payroll row of 16 cells is about 1 KB of sheet XML; 4 KB a row leaves room for styles.
  const sheetBytes = Math.max(8 * 1024 * 1024, spec.maxRows * 4 * 1024);
  return {
    maxEntries: 200,
    maxEntryBytes: sheetBytes,
    maxTotalBytes: sheetBytes * 2,
    maxRatio: 100,
    ...spec.zip,
  };
}

function invalidFile(message: string): AppError {
  return new AppError('INVALID_FILE', message);
}

function formatOf(fileName: string, spec: SheetUploadSpec): UploadFormat {
  const ext = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const format = spec.accept.find((f) => f === ext);
  if (!format) {
    const names = spec.accept.map((f) => `.${f}`).join(' or ');
    throw invalidFile(
      `Choose a ${names} file; "${fileName}" is ${spec.accept.length > 1 ? 'neither' : 'not one'}.`,
    );
  }
  return format;
}

function csvRows(bytes: Buffer, fileName: string, spec: SheetUploadSpec): SheetRow[] {
  if (bytes.includes(0)) {
    throw invalidFile(`${fileName} is not a CSV file: it holds binary data. ${spec.saveHint}`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidFile(`${fileName} is not a UTF-8 text file. ${spec.saveHint}`);
  }
  try {
    // With `info: true` each record comes with the line it ends on; the types do not say so.
    const records = parse(text.replace(/\r\n?/g, '\n'), {
      bom: true,
      info: true,
      trim: spec.trimCells ?? false,
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

async function xlsxRows(
  bytes: Buffer,
  fileName: string,
  spec: SheetUploadSpec,
): Promise<SheetRow[]> {
  const cannotRead = (why: string) =>
    invalidFile(`${fileName} is not an .xlsx workbook that can be read: ${why}. ${spec.saveHint}`);
  // Shorter than a zip signature (four bytes) is no archive either; reading past its end throws.
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) {
    throw cannotRead('it is not a zip archive');
  }
  const checked = checkZip(bytes, zipLimitsFor(spec));
  if (!Array.isArray(checked)) {
    if (checked.reason === 'not-zip') throw cannotRead(checked.detail);
    throw invalidFile(`${fileName} is refused: ${checked.detail}. ${spec.saveHint}`);
  }
  const read = await readXlsxRows(bytes, checked, {
    maxRows: spec.maxRows,
    maxHeapMb: 128,
    maxMs: 20_000,
  });
  if (!read.ok) {
    if (read.reason === 'unreadable') throw cannotRead('its content is damaged');
    throw invalidFile(`${fileName} is refused: ${read.detail}. ${spec.saveHint}`);
  }
  if (!read.hasSheet) throw invalidFile(`${fileName} has no sheet.`);
  return read.rows;
}

/**
 * The header and data rows of an uploaded table; throws the upload's refusal. An XLSX's rows
 * are read only up to one past the limit.
 */
export async function readSheetUpload(
  bytes: Buffer,
  fileName: string,
  spec: SheetUploadSpec,
): Promise<{ header: SheetRow; data: SheetRow[] }> {
  const format = formatOf(fileName, spec);
  if (bytes.length > spec.maxBytes) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${fileName} is larger than ${Math.round(spec.maxBytes / (1024 * 1024))} MB. Split it into smaller files of at most ${count(spec.maxRows)} ${spec.rowsAre}.`,
    );
  }
  const isEmptyFile = bytes.length === 0;
  const [header, ...data] = isEmptyFile
    ? []
    : format === 'csv'
      ? csvRows(bytes, fileName, spec)
      : await xlsxRows(bytes, fileName, spec);
  if (!header) {
    throw invalidFile(`${fileName} is empty. ${spec.emptyHint}`);
  }
  if (data.length === 0)
    throw invalidFile(`${fileName} has a header but no ${spec.rowsAre} under it.`);
  if (data.length > spec.maxRows) {
    const counted = spec.tooMany?.counted ?? spec.rowsAre;
    // A CSV (a few megabytes of text at most) is read whole, so its rows are counted; an
    // XLSX's reading stopped one row past the limit.
    const how = format === 'csv' ? count(data.length) : `more than ${count(spec.maxRows)}`;
    throw invalidFile(
      `${fileName} has ${how} ${counted}; at most ${count(spec.maxRows)} can be ${spec.tooMany?.verb ?? 'sent'} at once. Split it into smaller files.`,
    );
  }
  return { header, data };
}
