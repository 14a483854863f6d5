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
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    byName.set(name, statement);
  }
  return statement;
}
