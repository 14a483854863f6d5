import type { AuditEventView } from '../../../shared/audit';
import { todayInLagos } from '../../../shared/dates';
import { type Table, tableToCsv, tableToXlsx } from '../../export/spreadsheet';

/** The most rows one export holds, as for the registry; a larger filter is refused. */
export const AUDIT_EXPORT_ROW_LIMIT = 50_000;

const HEADERS = [
  'Audit row',
  'Time (Lagos)',
  'Actor',
  'Actor ID',
  'Action',
  'Entity type',
  'Entity ID',
  'Before',
  'After',
  'Request ID',
  'IP address',
];

const lagosTime = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Lagos',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "2026-11-22 14:03:05": sortable, and what an officer in Yenagoa saw on the clock. */
function formatLagosTime(iso: string): string {
  const parts = Object.fromEntries(
    lagosTime.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const json = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

function toCells(event: AuditEventView): string[] {
  return [
    String(event.id),
    formatLagosTime(event.occurredAt),
    event.actorUsername ?? '',
    event.actorId ?? '',
    event.action,
    event.entityType,
    event.entityId ?? '',
    json(event.before),
    json(event.after),
    event.requestId ?? '',
    event.ip ?? '',
  ];
}

const table = (events: readonly AuditEventView[]): Table => ({
  sheet: 'Audit trail',
  headers: HEADERS,
  rows: events.map(toCells),
  widths: [10, 20, 20, 38, 26, 14, 38, 50, 50, 38, 16],
});

export const toCsv = (events: readonly AuditEventView[]) => tableToCsv(table(events));
export const toXlsx = (events: readonly AuditEventView[]) => tableToXlsx(table(events));

export function exportFileName(format: 'csv' | 'xlsx'): string {
  return `audit-trail-${todayInLagos()}.${format}`;
}
