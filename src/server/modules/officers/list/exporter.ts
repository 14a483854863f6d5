import { todayInLagos } from '../../../../shared/dates';
import type { OfficerListQuery } from '../../../../shared/officers';
import { formatNigerianPhone } from '../../../../shared/phone';
import { USER_TYPE_LABELS } from '../../../../shared/userTypes';
// The one CSV-injection rule of the service (DESIGN.md §1), kept where it was first written.
import { type Table, tableToCsv, tableToXlsx } from '../../../export/spreadsheet';
import type { OfficerRow } from '../queries';

/** Officers are hundreds, not millions: a bound that no real filter reaches. */
export const OFFICER_EXPORT_LIMIT = 10_000;

const HEADERS = [
  'Officer ID',
  'Surname',
  'First name',
  'Username',
  'E-mail',
  'Phone',
  'User type',
  'MDA privileges',
  'State',
  'Joined on',
];

function stateOf(row: OfficerRow, now: Date): string {
  if (!row.isActive) return 'Deactivated';
  if (row.signInThrottledUntil && row.signInThrottledUntil > now) return 'Sign-in throttled';
  return 'Active';
}

function toCells(row: OfficerRow, mdaNames: Map<string, string>, now: Date): string[] {
  return [
    row.officerId,
    row.surname,
    row.firstName,
    row.username,
    row.email,
    formatNigerianPhone(row.phoneNumber),
    USER_TYPE_LABELS[row.userType],
    row.mdaPrivileges.map((id) => mdaNames.get(id) ?? id).join('; '),
    stateOf(row, now),
    todayInLagos(row.createdAt),
  ];
}

function table(rows: readonly OfficerRow[], mdaNames: Map<string, string>): Table {
  const now = new Date();
  return {
    sheet: 'Officers',
    headers: HEADERS,
    rows: rows.map((row) => toCells(row, mdaNames, now)),
    widths: [12, 18, 18, 20, 30, 15, 26, 36, 12, 12],
  };
}

export const officersToCsv = (rows: readonly OfficerRow[], mdaNames: Map<string, string>) =>
  tableToCsv(table(rows, mdaNames));
export const officersToXlsx = (rows: readonly OfficerRow[], mdaNames: Map<string, string>) =>
  tableToXlsx(table(rows, mdaNames));

export function officerExportFileName(query: OfficerListQuery, format: 'csv' | 'xlsx'): string {
  const what =
    query.userTypeGroup === 'admin'
      ? 'administrators'
      : query.userTypeGroup === 'staff'
        ? 'tax-officers'
        : 'officers';
  return `${what}-${todayInLagos()}.${format}`;
}
