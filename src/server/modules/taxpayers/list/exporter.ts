import { formatNigerianPhone } from '../../../../shared/phone';
import { LABELS, type TaxpayerListItem } from '../../../../shared/taxpayers';
import { type Column, date, text } from '../../../export/columns';

/** The most rows one export holds; a larger filter is refused with a request to narrow it. */
export const EXPORT_ROW_LIMIT = 50_000;

export const TAXPAYER_COLUMNS: readonly Column<TaxpayerListItem>[] = [
  text('BTIN', (row) => row.btin, 12),
  text('Kind', (row) => LABELS.kind[row.kind], 11),
  text('Name', (row) => row.displayName, 36),
  text('NIN', (row) => row.nin, 13),
  text('CAC number', (row) => row.cacNumber, 12),
  text('Phone', (row) => (row.phone ? formatNigerianPhone(row.phone) : ''), 15),
  text('E-mail', (row) => row.email, 30),
  text('LGA', (row) => row.lgaName, 22),
  text('Status', (row) => LABELS.status[row.status], 10),
  date('Registered on', (row) => row.createdAt, 13),
];
