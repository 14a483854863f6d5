/**
 * The letterhead's limits, zod-free: the letterhead page checks a crest's size before it
 * uploads, and zod stays off a page's first load (docs/architecture.md §9 "Web"). letterhead.ts
 * re-exports them with its schemas.
 */

/** The crest may weigh this much: a small emblem printed about 2 cm wide. */
export const CREST_MAX_BYTES = 500 * 1024;
