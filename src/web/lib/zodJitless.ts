/**
 * zod 4 probes `new Function` once to decide whether it may compile object parsers; the page's
 * CSP (`script-src 'self'`) refuses that probe and reports a violation on every page. Jitless
 * parsing needs no eval. Each page's entry imports this module first, before any schema is built.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (zod/v4/core/core.js: `config()`
 * writes there, and the probe in util.js reads it), so the switch is set there directly: the
 * first load then carries none of zod, which comes with the forms that parse (docs/architecture.md §9
 * "Web"). The browser tests fail on any CSP violation, so a zod that stopped reading it would
 * be caught.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;
