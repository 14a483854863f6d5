import type { LightMyRequestResponse } from 'fastify';
import { statusOf } from '../../errors';
import type { Operation } from './operations';
import type { Auth } from './requests';
import { type Components, type JsonSchema, validate } from './schema';

/**
 * What every answer of the API must be, whatever it was sent (docs/architecture.md §3): never a 5xx; a 4xx
 * has the one error shape with a code whose status is the one answered; a request without a
 * valid session never gets past the gate; a 2xx is documented and its JSON body matches the
 * operation's response schema in the OpenAPI document.
 */

/**
 * What a request without a valid session may get from a protected route: 401 from the gate, or
 * what is answered before any route is chosen (an address that cannot be decoded or is too long,
 * or one that names no route), or a body over the route's limit, refused before it is read
 * (ADR 0014: reading it to find out who sent it is what the limit prevents).
 */
const REFUSED_BEFORE_THE_GATE = new Set([400, 404, 413, 414]);

/**
 * A file where the document says so: one of the media types documented for the status (a list's
 * CSV or XLSX, a PDF, a CSV download), or a schema of binary bytes (a photo).
 */
function isDocumentedFile(
  operation: Operation,
  status: number,
  schema: JsonSchema | null | undefined,
  response: LightMyRequestResponse,
): boolean {
  const mediaType = String(response.headers['content-type'] ?? '')
    .split(';')[0]
    ?.trim();
  if (mediaType && operation.fileTypes.get(status)?.includes(mediaType)) return true;
  return schema?.type === 'string' && schema.format === 'binary';
}

function errorProblems(status: number, body: unknown, components: Components): string[] {
  const shape = validate({ $ref: '#/components/schemas/Error' }, body, components);
  if (shape.length > 0) return [`a ${status} not in the error shape: ${shape.join('; ')}`];
  const code = (body as { error: { code: Parameters<typeof statusOf>[0] } }).error.code;
  return statusOf(code) === status
    ? []
    : [`${code} answered with ${status}, not ${statusOf(code)}`];
}

export function problemsWith(
  operation: Operation,
  auth: Auth,
  response: LightMyRequestResponse,
  components: Components,
): string[] {
  const status = response.statusCode;
  const summary = `${status} ${response.body.slice(0, 300)}`;
  const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
  let body: unknown;
  if (isJson) {
    try {
      body = JSON.parse(response.body);
    } catch (err) {
      return [`${status} answered invalid JSON: ${String(err)}`];
    }
  }
  if (status >= 500) return [`a server error: ${summary}`];

  const problems: string[] = [];
  const withoutSession = auth === 'anonymous' || auth === 'unknown-token';
  if (
    !operation.isPublic &&
    withoutSession &&
    status !== 401 &&
    !REFUSED_BEFORE_THE_GATE.has(status)
  )
    problems.push(`a request without a valid session was not refused with 401: ${summary}`);

  if (status >= 400) {
    if (!isJson) return [...problems, `a ${status} that is not JSON: ${summary}`];
    return [...problems, ...errorProblems(status, body, components)];
  }

  if (!operation.responses.has(status))
    return [...problems, `an undocumented ${status}: ${summary}`];
  const schema = operation.responses.get(status);
  if (status === 204 || status === 304) return problems;
  if (!isJson) {
    if (isDocumentedFile(operation, status, schema, response)) return problems;
    return [
      ...problems,
      `a ${status} answered ${response.headers['content-type']}, which the document does not list for it`,
    ];
  }
  if (!schema) return problems;
  const mismatches = validate(schema, body, components);
  if (mismatches.length > 0)
    problems.push(
      `the ${status} body does not match its schema: ${mismatches.slice(0, 5).join('; ')}`,
    );
  return problems;
}
