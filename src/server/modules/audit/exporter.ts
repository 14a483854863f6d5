import type { AuditEventView } from '../../../shared/audit';
import { type Column, dateTime, reference, text } from '../../export/columns';

/** The most rows one export holds, as for the registry; a larger filter is refused. */
export const AUDIT_EXPORT_ROW_LIMIT = 50_000;

const json = (value: unknown) =>
  value === null || value === undefined ? '' : JSON.stringify(value);

export const AUDIT_COLUMNS: readonly Column<AuditEventView>[] = [
  reference('Audit row', (event) => String(event.id), 10),
  // To the second, as an officer in Yenagoa saw it on the clock.
  dateTime('Time (Lagos)', (event) => event.occurredAt, { width: 20, seconds: true }),
  text('Actor', (event) => event.actorUsername, 20),
  // The person, as the histories name them (an officer's first name and surname); empty for a
  // system actor (the seed, the CLI), whose username alone says who.
  text('Actor name', (event) => event.actorName, 28),
  text('Actor ID', (event) => event.actorId, 38),
  text('Action', (event) => event.action, 26),
  text('Entity type', (event) => event.entityType, 14),
  text('Entity ID', (event) => event.entityId, 38),
  text('Before', (event) => json(event.before), 50),
  text('After', (event) => json(event.after), 50),
  text('Request ID', (event) => event.requestId, 38),
  text('IP address', (event) => event.ip, 16),
];
