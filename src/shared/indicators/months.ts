/**
 * Months as the indicators count them (docs/indicators.md): YYYY-MM, a Lagos calendar month.
 * Pure arithmetic on the calendar, no time zone.
 */

/** A month as YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The first day of a YYYY-MM month. */
export const firstDayOf = (month: string) => `${month}-01`;

/** The month of a YYYY-MM-DD day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** A YYYY-MM month plus (or minus) whole months. */
export function addMonths(month: string, months: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The last day of a YYYY-MM month. */
export function lastDayOf(month: string): string {
  const date = new Date(`${addMonths(month, 1)}-01T00:00:00Z`);
  date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/** The `count` months ending with `month`, oldest first, none before `first`. */
export function monthsEndingWith(month: string, count: number, first: string): string[] {
  const months: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const m = addMonths(month, -i);
    if (m >= first) months.push(m);
  }
  return months;
}
