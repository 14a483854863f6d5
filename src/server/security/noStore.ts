import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * `Cache-Control: no-store` on every answer of a public check, errors and 429s included (ADR 0032):
 * no browser, proxy or CDN may keep one, so a certificate revoked or a receipt reversed since is
 * never served from a cache as still standing. Set on the request, before anything can answer.
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
}
