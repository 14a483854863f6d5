/**
 * How the SSC pages write a schedule's month. Apart from the list table (SscTable.tsx) so that
 * the upload and the entry, which show a stored schedule's month, do not load the table's
 * package with it (docs/architecture.md §9 "Web").
 */

/** "2026-03" → "March 2026". */
export function monthText(month: string): string {
  const [year, m] = month.split('-');
  const name = new Date(Date.UTC(Number(year), Number(m) - 1, 1)).toLocaleString('en-GB', {
    month: 'long',
    timeZone: 'UTC',
  });
  return `${name} ${year}`;
}
