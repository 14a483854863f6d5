/**
 * Record ids. Every table keys its rows by a PostgreSQL `uuid`; text that is not one must be told
 * apart before it reaches a query, where casting it would fail the statement (an MDA given by id
 * or by code, an audit filter given an officer's id or username, a page's `:id` that may be a
 * number). Here, in src/shared, because the browser asks the same question of its URLs.
 */

/**
 * The text form PostgreSQL prints a `uuid` in: 32 hex digits as 8-4-4-4-12, either case. Unlike
 * zod's `z.uuid()` it does not require RFC 9562's version and variant bits: PostgreSQL stores
 * any 128 bits, and a row keyed by such a value must still be found.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `text` is a record id PostgreSQL would accept as a `uuid`. */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}

/**
 * The largest value of a PostgreSQL `integer` (int4), the type of row versions and numbered
 * reference ids. A number past it makes the statement fail ("out of range") rather than match no
 * row, so schemas that take such a number from a request stop there with a 400.
 */
export const PG_INTEGER_MAX = 2_147_483_647;
