import { todayInLagos } from '../../../shared/dates';
import { MDA_CATEGORY_LABELS, type MdaView } from '../../../shared/mdas';
import { formatKoboAsNaira } from '../../../shared/money';
import { type Table, tableToCsv, tableToXlsx } from '../../export/spreadsheet';

/** More MDAs than a state has: a filter that matches more is a mistake, not a report. */
export const EXPORT_ROW_LIMIT = 5_000;

/** One row per MDA. The Remita API key is not a column: only whether one is set. */
const HEADERS = [
  'Code',
  'Name',
  'Short name',
  'Category',
  'Active',
  'Remita merchant ID',
  'Remita service type IDs',
  'Remita API key',
  'Officers',
  'Revenue heads',
];

function describeHeads(mda: MdaView): string {
  return mda.revenueHeads
    .map((head) => {
      const amount =
        head.defaultAmountKobo === null ? '' : ` (${formatKoboAsNaira(head.defaultAmountKobo)})`;
      return `${head.code} ${head.name}${amount}${head.isActive ? '' : ' [inactive]'}`;
    })
    .join('; ');
}

function toCells(mda: MdaView): string[] {
  return [
    mda.code,
    mda.name,
    mda.shortName ?? '',
    MDA_CATEGORY_LABELS[mda.category],
    mda.isActive ? 'Yes' : 'No',
    mda.merchantId ?? '',
    mda.serviceTypeIds.join(' '),
    mda.hasRemitaCredentials ? 'Set' : 'Not set',
    String(mda.officerCount),
    describeHeads(mda),
  ];
}

const table = (rows: readonly MdaView[]): Table => ({
  sheet: 'MDAs',
  headers: HEADERS,
  rows: rows.map(toCells),
  widths: [10, 44, 14, 16, 8, 18, 22, 14, 9, 80],
});

export const toCsv = (rows: readonly MdaView[]) => tableToCsv(table(rows));
export const toXlsx = (rows: readonly MdaView[]) => tableToXlsx(table(rows));

export function exportFileName(format: 'csv' | 'xlsx'): string {
  return `mdas-${todayInLagos()}.${format}`;
}
