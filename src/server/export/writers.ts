import { once } from 'node:events';
import { PassThrough, pipeline, type Readable, Readable as ReadableStream } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import {
  type Column,
  csvCell,
  dayOf,
  headerOf,
  lagosWallClock,
  startsLikeFormula,
} from './columns';
import { installQuotePrefix } from './quotePrefix';

installQuotePrefix();

/** Rows as they come from the list's query, a page at a time. */
export type Pages<Row> = AsyncIterable<readonly Row[]>;

/** Excel refuses a cell longer than this; a longer one is cut and says so. */
const XLSX_CELL_MAX = 32_767;

/** A naira amount that Excel sums: the number is naira, the format shows ₦ and two decimals. */
const NAIRA_FORMAT = '"₦"#,##0.00';
/** Day first, as the web app shows dates (ADR 0012). */
const DATE_FORMAT = 'dd/mm/yyyy';
const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm';
const DATE_TIME_SECONDS_FORMAT = 'dd/mm/yyyy hh:mm:ss';
const COUNT_FORMAT = '#,##0';

/** CSV: csv-stringify's stream, fed a page at a time; the byte-order mark lets Excel read UTF-8. */
export function csvStream<Row>(columns: readonly Column<Row>[], pages: Pages<Row>): Readable {
  async function* records() {
    yield columns.map(headerOf);
    for await (const page of pages) {
      for (const row of page) yield columns.map((column) => csvCell(column, row));
    }
  }
  const out = stringify({ bom: true });
  // pipeline waits for the reader (backpressure) and tears both down on an error, so a query
  // failing on page 40 ends the answer as a broken download, never as a short "complete" file.
  pipeline(ReadableStream.from(records()), out, () => {});
  return out;
}

type Styles = { style: Partial<ExcelJS.Style>; quoted: Partial<ExcelJS.Style> };

/** One style object per column, reused for every cell: exceljs files styles by object. */
function stylesOf(column: Column<never>): Styles {
  const numFmt =
    column.kind === 'amount'
      ? NAIRA_FORMAT
      : column.kind === 'date'
        ? DATE_FORMAT
        : column.kind === 'date-time'
          ? column.seconds
            ? DATE_TIME_SECONDS_FORMAT
            : DATE_TIME_FORMAT
          : column.kind === 'count'
            ? COUNT_FORMAT
            : undefined;
  const style: Partial<ExcelJS.Style> = numFmt ? { numFmt } : {};
  return { style, quoted: { ...style, quotePrefix: true } as Partial<ExcelJS.Style> };
}

function xlsxValue<Row>(column: Column<Row>, row: Row): ExcelJS.CellValue {
  const value = column.value(row);
  if (value === null || value === undefined || value === '') return null;
  switch (column.kind) {
    case 'text':
    case 'reference': {
      const text = value as string;
      return text.length > XLSX_CELL_MAX
        ? `${text.slice(0, XLSX_CELL_MAX - 20)}… (cut; see the CSV)`
        : text;
    }
    case 'amount':
      return (value as number) / 100;
    case 'count':
      return value as number;
    case 'date':
      return dayOf(value as string | Date);
    case 'date-time':
      // exceljs writes a Date by its UTC fields; these are Lagos's (docs/architecture.md §3).
      return lagosWallClock(value as string | Date);
  }
}

/**
 * XLSX: exceljs's streaming writer, one row committed at a time. Text is a string cell (never
 * a formula); one that starts like a formula carries the quote-prefix style, so Excel keeps it
 * text when edited and shows it without an apostrophe.
 */
export function xlsxStream<Row>(
  sheetName: string,
  columns: readonly Column<Row>[],
  pages: Pages<Row>,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    // Inline strings: a shared-string table would hold every distinct text until the end.
    useSharedStrings: false,
  });
  workbook.creator = 'RevDesk';
  const styles = columns.map((column) => stylesOf(column as Column<never>));
  const textual = columns.map((column) => column.kind === 'text' || column.kind === 'reference');

  async function write() {
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({ width: column.width ?? 14 }));
    const header = sheet.addRow(columns.map((column) => headerOf(column as Column<never>)));
    header.font = { bold: true };
    header.commit();
    for await (const page of pages) {
      for (const row of page) {
        const added = sheet.addRow(columns.map((column) => xlsxValue(column, row)));
        columns.forEach((_, i) => {
          const cell = added.getCell(i + 1);
          const value = cell.value;
          const own = styles[i] as Styles;
          cell.style =
            textual[i] && typeof value === 'string' && startsLikeFormula(value)
              ? own.quoted
              : own.style;
        });
        added.commit();
      }
      // Let the zip writer take the page, and wait for the reader when it falls behind:
      // memory holds a page or two, not the file.
      await new Promise((resolve) => setImmediate(resolve));
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((err: unknown) => out.destroy(err as Error));
  return out;
}
