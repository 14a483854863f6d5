import { AppError } from '../errors';

/**
 * What went wrong reading a multipart body, in the service's words. `@fastify/multipart`'s own
 * errors carry a code (limits, prototype keys: the caller maps those it knows, the error handler
 * the rest); busboy's do not: "Unexpected end of multipart data", "Malformed part header" say the
 * body the client sent is broken, which is a 400, never a 500.
 */
export function multipartReadError(err: unknown): unknown {
  if (err instanceof AppError || (err as { code?: unknown })?.code !== undefined) return err;
  return new AppError(
    'BAD_REQUEST',
    'The upload could not be read: it ended early or is not valid multipart/form-data.',
  );
}
