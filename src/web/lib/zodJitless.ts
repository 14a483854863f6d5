import { z } from 'zod';

/**
 * zod 4 probes `new Function` once to decide whether it may compile object parsers; the page's
 * CSP (`script-src 'self'`) refuses that probe and reports a violation on every page. Jitless
 * parsing needs no eval. main.tsx imports this module first, before any schema is built.
 */
z.config({ jitless: true });
