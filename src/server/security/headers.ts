import { randomBytes } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '../auth/sessions';
import type { Config } from '../config';

/**
 * Every security header RevDesk sends is set here, on every answer (API JSON and errors, the
 * web app, static files, PDFs, exports, Swagger UI, the simulators, 404s): ADR 0014. A route
 * that needs another Content-Security-Policy sets one of the policies below itself (index.html
 * with its nonce, Swagger UI); an answer that set none gets the one its content type calls for.
 */

/**
 * The web app's policy: its own scripts only; <style> tags only with this answer's nonce (the
 * ones Mantine injects, see src/web/main.tsx); style attributes allowed, since React and
 * Mantine's style props write them and a nonce cannot cover an attribute; no framing.
 */
export function appCsp(styleNonce: string | null): string {
  const styleSrc = styleNonce ? `'self' 'nonce-${styleNonce}'` : "'self'";
  return [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    `style-src ${styleSrc}`,
    "style-src-attr 'unsafe-inline'",
    "script-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    // Neither the app nor Swagger UI has a <base> element: none may be injected (ADR 0022).
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** A fresh nonce for one answer: 128 random bits, base64 (CSP Level 3, "nonce-source"). */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * Swagger UI at /api/docs (src/server/openapi.ts): as strict as the app for scripts (no inline
 * or eval'd code; e2e/api-docs.spec.ts fails on a violation). Its React build writes inline
 * <style> tags it gives no nonce to, so styles stay 'unsafe-inline' there (ADR 0014).
 */
export const SWAGGER_UI_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/** Anything that is not a page (JSON, CSV, XLSX, text, scripts, styles, fonts, images): runs and loads nothing. */
export const NOTHING_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A PDF opened in a tab: Chromium draws it in a page of its own making whose inline styles and
 * plugin a `default-src 'none'` would block (a blank or cut-off viewer, crbug.com/271452), so
 * PDFs keep only what cannot harm the viewer. They run no script of ours either way.
 */
export const PDF_CSP = "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** A year, subdomains too (the preload list's minimum): production only, where TLS is in front. */
export const HSTS = 'max-age=31536000; includeSubDomains';

function cspFor(contentType: string): string {
  if (/^text\/html\b/i.test(contentType)) return appCsp(null);
  if (/^application\/pdf\b/i.test(contentType)) return PDF_CSP;
  return NOTHING_CSP;
}

/**
 * The headers every answer carries whatever its content: also written by hand on the answers
 * Node's HTTP parser makes Fastify give before there is a request (security/clientErrors.ts).
 */
export function everyAnswerHeaders(isProduction: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    ...(isProduction ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * An answer no cache may keep, not even the browser's (ADR 0022): the route needs a permission,
 * the request carried a session (a public route may answer it with the officer's data), or the
 * answer sets the session cookie (sign-in answers the token in its body too). The reference
 * lists (etag.ts) set their own private revalidation, and a route that sets its own wins.
 */
function isPersonal(request: FastifyRequest, reply: FastifyReply, cookieName: string): boolean {
  return (
    request.routeOptions.config?.permission !== undefined ||
    request.routeOptions.config?.anyPermission !== undefined ||
    request.headers.authorization !== undefined ||
    request.cookies?.[cookieName] !== undefined ||
    reply.hasHeader('set-cookie')
  );
}

/** One onSend hook, registered first in app.ts so that it sees every answer. */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'env'>): void {
  const always = everyAnswerHeaders(config.env === 'production');
  const cookieName = sessionCookieName(config);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.headers(always);
    if (!reply.hasHeader('cache-control') && isPersonal(request, reply, cookieName)) {
      reply.header('cache-control', 'no-store');
    }
    if (!reply.hasHeader('content-security-policy')) {
      reply.header(
        'content-security-policy',
        cspFor(String(reply.getHeader('content-type') ?? '')),
      );
    }
  });
}
