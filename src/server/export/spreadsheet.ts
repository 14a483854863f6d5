import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';

/**
 * A table as every list's export writes it (DESIGN.md §3: every list exports as CSV and
 * XLSX): a header row and rows of text cells, each cell neutralised.
 */
export type Table = {
  /** The sheet's name in the workbook. */
  sheet: string;
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  /** Column widths in characters, in header order; 14 where none is given. */
  widths?: readonly number[];
};

/** Excel refuses a cell longer than this; a longer one is cut and says so. */
const XLSX_CELL_MAX = 32_767;

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab or return before one) is
 * prefixed with an apostrophe (DESIGN.md §1: CSV injection). Names are typed by officers.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const neutralised = (row: readonly string[]) => row.map(neutraliseCell);

export function tableToCsv(table: Table): Buffer {
  // A byte-order mark, so Excel opens the UTF-8 file with names like "Ọlọ́run" and ₦ intact.
  const lines = [table.headers, ...table.rows].map(neutralised);
  return Buffer.from(`\uFEFF${stringify(lines)}`, 'utf8');
}

export async function tableToXlsx(table: Table): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'RevDesk';
  const sheet = workbook.addWorksheet(table.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...table.headers]).font = { bold: true };
  for (const row of table.rows) {
    sheet.addRow(
      neutralised(row).map((cell) =>
        cell.length > XLSX_CELL_MAX
          ? `${cell.slice(0, XLSX_CELL_MAX - 20)}… (cut; see the CSV)`
          : cell,
      ),
    );
  }
  sheet.columns.forEach((column, i) => {
    column.width = table.widths?.[i] ?? 14;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
