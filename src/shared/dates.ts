/** The service's time zone (docs/architecture.md §3): "today" is a day in Lagos, wherever the code runs. */
export const SERVICE_TIME_ZONE = 'Africa/Lagos';

/** Made once: building an Intl.DateTimeFormat costs far more than formatting with it. */
const LAGOS_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in Africa/Lagos as YYYY-MM-DD. */
export function todayInLagos(now: Date = new Date()): string {
  return LAGOS_DAY.format(now);
}

/** Whole years from `dateOfBirth` (YYYY-MM-DD) to `today` (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * A YYYY-MM-DD day plus (or minus) whole calendar days: a due date, an objection's last day, a
 * range's end. Counted in UTC, where every day has 24 hours, so no time zone's clock change can
 * shift the answer; the day itself is already the service's (Lagos) day.
 */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The days of the range `from`…`to` (YYYY-MM-DD each), both counted: 1 for a single day. */
export function daysSpanned(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** The months' names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

function partsOf(day: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new Error(`not a YYYY-MM-DD day: ${day}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/**
 * A day (YYYY-MM-DD) as staff write it in prose and on a printed document's lines:
 * "26 November 2026". Never the ISO form on paper: staff and taxpayers read it as a code.
 */
export function dayInWords(day: string): string {
  const [year, month, date] = partsOf(day);
  return `${date} ${MONTH_NAMES[month - 1]} ${year}`;
}

/** A day (YYYY-MM-DD) as staff write it in a table's column: "26/11/2026" (day first). */
export function dayInFigures(day: string): string {
  const [year, month, date] = partsOf(day);
  return `${String(date).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}
