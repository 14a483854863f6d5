/**
 * The fields an edit changed, compared as the body would send them: PATCH carries only
 * these (with the version the officer saw, where the record has one).
 */
export function changedFields<T extends object>(before: T, after: T): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      changes[key] = after[key];
    }
  }
  return changes;
}
