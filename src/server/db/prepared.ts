import type { Db } from './client';

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query that runs on every request, built once per database handle instead of once per call
 * (ADR 0017): Drizzle then skips assembling the SQL text and its mapping each time, and
 * node-postgres, given the name, parses and plans the statement once per connection. `build`
 * must use `sql.placeholder(...)` for every value that varies and pass `name` to `.prepare`.
 * A transaction is a handle of its own and prepares its own copy.
 */
export function preparedOn<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  return cached(db, name, () => build(db, name));
}

/**
 * A query of one shape (which filters are present, which order) built once per handle, for
 * lists whose filters vary: Drizzle skips assembling it, but the statement goes to PostgreSQL
 * unnamed, so each run is planned for its own values (a named statement could settle on one
 * generic plan for skewed filters). `build` receives the "name" to pass to `.prepare`: none.
 */
export function builtOnce<T>(db: Db, shape: string, build: (db: Db, name: string) => T): T {
  return cached(db, `shape:${shape}`, () => build(db, UNNAMED));
}

/** Drizzle types `.prepare`'s name as a string; node-postgres sends a statement without one unnamed. */
export const UNNAMED = undefined as unknown as string;

function cached<T>(db: Db, key: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(key) as T | undefined;
  if (statement === undefined) {
    statement = build();
    byName.set(key, statement);
  }
  return statement;
}
