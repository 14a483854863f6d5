import { SSC_SCHEDULE_MAX_BYTES, SSC_SCHEDULE_MAX_ROWS } from '../../../shared/ssc/enums';
import { readSscHeader, SSC_FILE_COLUMNS, type SscFileColumn } from '../../../shared/ssc/file';
import { AppError } from '../../errors';
import type { BatchUploadWords } from '../../files/batchUpload';
import { readSheetUpload, type SheetUploadSpec } from '../../uploads/sheet';

/**
 * An SSC schedule file through the one upload path's checks (ADR 0030, uploads/sheet.ts: type
 * by name and bytes, size, hostile workbooks, the row limit), then its header. The rows' own
 * rules are src/shared/ssc/file.ts. Unlike the bulk TCC upload there is no background job: a
 * schedule is accepted or refused whole (one bill pays it), and its rows are checked and stored
 * in the request, in one transaction, in well under a second at the row limit.
 */

/** For `@fastify/multipart`: one file and the three fields of the upload form. */
export const SSC_MULTIPART_LIMITS = {
  fileSize: SSC_SCHEDULE_MAX_BYTES,
  files: 1,
  fields: 3,
  parts: 4,
} as const;

export const SSC_UPLOAD_WORDS: BatchUploadWords = {
  notMultipart:
    'Send the schedule as multipart/form-data: the field "file", with the fields "mdaId", "category" and "month".',
  noFile: 'Choose a .csv or .xlsx file to upload (field "file").',
  tooLarge: `The file is larger than 5 MB. Split the schedule: at most ${SSC_SCHEDULE_MAX_ROWS.toLocaleString('en-US')} staff a file.`,
  oneFileOnly: 'Upload one file at a time.',
  tooManyFields: 'The upload holds more fields than the form sends (file, mdaId, category, month).',
};

export const SSC_SHEET: SheetUploadSpec = {
  accept: ['csv', 'xlsx'],
  maxBytes: SSC_SCHEDULE_MAX_BYTES,
  maxRows: SSC_SCHEDULE_MAX_ROWS,
  rowsAre: 'staff',
  saveHint: 'Save it again from your spreadsheet as .xlsx or as "CSV UTF-8".',
  emptyHint: `Start from the template: its header (${SSC_FILE_COLUMNS.join(', ')}), then one person a line.`,
  trimCells: true,
};

/** The file's data rows as cells by column; a wrong header is a 422 naming line 1. */
export async function readSscScheduleFile(bytes: Buffer, fileName: string) {
  const { header, data } = await readSheetUpload(bytes, fileName, SSC_SHEET);
  const read = readSscHeader(header.cells);
  if (!read.ok) {
    throw new AppError(
      'INVALID_FILE',
      `${read.problem} Download the template and keep its first line.`,
      {
        details: { rows: [{ line: header.lineNumber, field: 'header', message: read.problem }] },
      },
    );
  }
  return data.map(({ lineNumber, cells }) => ({
    line: lineNumber,
    cells: Object.fromEntries(
      SSC_FILE_COLUMNS.map((column) => [column, String(cells[read.columns[column]] ?? '')]),
    ) as Record<SscFileColumn, string>,
  }));
}
