/**
 * What PostgreSQL's errors mean to a service. Here, beside the database client, because every
 * module that inserts under a unique index needs it and none owns it.
 */

/** PostgreSQL's SQLSTATE for a unique violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * True when the error, or any error in its `cause` chain (Drizzle wraps the driver's error), is a
 * unique violation — of the named constraint or index when one is given, of any otherwise.
 * PGlite and `pg` both set `constraint`; the message is the fallback for a driver that does not.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const pgError = e as { code?: string; constraint?: string; message?: string };
    if (pgError.code !== UNIQUE_VIOLATION) continue;
    if (constraint === undefined) return true;
    if (pgError.constraint === constraint || pgError.message?.includes(constraint)) return true;
  }
  return false;
}
