import type { FastifyReply } from 'fastify';

/** A file sent whole: a result file, a template, a PDF. A list's export streams instead (export/). */
export type FileAnswer = { fileName: string; contentType: string; body: Buffer };

/**
 * Sends bytes as they are, with the headers given: Fastify never runs the serializer on a
 * Buffer, though the zod provider's typed reply does not know it, hence the plain FastifyReply.
 */
export function sendBytes(reply: FastifyReply, bytes: Buffer, headers: Record<string, string>) {
  return reply.headers(headers).send(bytes);
}

/**
 * Sends a file's bytes as they are (Fastify never runs the serializer on a Buffer), to be saved
 * (`attachment`) or shown in the browser (`inline`). The name is the ASCII one given; callers
 * build it from numbers and cleaned file names, so it needs no RFC 6266 encoding.
 */
export function sendFile(
  reply: FastifyReply,
  file: FileAnswer,
  disposition: 'attachment' | 'inline' = 'attachment',
) {
  return sendBytes(reply, file.body, {
    'content-type': file.contentType,
    'content-disposition': `${disposition}; filename="${file.fileName.replace(/["\\\r\n]/g, '_')}"`,
  });
}
