/**
 * How every feature shows dates, times, phone numbers and closed lists. A feature's own labels
 * and colours (a taxpayer's status, a payment's channel) stay in that feature's format.ts.
 */
import { SERVICE_TIME_ZONE } from '../../shared/dates';
import { formatNigerianPhone } from '../../shared/phone';

const dateFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: SERVICE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

const dateTimeFormat = new Intl.DateTimeFormat('en-NG', {
  timeZone: SERVICE_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A timestamp as a day in Lagos (docs/architecture.md §3), e.g. "3 Mar 2026". */
export function formatLagosDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

export function formatLagosDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** A calendar date (YYYY-MM-DD, no time zone) as "3 Mar 1985". */
export function formatCalendarDate(date: string): string {
  return dateFormat.format(new Date(`${date}T12:00:00+01:00`));
}

/** A phone as `0803 123 4567`; a number that is not a Nigerian one as it was given. */
export function formatPhone(phone: string | null): string {
  return phone ? formatNigerianPhone(phone) : '';
}

export { formatNigerianPhone };

/**
 * Who did something, as a history names them: the officer's full name; a system actor (`seed`,
 * `cli`), who has no name, by its username; null when nobody is recorded.
 */
export function actorText(entry: {
  actorName: string | null;
  actorUsername: string | null;
}): string | null {
  return entry.actorName ?? entry.actorUsername;
}

/** A closed list as the options of a Select, with its labels where the values are not words. */
export function selectOptions<T extends string>(values: readonly T[], labels?: Record<T, string>) {
  return values.map((value) => ({ value, label: labels?.[value] ?? value }));
}
