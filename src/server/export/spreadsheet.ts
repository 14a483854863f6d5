import { stringify } from 'csv-stringify/sync';
import { neutraliseCell } from './columns';

/**
 * A small table of text written whole: the result files of an upload (the RRR batch's and
 * the MDA staff upload's), which hold at most a few thousand rows of the file that was sent.
 * A list's export is not this: it names its columns and streams (exportList.ts).
 */
export type Table = {
  headers: readonly string[];
  rows: readonly (readonly string[])[];
};

export { neutraliseCell };

const neutralised = (row: readonly string[]) => row.map(neutraliseCell);

export function tableToCsv(table: Table & { sheet?: string; widths?: readonly number[] }): Buffer {
  // A byte-order mark, so Excel opens the UTF-8 file with names like "Ọlọ́run" and ₦ intact.
  const lines = [table.headers, ...table.rows].map(neutralised);
  return Buffer.from(`\uFEFF${stringify(lines)}`, 'utf8');
}
