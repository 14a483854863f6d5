import type { ErrorBody, ErrorCode } from '../../../shared/errors';

/** Shown whenever the browser cannot reach the server at all (offline, server down, DNS). */
export const NETWORK_FAILURE_MESSAGE = 'Cannot reach RevDesk. Check your connection and try again.';

/**
 * Shown when a success answer is not RevDesk's JSON: a hotel or office Wi-Fi sign-in page
 * ("captive portal") or a proxy answers 200 with its own HTML page in place of the server's.
 */
export const UNREADABLE_ANSWER_MESSAGE =
  "The server's answer could not be read: another page may have answered in RevDesk's place " +
  '(a Wi-Fi sign-in page, for one). Open any web page to check your connection, sign in to the ' +
  'network if it asks, then try again.';

/** The codes of `ErrorBody`, plus the two failures that never reach the server's handler. */
export type ApiErrorCode = ErrorCode | 'NETWORK_FAILURE' | 'UNEXPECTED_RESPONSE';

/** An API call that did not succeed, parsed from the one error shape of docs/architecture.md §3. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: unknown;
  /** Seconds from the `Retry-After` header (429), when the server sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(options: {
    status: number;
    code: ApiErrorCode;
    message: string;
    details?: unknown;
    retryAfterSeconds?: number | undefined;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True when the server says there is no valid session (signed out, expired or revoked). */
export function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.code === 'UNAUTHENTICATED';
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

function parseRetryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/** The parsed body, or undefined when it is empty or not JSON (an error page of a proxy). */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const NO_BODY_STATUSES = new Set([204, 205]);
const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * A success answer's body. RevDesk answers every 2xx but 204 with JSON (docs/architecture.md §3), so
 * anything else — another content type, an empty or unparsable body — came from something
 * else on the way, and is an error the officer is told about, never a silent `undefined`
 * that a page then reads as data.
 */
async function readSuccessBody(response: Response): Promise<unknown> {
  if (NO_BODY_STATUSES.has(response.status)) return undefined;
  const unreadable = () =>
    new ApiError({
      status: response.status,
      code: 'UNEXPECTED_RESPONSE',
      message: UNREADABLE_ANSWER_MESSAGE,
    });
  if (!JSON_CONTENT_TYPE.test(response.headers.get('Content-Type') ?? '')) {
    await response.body?.cancel().catch(() => undefined);
    throw unreadable();
  }
  const body = await readJson(response);
  if (body === undefined) throw unreadable();
  return body;
}

type RequestOptions = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown };

/** A JSON body is sent as JSON; a `FormData` (a file upload) as multipart, its boundary set by the browser. */
function encodeBody(body: unknown): { contentType?: string; payload?: BodyInit } {
  if (body === undefined) return {};
  if (body instanceof FormData) return { payload: body };
  return { contentType: 'application/json', payload: JSON.stringify(body) };
}

/**
 * The one way the web app talks to the server: JSON, same origin, the session cookie sent by
 * the browser (never a token from storage, docs/architecture.md §10). Resolves with the parsed body or
 * throws an `ApiError`.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const { contentType, payload: encoded } = encodeBody(body);
  if (contentType) headers['Content-Type'] = contentType;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      ...(encoded === undefined ? {} : { body: encoded }),
    });
  } catch {
    // fetch rejects only when no HTTP answer arrived; the browser's own error says nothing useful.
    throw new ApiError({ status: 0, code: 'NETWORK_FAILURE', message: NETWORK_FAILURE_MESSAGE });
  }

  if (response.ok) return (await readSuccessBody(response)) as T;
  const payload = await readJson(response);

  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  if (isErrorBody(payload)) {
    throw new ApiError({
      status: response.status,
      code: payload.error.code,
      message: payload.error.message,
      details: payload.error.details,
      retryAfterSeconds,
    });
  }
  // A proxy or gateway answered instead of RevDesk (502/504 pages are HTML).
  throw new ApiError({
    status: response.status,
    code: 'UNEXPECTED_RESPONSE',
    message: `RevDesk answered with an unexpected error (HTTP ${response.status}). Try again in a moment.`,
    retryAfterSeconds,
  });
}

export const api = {
  get: <T>(path: string) => apiRequest<T>(path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
};

/** One field of a refused body (422 VALIDATION_FAILED `details.issues`). */
export type ValidationIssue = { where: string; path: string; message: string };

/** The field issues of a 422 answer, or an empty list for any other error. */
export function validationIssues(error: unknown): ValidationIssue[] {
  if (!isApiError(error) || error.code !== 'VALIDATION_FAILED') return [];
  const issues = (error.details as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is ValidationIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as ValidationIssue).path === 'string' &&
      typeof (issue as ValidationIssue).message === 'string',
  );
}
