import { todayInLagos } from '../../../../shared/dates';
import { formatNigerianPhone } from '../../../../shared/phone';
import { LABELS, type TaxpayerListItem } from '../../../../shared/taxpayers';
import { type Table, tableToCsv, tableToXlsx } from '../../../export/spreadsheet';

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

const registeredOn = (createdAt: string) => todayInLagos(new Date(createdAt));

function toCells(row: TaxpayerListItem): string[] {
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
  ];
}

const table = (rows: readonly TaxpayerListItem[]): Table => ({
  sheet: 'Taxpayers',
  headers: HEADERS,
  rows: rows.map(toCells),
  widths: [12, 11, 36, 13, 12, 15, 30, 22, 10, 13],
});

export const toCsv = (rows: readonly TaxpayerListItem[]) => tableToCsv(table(rows));
export const toXlsx = (rows: readonly TaxpayerListItem[]) => tableToXlsx(table(rows));

export function exportFileName(kind: string | undefined, format: 'csv' | 'xlsx'): string {
  return `taxpayers-${kind ?? 'all'}-${todayInLagos()}.${format}`;
}
