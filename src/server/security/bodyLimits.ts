import type { FastifyInstance } from 'fastify';
import { payloadTooLarge } from '../errors';

/**
 * The default for every route (app.ts): RevDesk's JSON bodies are forms, a few KB at most (the
 * largest, a TCC bulk approval of 100 ids, is under 5 KB). A route that takes more says so where
 * it is declared, with the route option `bodyLimit` (ADR 0014).
 */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** Remita's notifications: up to a thousand items of about half a KB each (NotificationBody). */
export const NOTIFICATION_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The `bodyLimit` of an upload route whose file may be `fileMaxBytes`: a quarter more and 64 KB
 * for the form's other fields and the part headers. A file a little over its limit is still
 * read far enough for the route's own message, which names the file's limit
 * (@fastify/multipart `limits.fileSize`); anything larger is refused before it is read.
 */
export function uploadBodyLimit(fileMaxBytes: number): number {
  return Math.ceil(fileMaxBytes * 1.25) + 64 * 1024;
}

/**
 * Fastify applies a route's `bodyLimit` to the bodies it parses itself (JSON, text), but
 * @fastify/multipart reads the raw request on its own. This hook refuses, for every route and
 * before anything is read, a request whose declared Content-Length is over the route's limit;
 * a chunked upload without one is held by the multipart limits (file size, field and part
 * counts) that each upload route sets.
 */
export function registerBodyLimits(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const declared = request.headers['content-length'];
    if (declared === undefined) return;
    const limit = request.routeOptions.bodyLimit;
    if (limit !== undefined && Number(declared) > limit) throw payloadTooLarge(limit);
  });
}
