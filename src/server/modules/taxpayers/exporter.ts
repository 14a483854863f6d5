import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { todayInLagos } from '../../../shared/dates';
import { formatNigerianPhone } from '../../../shared/phone';
import { LABELS } from '../../../shared/taxpayers';
import type { TaxpayerListRow } from './listQueries';

/** The most rows one export holds; a larger filter is refused with a request to narrow it. */
export const EXPORT_ROW_LIMIT = 50_000;

const HEADERS = [
  'BTIN',
  'Kind',
  'Name',
  'NIN',
  'CAC number',
  'Phone',
  'E-mail',
  'LGA',
  'Status',
  'Registered on',
];

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab or return before one) is
 * prefixed with an apostrophe (DESIGN.md §1: CSV injection). Names are typed by officers.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const registeredOn = (at: Date) => todayInLagos(at);

function toCells(row: TaxpayerListRow): string[] {
  return [
    row.btin,
    LABELS.kind[row.kind],
    row.displayName,
    row.nin ?? '',
    row.cacNumber ?? '',
    row.phone ? formatNigerianPhone(row.phone) : '',
    row.email ?? '',
    row.lgaName ?? '',
    LABELS.status[row.status],
    registeredOn(row.createdAt),
  ].map(neutraliseCell);
}

export function toCsv(rows: readonly TaxpayerListRow[]): Buffer {
  // A byte-order mark, so Excel opens the UTF-8 file with names like "Ọlọ́run" intact.
  return Buffer.from(`\uFEFF${stringify([HEADERS, ...rows.map(toCells)])}`, 'utf8');
}

export async function toXlsx(rows: readonly TaxpayerListRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'RevDesk';
  const sheet = workbook.addWorksheet('Taxpayers', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(HEADERS).font = { bold: true };
  for (const row of rows) sheet.addRow(toCells(row));
  sheet.columns.forEach((column, i) => {
    column.width = [12, 11, 36, 13, 12, 15, 30, 22, 10, 13][i] ?? 14;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function exportFileName(kind: string | undefined, format: 'csv' | 'xlsx'): string {
  return `taxpayers-${kind ?? 'all'}-${todayInLagos()}.${format}`;
}
