// Without zod, for the pages' filters (docs/architecture.md §9 "Web"); reference.ts re-exports it.

/** Bayelsa, the service's own state: the forms open on it. */
export const BAYELSA_STATE_ID = 6;
