import { CsvError, parse } from 'csv-parse/sync';
import { BATCH_MAX_BYTES, BATCH_MAX_ROWS } from '../../../shared/payments';
import { isValidRrr, normaliseRrr } from '../../../shared/payments/rrr';
import { AppError } from '../../errors';

/**
 * Reading the CSV of "Check RRR (Multiple)" (SPEC.md §3 batch upload, §5 csv). A file
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

const count = (n: number) => n.toLocaleString('en-US');

/** A spreadsheet saved as .xlsx, a PDF or a photo renamed .csv: refuse it before parsing. */
function decodeText(bytes: Buffer, fileName: string): string {
  const notText = `${fileName} is not a CSV file: it holds binary data. In your spreadsheet choose "Save as" → "CSV (comma delimited)" and upload that file.`;
  if (bytes.includes(0)) throw invalidFile(notText);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // The decoder's own error says only "invalid data"; the officer needs to know what to do.
    throw invalidFile(
      `${fileName} is not a UTF-8 text file. Save it again as "CSV UTF-8 (comma delimited)" and upload that file.`,
    );
  }
}

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

type ParsedRecord = { record: string[]; info: { lines: number } };

function parseRecords(text: string): ParsedRecord[] {
  try {
    // With `info: true` each record comes with where it was read; the types do not say so.
    return parse(text, {
      bom: true,
      info: true,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // A line of commas only (",,") is a blank line a spreadsheet left behind.
      skip_records_with_empty_values: true,
    }) as unknown as ParsedRecord[];
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

/**
 * The data lines of an uploaded RRR CSV, each with its problem if it has one. Throws
 * INVALID_FILE for a file that is not a CSV, is empty, has the wrong header or too many rows.
 */
export function readRrrCsv(bytes: Buffer, fileName: string): BatchLine[] {
  if (!/\.csv$/i.test(fileName)) {
    throw invalidFile(`Choose a .csv file; "${fileName}" is not one.`);
  }
  if (bytes.length > BATCH_MAX_BYTES) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `${fileName} is larger than 2 MB (413). Split it into smaller files of at most 10,000 RRRs.`,
    );
  }
  // Line numbers are counted on "\n": a file that mixes Windows and Unix line ends still
  // numbers its lines as the officer's editor does.
  const text = decodeText(bytes, fileName).replace(/\r\n?/g, '\n');
  const records = parseRecords(text);
  const [header, ...data] = records;
  if (!header) throw invalidFile(`${fileName} is empty. ${HEADER_HINT}, then one RRR a line.`);
  const columns = checkHeader(header.record);
  if (data.length === 0) {
    throw invalidFile(`${fileName} has a header but no RRRs under it.`);
  }
  if (data.length > BATCH_MAX_ROWS) {
    throw invalidFile(
      `${fileName} has ${count(data.length)} rows; at most ${count(BATCH_MAX_ROWS)} can be checked at once. Split it into smaller files.`,
    );
  }

  const firstLineOf = new Map<string, number>();
  return data.map(({ record, info }) => {
    const rrr = record[columns.rrr] ?? '';
    const mdaCode = (columns.mdaCode === null ? '' : record[columns.mdaCode]) || null;
    const line: BatchLine = { lineNumber: info.lines, rrr, mdaCode, problem: null };
    if (record.length > header.record.length) {
      line.problem = `This line has ${record.length} values; the header has ${header.record.length}.`;
    } else if (!rrr) {
      line.problem = 'The RRR is missing.';
    } else if (!isValidRrr(rrr)) {
      line.problem = `"${rrr}" is not an RRR: an RRR is 12 digits.`;
    } else {
      const normal = normaliseRrr(rrr);
      const first = firstLineOf.get(normal);
      // The first line with this RRR is checked; a repeat would only ask Remita again.
      if (first !== undefined) line.problem = `Duplicate of line ${first}.`;
      else firstLineOf.set(normal, info.lines);
    }
    return line;
  });
}
