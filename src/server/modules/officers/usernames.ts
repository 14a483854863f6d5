import type { Db } from '../../db/client';
import { selectUsernames } from './queries';

/**
 * Officers' usernames by id, kept in memory for views that name who created or changed a record
 * (ADR 0018). Safe with any number of instances because a username never changes (nothing in
 * RevDesk changes one, and a trigger of drizzle/0015 refuses it) and an officer a record refers
 * to is never deleted (the foreign keys forbid it); ids are random uuids, never reused.
 */

/** Far more officers than a revenue service has; past it the oldest are forgotten first. */
const KEPT_USERNAMES = 10_000;

const usernameById = new Map<string, string>();

function keep(id: string, username: string): void {
  usernameById.set(id, username);
  if (usernameById.size > KEPT_USERNAMES) {
    const oldest = usernameById.keys().next().value;
    if (oldest !== undefined) usernameById.delete(oldest);
  }
}

/** The usernames of these officers; one query for those not yet known, none when all are. */
export async function officerUsernames(
  db: Db,
  ids: readonly (string | null)[],
): Promise<ReadonlyMap<string, string>> {
  const wanted = new Set(ids.filter((id): id is string => id !== null));
  const found = new Map<string, string>();
  const unknown: string[] = [];
  for (const id of wanted) {
    const username = usernameById.get(id);
    if (username === undefined) unknown.push(id);
    else found.set(id, username);
  }
  if (unknown.length > 0) {
    for (const row of await selectUsernames(db, unknown)) {
      // Only committed or own-transaction rows are seen; an officer whose creation is rolled
      // back leaves an id no stored record can refer to.
      keep(row.id, row.username);
      found.set(row.id, row.username);
    }
  }
  return found;
}
