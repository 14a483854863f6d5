import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * PostgreSQL's text and jsonb cannot hold the character U+0000: a NUL anywhere in a parameter,
 * the query string or a JSON body reached the database as an error, answered 500. No field of
 * RevDesk has a use for it, so every request carrying one is refused here, once for all routes,
 * with a 422 naming where it was (DESIGN.md §3).
 */
const NUL = '\u0000';
/** Deeper than any body the API reads; a deeper one is refused by its schema anyway. */
const MAX_DEPTH = 32;

function findNul(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const where = path ? `${path}.${key}` : key;
    if (key.includes(NUL)) return where;
    const found = findNul(item, where, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export function rejectNulCharacters(request: FastifyRequest): void {
  // An address that names no route is a 404 whatever it carries.
  if (request.is404) return;
  const parts = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const;
  for (const [where, value] of parts) {
    const path = findNul(value, '', 0);
    if (path === null) continue;
    const message = 'must not contain the character U+0000 (NUL)';
    throw new AppError('VALIDATION_FAILED', `${path ? `${path}: ` : ''}${message}`, {
      details: { issues: [{ where, path, message }] },
    });
  }
}
