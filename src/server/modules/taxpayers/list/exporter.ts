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
  // Local form (0803 123 4567), as the web shows it, not the stored E.164: staff read, dial and
  // match these by eye against what the portal shows, and a spreadsheet takes `+234…` for a number.
  text('Phone', (row) => (row.phone ? formatNigerianPhone(row.phone) : ''), 15),
  text('E-mail', (row) => row.email, 30),
  text('LGA', (row) => row.lgaName, 22),
  text('Status', (row) => LABELS.status[row.status], 10),
  date('Registered on', (row) => row.createdAt, 13),
];
