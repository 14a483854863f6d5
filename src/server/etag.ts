import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers 304 when the browser already holds this exact body, else sends it with an ETag.
 * For data that changes only with a migration (reference lists): the tag is the body's hash,
 * so no version needs keeping. `private`: the answers need a session, so no shared cache keeps them.
 * Weak (`W/`): the same tag covers the plain, brotli and gzip bytes of one body (compression.ts),
 * and RFC 9110 §8.8.1 keeps strong tags for byte-identical representations.
 */
export function sendWithEtag<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: T,
): T | FastifyReply {
  const etag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'private, max-age=300, must-revalidate');
  const seen = request.headers['if-none-match'];
  // If-None-Match compares weakly (RFC 9110 §13.1.2): `W/` on either side does not matter.
  const opaque = etag.slice('W/'.length);
  if (seen?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque)) {
    return reply.code(304).send();
  }
  return body;
}
