import { pipeline, type Readable, Readable as ReadableStream } from 'node:stream';
import { stringify } from 'csv-stringify';
import { type Column, csvCell, headerOf } from './columns';
import { xlsxWorkbook } from './xlsx';

/** Rows as they come from the list's query, a page at a time. */
export type Pages<Row> = AsyncIterable<readonly Row[]>;

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

/**
 * XLSX: written by RevDesk as a stream (`xlsx.ts`, `zip.ts`), the sheet's rows produced from
 * the pages as the reader takes the file, so memory holds about a page whatever the row count
 * (docs/decisions/0029-one-export-path.md; `npm run bench:export`). Text is a string cell
 * (never a formula); one that starts like a formula carries Excel's quote-prefix style, so
 * Excel keeps it text when edited and shows it without an apostrophe.
 */
export function xlsxStream<Row>(
  sheetName: string,
  columns: readonly Column<Row>[],
  pages: Pages<Row>,
): Readable {
  return xlsxWorkbook(sheetName, columns, pages);
}
