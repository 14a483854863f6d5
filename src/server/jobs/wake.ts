import type { Db } from '../db/client';

/**
 * Wakes the workers of this process that serve the same database when a job is queued, so an
 * upload starts at once instead of at the next poll. Workers of other instances find the job
 * by polling; this is only a shortcut.
 */
const sleepers = new WeakMap<Db, Set<() => void>>();

export function onJobQueued(db: Db, wake: () => void): () => void {
  let set = sleepers.get(db);
  if (!set) {
    set = new Set();
    sleepers.set(db, set);
  }
  set.add(wake);
  return () => set.delete(wake);
}

export function notifyJobQueued(db: Db): void {
  for (const wake of sleepers.get(db) ?? []) wake();
}
