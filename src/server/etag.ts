import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Answers 304 when the browser already holds this exact body, else sends it with an ETag.
 * For data that changes only with a migration (reference lists): the tag is the body's hash,
 * so no version needs keeping. `private`: the answers need a session, so no shared cache keeps them.
 */
export function sendWithEtag<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: T,
): T | FastifyReply {
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag).header('cache-control', 'private, max-age=300, must-revalidate');
  const seen = request.headers['if-none-match'];
  if (seen?.split(',').some((tag) => tag.trim() === etag)) {
    return reply.code(304).send();
  }
  return body;
}
