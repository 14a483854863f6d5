/**
 * Dates as Nigerian officers write them: day first (05/03/2026 is 5 March), whatever language
 * the browser is set to. In the URL and the API a date stays ISO (YYYY-MM-DD, docs/architecture.md §3).
 *
 * Plain code, no date library: the typed date field (DateField) reads and shows dates before the
 * calendar's packages have loaded (docs/architecture.md §9).
 */
export const DAY_FIRST_FORMAT = 'DD/MM/YYYY';

/**
 * What an officer may type: day first with "/", "-" or "." between the parts (the same one
 * twice), with or without leading zeros; an ISO date pasted from elsewhere is taken as it is.
 */
const DAY_FIRST = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Typed text → ISO date, or null while it is not (yet) a real date. Strict, so that "05/03/2"
 * half-typed is not year 2 and 31/02/2026 is not 3 March.
 */
export function parseDayFirst(text: string): string | null {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayFirst = DAY_FIRST.exec(trimmed);
  if (dayFirst) return isoDate(Number(dayFirst[4]), Number(dayFirst[3]), Number(dayFirst[1]));
  return null;
}

/** ISO date → "DD/MM/YYYY"; empty for no date or one that is not a date. */
export function formatDayFirst(date: string | null | undefined): string {
  const iso = ISO_DATE.exec(date ?? '');
  if (!iso || !isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]))) return '';
  return `${iso[3]}/${iso[2]}/${iso[1]}`;
}

/** The ISO date of a day that exists (no 31 February, 29 February only in a leap year), or null. */
function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad = (part: number) => String(part).padStart(2, '0');
