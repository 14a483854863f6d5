import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { SESSION_COOKIE } from '../../auth/sessions';
import { invalid, valid } from './arbitraries';
import { nastyString } from './junk';
import type { KnownValues } from './known';
import type { Operation } from './operations';
import type { Components, JsonSchema } from './schema';
import { encodeMultipart, type MultipartInput, multipartInput } from './uploads';

/**
 * One fuzz input for one operation, and the `app.inject` request it becomes. Inputs are plain
 * data (fast-check shrinks them and prints them on failure); which known id a `pick` stands for
 * is decided when the request is built.
 */
export type Auth = 'bearer' | 'cookie' | 'cookie-without-origin' | 'anonymous' | 'unknown-token';

/** A value from the schema, or the `pick`-th known value of this name when there is one. */
type Slot = { generated: unknown; useKnown: boolean; pick: number };

export type FuzzInput = {
  auth: Auth;
  path: Record<string, Slot | { raw: string }>;
  query: [string, Slot][];
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown; useKnown: boolean; pick: number }
    | { kind: 'raw'; text: string; contentType: string }
    | { kind: 'multipart'; input: MultipartInput; useKnown: boolean; pick: number };
};

/** Path segments that trip up routers and decoders rather than schemas. */
const RAW_PATH_SEGMENTS = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '%00',
  '..',
  '.',
  '%2F',
  'a%2Fb',
  '%252e',
];

/** Bodies that are not JSON, or JSON of a kind no route reads. */
const RAW_BODIES: { text: string; contentType: string }[] = [
  { text: '{"unclosed":', contentType: 'application/json' },
  { text: '', contentType: 'application/json' },
  { text: 'null', contentType: 'application/json' },
  { text: '[]', contentType: 'application/json' },
  { text: '"a string"', contentType: 'application/json' },
  { text: '{"a":1,"a":2}', contentType: 'application/json' },
  { text: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, contentType: 'application/json' },
  {
    text: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    contentType: 'application/json',
  },
  { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { text: '<x/>', contentType: 'text/xml' },
  { text: '{}', contentType: 'application/json; charset=latin1' },
];

function slot(schema: JsonSchema, components: Components): fc.Arbitrary<Slot> {
  return fc.record({
    generated: fc.oneof(
      { weight: 3, arbitrary: valid(schema, components) },
      { weight: 2, arbitrary: invalid(schema, components) },
    ),
    useKnown: fc.boolean(),
    pick: fc.nat(),
  });
}

const AUTHS = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Auth>('bearer') },
  { weight: 3, arbitrary: fc.constant<Auth>('cookie') },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Auth>('cookie-without-origin', 'anonymous', 'unknown-token'),
  },
);

export function fuzzInput(
  operation: Operation,
  components: Components,
  payrollTemplate: string,
): fc.Arbitrary<FuzzInput> {
  const path: Record<string, fc.Arbitrary<Slot | { raw: string }>> = {};
  for (const param of operation.pathParams) {
    path[param.name] = fc.oneof(
      { weight: 8, arbitrary: slot(param.schema, components) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS).map((raw) => ({ raw })) },
    );
  }
  const declared = fc.tuple(
    ...operation.queryParams.map((param) =>
      fc.option(
        slot(param.schema, components).map((s): [string, Slot] => [param.name, s]),
        { nil: null, freq: param.required ? 20 : 2 },
      ),
    ),
  );
  // Unknown parameters, and a declared one twice (Fastify reads a repeated key as an array).
  const extra = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'x',
          ...operation.queryParams.map((p) => p.name),
        ),
        nastyString().map((s) => s.slice(0, 50)),
      ),
      fc.record({ generated: nastyString(), useKnown: fc.constant(false), pick: fc.constant(0) }),
    ),
    { maxLength: 2 },
  );
  const query = fc
    .tuple(declared, extra)
    .map(([params, more]) => [...params.filter((p) => p !== null), ...more]);

  const jsonBody = (arbitrary: fc.Arbitrary<unknown>) =>
    fc.record({
      kind: fc.constant('json' as const),
      value: arbitrary,
      useKnown: fc.boolean(),
      pick: fc.nat(),
    });
  const raw = fc.constantFrom(...RAW_BODIES).map((b) => ({ kind: 'raw' as const, ...b }));
  let body: fc.Arbitrary<FuzzInput['body']>;
  if (operation.upload) {
    const upload = operation.upload;
    body = fc.oneof(
      {
        weight: 8,
        arbitrary: fc.record({
          kind: fc.constant('multipart' as const),
          input: multipartInput(upload, payrollTemplate, () => fc.oneof(fc.uuid(), nastyString())),
          useKnown: fc.boolean(),
          pick: fc.nat(),
        }),
      },
      { weight: 1, arbitrary: raw },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    );
  } else if (operation.body) {
    body = fc.oneof(
      { weight: 5, arbitrary: jsonBody(valid(operation.body, components)) },
      { weight: 4, arbitrary: jsonBody(invalid(operation.body, components)) },
      { weight: 1, arbitrary: raw },
    );
  } else if (operation.method === 'GET') {
    body = fc.constant({ kind: 'none' as const });
  } else {
    body = fc.oneof(
      { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 1, arbitrary: raw },
    );
  }
  return fc.record({ auth: AUTHS, path: fc.record(path), query, body });
}

function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value);
  return JSON.stringify(value) ?? '';
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encodes text, lone surrogates included (as U+FFFD, which is what UTF-8 can carry). */
function encode(text: string): string {
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
}

function resolveSlot(name: string, s: Slot, known: KnownValues): unknown {
  if (!s.useKnown) return s.generated;
  return known.pick(name, s.pick) ?? s.generated;
}

/** Replaces the fields of a body that name something known (btin, mdaId…) by known values. */
function withKnown(value: unknown, known: KnownValues, pick: number, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withKnown(v, known, pick, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const replacement = known.pick(key, pick);
    Object.defineProperty(copy, key, {
      value:
        replacement !== undefined && typeof item === typeof replacement
          ? replacement
          : withKnown(item, known, pick, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

export function buildRequest(
  operation: Operation,
  input: FuzzInput,
  known: KnownValues,
  credentials: { token: string | null; origin: string },
): InjectOptions {
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const part = input.path[name];
    if (!part) throw new Error(`no value for path parameter ${name}`);
    if ('raw' in part) return part.raw;
    return encode(scalarText(resolveSlot(name, part, known)));
  });
  const search = input.query
    .map(([name, s]) => `${encode(name)}=${encode(scalarText(resolveSlot(name, s, known)))}`)
    .join('&');
  const headers: Record<string, string> = {};
  const token = input.auth === 'unknown-token' ? 'not-a-session-token' : credentials.token;
  if (token && (input.auth === 'bearer' || input.auth === 'unknown-token'))
    headers.authorization = `Bearer ${token}`;
  if (token && (input.auth === 'cookie' || input.auth === 'cookie-without-origin'))
    headers.cookie = `${SESSION_COOKIE}=${token}`;
  if (input.auth === 'cookie') headers.origin = credentials.origin;

  const request: InjectOptions = {
    method: operation.method,
    url: search ? `${url}?${search}` : url,
    headers,
  };
  const body = input.body;
  if (body.kind === 'json') {
    const value = body.useKnown ? withKnown(body.value, known, body.pick) : body.value;
    headers['content-type'] = 'application/json';
    request.payload = JSON.stringify(value) ?? 'null';
  } else if (body.kind === 'raw') {
    headers['content-type'] = body.contentType;
    request.payload = body.text;
  } else if (body.kind === 'multipart') {
    const mdaId = body.useKnown ? known.pick('mdaId', body.pick) : undefined;
    const fields = body.input.fields.map(([name, value]): [string, string] =>
      name === 'mdaId' && typeof mdaId === 'string' ? [name, mdaId] : [name, value],
    );
    const { payload, contentType } = encodeMultipart({ ...body.input, fields });
    headers['content-type'] = contentType;
    request.payload = payload;
  }
  return request;
}
