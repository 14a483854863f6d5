import type { OfficerListQuery } from '../../../../shared/officers';
import { formatNigerianPhone } from '../../../../shared/phone';
import { USER_TYPE_LABELS } from '../../../../shared/userTypes';
import { type Column, date, reference, text } from '../../../export/columns';
import type { OfficerRow } from '../queries';

/** Officers are hundreds, not millions: a bound that no real filter reaches. */
export const OFFICER_EXPORT_LIMIT = 10_000;

/** An officer as the export reads it: the row, its MDA names and its state at export time. */
export type OfficerExportRow = OfficerRow & { mdaNames: string; state: string };

export function stateOf(row: OfficerRow, now: Date): string {
  if (!row.isActive) return 'Deactivated';
  if (row.signInThrottledUntil && row.signInThrottledUntil > now) return 'Sign-in throttled';
  return 'Active';
}

export const OFFICER_COLUMNS: readonly Column<OfficerExportRow>[] = [
  reference('Officer ID', (row) => row.officerId, 12),
  text('Surname', (row) => row.surname, 18),
  text('First name', (row) => row.firstName, 18),
  text('Username', (row) => row.username, 20),
  text('E-mail', (row) => row.email, 30),
  // Local form (0803 123 4567), as the web shows it, not the stored E.164: staff read, dial and
  // match these by eye against what the portal shows, and a spreadsheet takes `+234…` for a number.
  text('Phone', (row) => formatNigerianPhone(row.phoneNumber), 15),
  text('User type', (row) => USER_TYPE_LABELS[row.userType], 26),
  text('MDA privileges', (row) => row.mdaNames, 36),
  text('State', (row) => row.state, 12),
  date('Joined on', (row) => row.createdAt, 12),
];

export function officerExportFileName(query: OfficerListQuery): string {
  return query.userTypeGroup === 'admin'
    ? 'administrators'
    : query.userTypeGroup === 'staff'
      ? 'tax-officers'
      : 'officers';
}
