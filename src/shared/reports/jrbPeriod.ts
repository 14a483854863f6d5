/**
 * The Joint Revenue Board return's period, a month (`2026-03`) or a quarter (`2026-Q1`)
 * (docs/jrb-return.md), without zod: the route tree reads it, and the first load of every
 * signed-in page stays free of zod (docs/architecture.md §9 "Web").
 */
const JRB_PERIOD = /^(\d{4})-(?:(0[1-9]|1[0-2])|Q([1-4]))$/;

/** The first and last day of `2026-03` (a month) or `2026-Q1` (a quarter); null when malformed. */
export function jrbPeriodDays(period: string): { from: string; to: string } | null {
  const m = JRB_PERIOD.exec(period);
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 2000 || year > 2100) return null;
  const firstMonth = m[2] ? Number(m[2]) : (Number(m[3]) - 1) * 3 + 1;
  const lastMonth = m[2] ? firstMonth : firstMonth + 2;
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { from: `${year}-${pad(firstMonth)}-01`, to: `${year}-${pad(lastMonth)}-${pad(lastDay)}` };
}

/** How a period reads on the return: "March 2026", "First quarter 2026 (January–March)". */
export function jrbPeriodLabel(period: string): string {
  const m = JRB_PERIOD.exec(period);
  if (!m) return period;
  if (m[2]) {
    const month = new Date(Date.UTC(2000, Number(m[2]) - 1, 1)).toLocaleString('en-GB', {
      month: 'long',
      timeZone: 'UTC',
    });
    return `${month} ${m[1]}`;
  }
  const q = Number(m[3]);
  const names = ['First', 'Second', 'Third', 'Fourth'];
  const months = ['January–March', 'April–June', 'July–September', 'October–December'];
  return `${names[q - 1]} quarter ${m[1]} (${months[q - 1]})`;
}
