import { SERVICE_TIME_ZONE } from '../../../shared/dates';

const timeFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: SERVICE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** When it happened, on a Lagos clock and to the second: an audit row is read against others. */
export function formatAuditTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
