import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config';
import { routeLabel } from './labels';

/**
 * The server's log (ADR 0015): one line per request, written when the answer has gone out.
 * In production it is JSON for a log collector; in development a short readable line,
 * `[14:02:07.311] INFO: GET /api/v1/tcc 200 12ms`, instead of Fastify's own two lines per
 * request ("incoming request", "request completed") and its "Route … not found".
 */

/** Where log lines go: stdout unless a test captures them (a stream: pino-pretty pipes into it). */
export type LogDestination = NodeJS.WritableStream;

/** The fields of the request line that development's one-line format leaves out. */
const REQUEST_FIELDS = ['method', 'route', 'url', 'statusCode', 'durationMs', 'userId'];

/** pino-pretty in development: one line per entry, without what only a collector needs. */
export const DEVELOPMENT_PRETTY_OPTIONS = {
  singleLine: true,
  translateTime: 'SYS:HH:MM:ss.l',
  ignore: ['pid', 'hostname', 'reqId', ...REQUEST_FIELDS].join(','),
  // In step with process.stdout, so the lines stay in order with what main.ts prints.
  sync: true,
} as const;

/** Query parameters whose value is never logged (matched on the name, case-insensitively). */
const SECRET_QUERY_NAME =
  /token|secret|password|passwd|api[-_]?key|^key$|hash|signature|^sig$|session|auth|otp/i;

/**
 * The simulators speak Remita's protocol, which puts the MDA's hash in the path
 * (remita/protocol.ts statusPath): their requests are logged by route pattern only.
 */
const SECRET_PATH_PREFIX = '/_sim/';

/** A log line is not a place for a 16 KB URL a scanner sent. */
const MAX_LOGGED_URL = 1_000;

/**
 * The URL as it may be logged: the path, and the query with the values of secret-looking
 * parameters replaced. `routePattern` stands in for paths that carry a secret.
 */
export function loggableUrl(rawUrl: string, routePattern: string | undefined): string {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (path.startsWith(SECRET_PATH_PREFIX)) return routePattern ?? `${SECRET_PATH_PREFIX}…`;
  const query = queryAt === -1 ? '' : rawUrl.slice(queryAt + 1);
  const redacted = query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equalsAt = part.indexOf('=');
      const name = equalsAt === -1 ? part : part.slice(0, equalsAt);
      return equalsAt !== -1 && SECRET_QUERY_NAME.test(safeDecode(name))
        ? `${name}=[redacted]`
        : part;
    })
    .join('&');
  const url = redacted ? `${path}?${redacted}` : path;
  return url.length > MAX_LOGGED_URL ? `${url.slice(0, MAX_LOGGED_URL)}…` : url;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** Fastify's `logger` option: off, production's JSON lines, or development's pretty lines. */
export function loggerOptions(
  config: Pick<Config, 'env' | 'logLevel'>,
  destination?: LogDestination,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const base = {
    level: config.logLevel,
    // Nothing logs requests or answers whole any more; kept for any error logged with them.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
  if (config.env === 'development') {
    return {
      ...base,
      stream: pretty({
        ...DEVELOPMENT_PRETTY_OPTIONS,
        ...(destination ? { destination } : {}),
      }),
    };
  }
  return destination ? { ...base, stream: destination } : base;
}

/**
 * Fastify's log lines about requests (ADR 0015). Its "request completed" becomes the one line
 * per request: method, route pattern, URL (secrets taken out), status, time, the request id
 * (pino's `reqId`) and the officer, if signed in; never a header, so cookies and bearer tokens
 * stay out. "Incoming request" and "Route … not found" are dropped: the one line says it all.
 * Its other lines (a stream broken after the headers, a failing serializer) are kept as they
 * are, which turning request logging off altogether (`disableRequestLogging`) would lose.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const durationMs = Math.round(reply.elapsedTime * 10) / 10;
    const url = loggableUrl(request.url, request.routeOptions.url);
    // Set by the gate on routes that need a session; anonymous (null) on public ones.
    const userId = request.actor?.officerId ?? null;
    const line = {
      method: request.method,
      route: routeLabel(request.routeOptions.url),
      url,
      statusCode: reply.statusCode,
      durationMs,
      ...(userId ? { userId } : {}),
    };
    const message = `${request.method} ${url} ${reply.statusCode} ${Math.round(durationMs)}ms`;
    if (error) request.log.error({ ...line, err: error }, message);
    else request.log.info(line, message);
  }
}
