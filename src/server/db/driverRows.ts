import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A built statement that can hand back the driver's own rows (node-postgres and PGlite both can). */
type DriverRowsQuery = { execute(values?: Record<string, unknown>): Promise<unknown> };

/**
 * The rows of a built statement as the driver returns them, without Drizzle's mapping
 * (ADR 0024): for a hot list whose rows go straight into its view, one pass instead of two.
 * Each row's keys are the statement's column names, so select with `aliasedAs` to get the
 * keys the view wants; timestamps come back as PostgreSQL's text, numerics and bigints as text.
 * `Row` is the caller's word for that shape: the response schema checks it on every answer.
 */
export async function driverRows<Row>(
  query: DriverRowsQuery,
  values: Record<string, unknown> = {},
): Promise<Row[]> {
  const all = (query as { all?: (values: Record<string, unknown>) => Promise<unknown> }).all;
  if (typeof all !== 'function') throw new Error('driverRows: this driver has no raw rows');
  return (await all.call(query, values)) as Row[];
}

/**
 * A select's columns under their own keys as SQL aliases (`"taxpayers"."display_name" as
 * "displayName"`), so the driver's rows (`driverRows`) already carry the keys of the view.
 */
export function aliasedAs<Columns extends Record<string, SQLWrapper>>(
  columns: Columns,
): { [K in keyof Columns]: SQL.Aliased<unknown> } {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, sql`${column}`.as(key)]),
  ) as { [K in keyof Columns]: SQL.Aliased<unknown> };
}

/**
 * A `timestamp with time zone` as the driver's text (`2026-11-20 09:12:33.123456+00`) in ISO 8601
 * with milliseconds, as every view sends times: what Drizzle's mapping and `toISOString` made.
 * The session's time zone is UTC on RevDesk's servers, so the text is read by its positions;
 * any other offset or form (a server set to another zone, BC, a five-digit year) goes through
 * `Date`, which reads them all, at about ten times the cost.
 */
export function isoTimestamp(text: string): string {
  if (text.length >= 22 && text.charCodeAt(10) === SPACE && text.endsWith('+00')) {
    // The fraction's digits (none, or up to six), cut to milliseconds as `Date` does.
    const fraction = text.slice(20, text.length - 3);
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${`${fraction}000`.slice(0, 3)}Z`;
  }
  return new Date(text).toISOString();
}

const SPACE = 32;
