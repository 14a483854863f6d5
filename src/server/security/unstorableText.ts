import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * Text PostgreSQL cannot store never reaches it (ADR 0022). Its text and jsonb refuse the
 * character U+0000, and a lone UTF-16 surrogate (U+D800–U+DFFF without its pair, which JSON's
 * `"\ud800"` escape produces) has no UTF-8 form, so the driver cannot send it: either reached
 * the database as an error, answered 500. No field of RevDesk has a use for them, so every
 * request carrying one is refused here, once for all routes present and future, with a 422
 * naming where it was (docs/architecture.md §3). Uploaded files are checked by their readers, which refuse
 * a file with a NUL byte or invalid UTF-8 as that file's error (modules/rrrBatches/csv.ts,
 * modules/tcc/bulk/file.ts); multipart text fields and file names by `refuseUnstorableField`.
 */

/** A NUL, or a surrogate that is not half of a pair. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding U+0000 is what this is for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than any body the API reads; a deeper one is refused by its schema anyway. */
const MAX_DEPTH = 32;

/** Where a request's input comes from, as the validation errors name it (errors.ts). */
export type InputPart = 'params' | 'querystring' | 'headers' | 'body';

/** What is wrong with the text, in words an integrator can act on; null when it can be stored. */
export function unstorableTextProblem(text: string): string | null {
  const found = UNSTORABLE.exec(text);
  if (!found) return null;
  return found[0] === '\u0000'
    ? 'must not contain the character U+0000 (NUL)'
    : `must not contain an unpaired UTF-16 surrogate (U+${found[0].charCodeAt(0).toString(16).toUpperCase()}): send valid Unicode text`;
}

type Found = { path: string; problem: string };

function findUnstorable(value: unknown, path: string, depth: number): Found | null {
  if (typeof value === 'string') {
    const problem = unstorableTextProblem(value);
    return problem === null ? null : { path, problem };
  }
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    const keyProblem = unstorableTextProblem(key);
    if (keyProblem !== null) return { path: where, problem: `names a field that ${keyProblem}` };
    const found = findUnstorable(item, where, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

function unstorable(where: InputPart, { path, problem }: Found): AppError {
  return new AppError('VALIDATION_FAILED', `${path ? `${path}: ` : ''}${problem}`, {
    details: { issues: [{ where, path, message: problem }] },
  });
}

/**
 * The app-wide preValidation hook (app.ts). preValidation runs after the gate (a request without
 * a session still gets its 401) and after the body is parsed, but before the route's schema, so
 * neither a zod message about something else nor a 500 from the database answers first.
 */
export function refuseUnstorableText(request: FastifyRequest): void {
  // An address that names no route is a 404 whatever it carries; so is one the web app's
  // catch-all answers (web.ts: the page, a 404, or a 414 for an API segment past the router's
  // limit, which must stay what a caller without a session gets, fuzz/expectations.ts).
  if (request.is404 || request.routeOptions.url === '/*') return;
  const parts: [InputPart, unknown][] = [
    ['params', request.params],
    ['querystring', request.query],
    // Headers some routes keep (User-Agent with a session, X-Forwarded-For behind a proxy).
    ['headers', request.headers],
    ['body', request.body],
  ];
  for (const [where, value] of parts) {
    const found = findUnstorable(value, '', 0);
    if (found !== null) throw unstorable(where, found);
  }
}

/**
 * For a route that parses its own JSON (the POS push reads its raw body to check the
 * signature over the very bytes): the first string the database cannot store, or null.
 */
export function findUnstorableJson(value: unknown): { path: string; problem: string } | null {
  return findUnstorable(value, '', 0);
}

/** For readers of multipart bodies, which the hook cannot see: a text field or a file's name. */
export function refuseUnstorableField(path: string, value: string): void {
  const problem = unstorableTextProblem(value);
  if (problem !== null) throw unstorable('body', { path, problem });
}
