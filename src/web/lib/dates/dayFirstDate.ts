import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/**
 * Dates as Nigerian officers write them: day first (05/03/2026 is 5 March), whatever language
 * the browser is set to. In the URL and the API a date stays ISO (YYYY-MM-DD, docs/architecture.md §3).
 */
export const DAY_FIRST_FORMAT = 'DD/MM/YYYY';

const ISO_DATE = 'YYYY-MM-DD';

/**
 * What an officer may type: day first with "/", "-" or "." between the parts, with or without
 * leading zeros; an ISO date pasted from elsewhere is taken as it is.
 */
const TYPED_FORMATS = [
  'DD/MM/YYYY',
  'D/M/YYYY',
  'DD-MM-YYYY',
  'D-M-YYYY',
  'DD.MM.YYYY',
  'D.M.YYYY',
  ISO_DATE,
];

/**
 * Typed text → ISO date, or null while it is not (yet) a real date. Strict, so that "05/03/2"
 * half-typed is not year 2 and 31/02/2026 is not 3 March.
 */
export function parseDayFirst(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const date = dayjs(trimmed, TYPED_FORMATS, true);
  return date.isValid() ? date.format(ISO_DATE) : null;
}

/** ISO date → "DD/MM/YYYY"; empty for no date or one that is not a date. */
export function formatDayFirst(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const date = dayjs(isoDate, ISO_DATE, true);
  return date.isValid() ? date.format(DAY_FIRST_FORMAT) : '';
}
