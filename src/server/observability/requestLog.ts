import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';
import pretty from 'pino-pretty';
import type { Config } from '../config';
import { routeLabel } from './labels';

/**
 * The server's log (ADR 0015): one line per request, written when the answer has gone out.
 * In production it is JSON for a log collector; in development a short readable line,
 * `[14:02:07.311] INFO: GET /api/v1/tcc 200 12ms`. Fastify's own two lines per request
 * ("incoming request", "request completed") are turned off where the app is built.
 */

/** Where log lines go: stdout unless a test captures them. */
export type LogDestination = { write(line: string): void };

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

/** The officer behind the request, when the gate found one (null on public routes). */
function officerIdOf(request: FastifyRequest): string | null {
  return request.actor?.officerId ?? null;
}

/**
 * Logs each request once, when its answer has gone out: method, route pattern, URL (secrets
 * taken out), status, time, the request id (pino's `reqId`) and the officer, if signed in.
 * Never a header: cookies and bearer tokens stay out of the log.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const durationMs = Math.round(reply.elapsedTime * 10) / 10;
    const url = loggableUrl(request.url, request.routeOptions.url);
    const userId = officerIdOf(request);
    request.log.info(
      {
        method: request.method,
        route: routeLabel(request.routeOptions.url),
        url,
        statusCode: reply.statusCode,
        durationMs,
        ...(userId ? { userId } : {}),
      },
      `${request.method} ${url} ${reply.statusCode} ${Math.round(durationMs)}ms`,
    );
  });
}
