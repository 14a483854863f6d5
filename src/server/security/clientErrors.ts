import { randomUUID } from 'node:crypto';
import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ErrorBody, ErrorCode } from '../../shared/errors';
import { statusOf } from '../errors';
import { everyAnswerHeaders, NOTHING_CSP } from './headers';

/**
 * Requests Node's HTTP parser refuses before Fastify sees a request: no route, no hook, no
 * error handler runs, and Fastify's default answer is in its own shape. This is Fastify's
 * `clientErrorHandler` (app.ts), answering them in the one error shape with the usual headers
 * (docs/architecture.md §3, ADR 0022).
 */

/** Node's parser error, with the bytes it was reading when it gave up (a Buffer, whatever Fastify's types say). */
type ParserError = Error & { code?: string; rawPacket?: unknown };

/** A request line that starts the bytes read: `GET /…` (RFC 9112 §3). */
const REQUEST_LINE_START = /^[A-Z]{3,10} \S/;

/**
 * Node counts the address and the headers against one limit (`http.maxHeaderSize`, 16 KB by
 * default): when the bytes it was reading start with a request line that takes half the limit
 * or more (or has not ended), the address is what was too long (414); otherwise the headers (431).
 */
function isAddressTooLong(err: ParserError): boolean {
  if (!Buffer.isBuffer(err.rawPacket)) return false;
  const text = err.rawPacket.subarray(0, maxHeaderSize + 1).toString('latin1');
  if (!REQUEST_LINE_START.test(text)) return false;
  const lineEnd = text.indexOf('\r\n');
  return lineEnd < 0 || lineEnd >= maxHeaderSize / 2;
}

function refusalOf(err: ParserError): { code: ErrorCode; message: string } {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive. Try again.' };
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return isAddressTooLong(err)
      ? { code: 'URI_TOO_LONG', message: 'The address of the request is too long.' }
      : {
          code: 'HEADERS_TOO_LARGE',
          message:
            "The request's headers are too large. Clear this site's cookies in the browser and try again.",
        };
  }
  return { code: 'BAD_REQUEST', message: 'The request is not valid HTTP.' };
}

export function createClientErrorHandler(config: { env: string }) {
  const always = everyAnswerHeaders(config.env === 'production');
  return function handleClientError(this: FastifyInstance, err: ParserError, socket: Socket) {
    // A connection reset or closed: there is nobody to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const { code, message } = refusalOf(err);
    const status = statusOf(code);
    const requestId = randomUUID();
    this.log.info(
      { err: { code: err.code, message: err.message }, requestId, status },
      'request refused by the HTTP parser',
    );
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify({ error: { code, message } } satisfies ErrorBody);
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      'content-security-policy': NOTHING_CSP,
      'x-request-id': requestId,
      ...always,
      connection: 'close',
    };
    const head = Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    // Node's own default does the same: answer, then close (the rest of the request is unread).
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${head}\r\n${body}`);
  };
}
