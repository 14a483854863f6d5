// zod/v4/core, not zod: only the config switch, so the first load carries no schema code
// (DESIGN.md §9 "Web"); zod and zod/mini read the same global config.
import { config } from 'zod/v4/core';

/**
 * zod 4 probes `new Function` once to decide whether it may compile object parsers; the page's
 * CSP (`script-src 'self'`) refuses that probe and reports a violation on every page. Jitless
 * parsing needs no eval. main.tsx imports this module first, before any schema is built.
 */
config({ jitless: true });
