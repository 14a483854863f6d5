import { publicCodeOf } from '../../../shared/publicCode';

/**
 * What the rest of a verify address holds (ADR 0032): the document's public code, as the QR
 * codes and typed addresses print it now, or its number, as papers printed before the codes
 * carry it (BIRS%2F2026%2F0000001, or typed with its slashes).
 */
export type Reference = { code: string } | { number: string };

export function referenceOf(splat: string): Reference {
  let text = splat;
  try {
    text = decodeURIComponent(splat);
  } catch {
    // A stray '%' that is no escape: taken as it was typed.
  }
  text = text.trim();
  const code = publicCodeOf(text);
  return code ? { code } : { number: text.toUpperCase() };
}

/** A date as printed on the papers, "3 Mar 2026" (YYYY-MM-DD, no time: ADR 0032). */
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Africa/Lagos',
});

export function formatDay(date: string): string {
  return dateFormat.format(new Date(`${date}T12:00:00+01:00`));
}
