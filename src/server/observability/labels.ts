import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The labels of the HTTP metrics, kept to a bounded set (ADR 0015): Prometheus keeps one series
 * per distinct label set, so a label must never carry an id, an RRR or a raw URL.
 */

/** What a request that matched no route is counted as: unknown API paths, scanners, SPA pages. */
export const UNMATCHED_ROUTE = 'unmatched';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The catch-all that serves the app's page and answers unknown paths (web.ts). */
const CATCH_ALL_ROUTE = '/*';

/**
 * The route's pattern (`/api/v1/taxpayers/:btin`) as Fastify declared it, never the URL sent.
 * The catch-all counts as unmatched: it is what answers when no route of RevDesk's own does.
 */
export function routeLabel(routePattern: string | undefined): string {
  if (!routePattern || routePattern === CATCH_ALL_ROUTE) return UNMATCHED_ROUTE;
  return routePattern;
}

/** GET, POST…; any other method Node lets through (PROPFIND) as OTHER. */
export function methodLabel(method: string): string {
  return KNOWN_METHODS.has(method) ? method : 'OTHER';
}

/** 200 → `2xx`, 404 → `4xx`: what dashboards group by; the exact code would multiply series. */
export function statusClass(statusCode: number): string {
  if (statusCode < 100 || statusCode > 599) return 'other';
  return `${Math.floor(statusCode / 100)}xx`;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * True when `Authorization: Bearer <token>` carries the metrics token. The digests are compared
 * in constant time, so neither the token's characters nor its length leak through timing.
 */
export function bearerTokenMatches(header: string | undefined, token: string): boolean {
  if (!header) return false;
  const match = /^Bearer[ ]+(\S+)[ ]*$/i.exec(header);
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}
