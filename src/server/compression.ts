import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Text answers the plugin compresses: JSON (and `+json`), CSV and other text. Its own default
 * also counts `application/octet-stream` as compressible; RevDesk sends none it should squeeze.
 * Anything else is left to mime-db's `compressible` flag, which is false for PDF, XLSX, PNG and
 * JPEG: those are compressed formats already, and a second pass only costs CPU.
 */
const COMPRESSIBLE_TYPES = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?json(?:;|$))/;

/**
 * docs/architecture.md §9 (Web): every compressible answer goes out compressed. The built web app carries
 * its brotli and gzip copies, made once at build time (vite.config.ts); API answers are
 * compressed here, on the fly, when they are worth it.
 *
 * Register before the routes (the plugin hooks each route as it is added) and before
 * @fastify/static, whose pre-compressed files then pass through untouched.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    // Below ~1 KB the framing and a CPU pass buy almost nothing on the wire.
    threshold: 1024,
    // br first (smaller), gzip for clients without it. zstd is left out: Node 20 has none.
    encodings: ['br', 'gzip'],
    customTypes: (contentType: string) => COMPRESSIBLE_TYPES.test(contentType),
    // Request bodies are never compressed by RevDesk's clients; inflating them would let a
    // small body slip past the 1 MB body limit and grow in memory.
    globalDecompression: false,
  });
}
