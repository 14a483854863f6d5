/** The service's time zone (docs/architecture.md §3). */
export const SERVICE_TIME_ZONE = 'Africa/Lagos';

/** The hour (0–23) it is in Lagos at `now`, whatever the browser's own time zone. */
export function lagosHour(now: Date): number {
  const hour = new Intl.DateTimeFormat('en-GB', {
    timeZone: SERVICE_TIME_ZONE,
    hour: 'numeric',
    hourCycle: 'h23',
  }).format(now);
  return Number(hour);
}

/** "Good morning" until noon, "Good afternoon" until 5 pm, then "Good evening" (Lagos time). */
export function timeOfDayGreeting(now: Date): string {
  const hour = lagosHour(now);
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}
