import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../shared/errors';
import { everyAnswerHeaders, NOTHING_CSP } from './security/headers';

/** The one place an error code becomes an HTTP status (docs/architecture.md §3). */
const HTTP_STATUS = {
  // Valid JSON that breaks a field's rule is 422 (docs/architecture.md §3); unreadable JSON is 400.
  VALIDATION_FAILED: 422,
  BAD_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  FORBIDDEN: 403,
  ORIGIN_MISMATCH: 403,
  NOT_FOUND: 404,
  TAXPAYER_NOT_FOUND: 404,
  DUPLICATE_TAXPAYER: 409,
  DUPLICATE_CERTIFICATE: 409,
  CONFLICT: 409,
  BILL_PENDING: 409,
  RULE_VIOLATION: 422,
  WEAK_PASSWORD: 422,
  WRONG_PASSWORD: 422,
  REMITA_NOT_CONFIGURED: 422,
  REMITA_UNAVAILABLE: 502,
  REMITA_AUTH_FAILED: 502,
  RRR_NOT_FOUND: 404,
  AMOUNT_MISMATCH: 409,
  EVAS_UNAVAILABLE: 502,
  CARD_GATEWAY_UNAVAILABLE: 502,
  // 402 Payment Required: the request was understood and the payment was refused (docs/card.md).
  CARD_DECLINED: 402,
  BANK_UNAVAILABLE: 502,
  POS_PROVIDER_UNAVAILABLE: 502,
  INVALID_SIGNATURE: 401,
  INVALID_FILE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const satisfies Record<ErrorCode, number>;

const DEFAULT_MESSAGES: Partial<Record<ErrorCode, string>> = {
  UNAUTHENTICATED: 'Your session has ended. Please sign in again.',
  FORBIDDEN: 'Your account is not allowed to do this.',
  NOT_FOUND: 'Not found.',
  INTERNAL:
    'Something went wrong on our side. Please try again; if it keeps happening, tell the administrator.',
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    options: { details?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message ?? DEFAULT_MESSAGES[code] ?? code);
    this.name = 'AppError';
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  get statusCode(): number {
    return HTTP_STATUS[this.code];
  }
}

export function statusOf(code: ErrorCode): number {
  return HTTP_STATUS[code];
}

function body(code: ErrorCode, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** 65536 → "64 KB", 2621440 → "2.5 MB": a size as a person reads it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.ceil(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** The 413 of a request over its route's body limit (src/server/security/bodyLimits.ts). */
export function payloadTooLarge(limitBytes: number): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    `The request is larger than ${formatBytes(limitBytes)}, the most this address accepts. Send less at a time, or a smaller file.`,
  );
}

/** Fastify's own errors for malformed requests, in the service's words. */
function fromFastifyError(err: FastifyError, request: FastifyRequest): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return payloadTooLarge(request.routeOptions.bodyLimit);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
    default:
      break;
  }
  if (err instanceof SyntaxError)
    return new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return new AppError('BAD_REQUEST', 'The request could not be read.');
  }
  return null;
}

/**
 * Errors Fastify meets before a route is chosen, which never reach the error handler: an address
 * that cannot be percent-decoded (`/taxpayers/%`), and a path parameter longer than the router
 * reads (100 characters). Without this Fastify answers them in its own shape. No hook runs for
 * them either, so the security headers are set here (ADR 0022).
 */
export function createFrameworkErrorHandler(config: { env: string }) {
  const always = everyAnswerHeaders(config.env === 'production');
  return function handleFrameworkError(
    err: FastifyError,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const known =
      err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new AppError('URI_TOO_LONG', 'A part of the address is too long.')
        : new AppError('BAD_REQUEST', 'The address of the request is not valid.');
    request.log.info({ err }, 'request refused before routing');
    return reply
      .code(known.statusCode)
      .headers({
        ...always,
        'x-request-id': request.id,
        'content-security-policy': NOTHING_CSP,
        'cache-control': 'no-store',
      })
      .send(body(known.code, known.message));
  };
}

export function handleError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
    return reply
      .code(err.statusCode)
      .headers(err.headers)
      .send(body(err.code, err.message, err.details));
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({
      where: err.validationContext ?? 'body',
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'Invalid value',
    }));
    const first = issues[0];
    const message = first
      ? `${first.path ? `${first.path}: ` : ''}${first.message}`
      : 'The request is not valid.';
    return reply
      .code(statusOf('VALIDATION_FAILED'))
      .send(body('VALIDATION_FAILED', message, { issues }));
  }
  if (isResponseSerializationError(err)) {
    request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
    return reply.code(500).send(body('INTERNAL', DEFAULT_MESSAGES.INTERNAL as string));
  }
  const known = fromFastifyError(err, request);
  if (known) return reply.code(known.statusCode).send(body(known.code, known.message));
  request.log.error({ err }, 'unhandled error');
  return reply.code(500).send(body('INTERNAL', DEFAULT_MESSAGES.INTERNAL as string));
}

/** A rule of one field broken, found by a service rather than the schema: 422 naming the field. */
export function fieldError(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${path}: ${message}`, {
    details: { issues: [{ where: 'body', path, message }] },
  });
}
