import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { toJSONSchema, type ZodType } from 'zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * How answers become JSON (ADR 0026). Every route's response schema is zod; from it a
 * fast-json-stringify serialiser is compiled (its JSON Schema, as the OpenAPI document shows
 * it). That serialiser writes only the properties the schema declares (required ones first),
 * so a field a handler should not have sent never leaves the server.
 *
 * - `fast` (production): the compiled serialiser alone.
 * - `checked` (development and every test): zod encodes the answer as before — a wrong type or
 *   a missing field is a 500 with the issues logged — and the compiled serialiser must write
 *   the same values, or the request fails too. So each answer any test or browser test
 *   receives proves the two agree on it.
 *
 * A schema with no JSON Schema form (a transform) keeps zod's serialiser in both modes.
 */
export type SerializerMode = 'fast' | 'checked';

type Serialize = (data: unknown) => string;

/**
 * The JSON Schema without `additionalProperties: false`. fast-json-stringify writes only the
 * declared properties either way; but inside a union it checks the value against each branch,
 * and a closed branch would refuse a value with a key more (a stored computation, say) that zod
 * simply leaves out. Open, the first branch that fits is written, as zod's union picks it.
 */
function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}

/** Compiled once per schema object per process: the test suite builds hundreds of apps. */
const compiled = new WeakMap<object, Serialize | null>();
/** Why a schema has no compiled serialiser, for the log line of each route that falls back. */
const whyNotCompiled = new WeakMap<object, string>();

function fastSerializerOf(schema: ZodType): Serialize | null {
  let serialize = compiled.get(schema);
  if (serialize === undefined) {
    try {
      const jsonSchema = toJSONSchema(schema, {
        target: 'draft-7',
        io: 'output',
        unrepresentable: 'throw',
      });
      serialize = fastJsonStringify(
        withoutClosedObjects(jsonSchema) as Parameters<typeof fastJsonStringify>[0],
      );
    } catch (err) {
      // Kept and said when a route first answers (createSerializerCompiler), never dropped.
      whyNotCompiled.set(schema, err instanceof Error ? err.message : String(err));
      serialize = null;
    }
    compiled.set(schema, serialize);
  }
  return serialize;
}

/** The route's zod schema, as fastify-type-provider-zod finds it (a schema, or `{ properties }`). */
function zodSchemaOf(schema: unknown): ZodType {
  if (schema instanceof $ZodType) return schema as unknown as ZodType;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties as unknown as ZodType;
  throw new Error(`a response schema that is not zod: ${JSON.stringify(schema)}`);
}

/** The first place two parsed JSON values differ, as a path (`items.3.rrr`), or null. */
function firstDifference(a: unknown, b: unknown, path = ''): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const at = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
      );
      if (at !== null) return at;
    }
  }
  return path || '(the whole answer)';
}

/** Thrown in `checked` mode when the compiled serialiser and zod write different values. */
export class SerializersDisagreeError extends Error {
  constructor(method: string, url: string, path: string) {
    super(`${method} ${url}: the compiled serialiser and zod disagree at ${path}`);
    this.name = 'SerializersDisagreeError';
  }
}

/** Where a route that falls back to zod's serialiser is said (the app's logger). */
export type SerializerLog = Pick<FastifyBaseLogger, 'warn'>;

/**
 * Fastify's serializer compiler for `mode`. `compileFast` is fast-json-stringify's, compiled
 * once per schema; a test gives its own to prove what a disagreement does. A route whose schema
 * cannot be compiled falls back to zod (slower, and in production unchecked by the compiled
 * writer): said once per route at warn on `log` with the reason, so a schema that lost its
 * fast path by a change shows in the log instead of only in the latency.
 */
export function createSerializerCompiler(
  mode: SerializerMode,
  compileFast: (schema: ZodType) => Serialize | null = fastSerializerOf,
  log?: SerializerLog,
): FastifySerializerCompiler<unknown> {
  return ({ schema: routeSchema, method, url }) => {
    const schema = zodSchemaOf(routeSchema);
    const viaZod: Serialize = (data) => {
      const result = safeEncode(schema, data);
      if (!result.success)
        throw new ResponseSerializationError(method, url, { cause: result.error });
      return JSON.stringify(result.data);
    };
    // Compiled on the first answer, not when the route is registered: most routes of a test's
    // app never answer, and their compiling would add up across the suite.
    let fast: Serialize | null | undefined;
    return (data) => {
      if (fast === undefined) {
        fast = compileFast(schema);
        if (fast === null) {
          log?.warn(
            { method, url, reason: whyNotCompiled.get(schema) ?? 'no compiled serialiser' },
            "this route's answers are written by zod: its schema has no compiled serialiser",
          );
        }
      }
      if (fast === null) return viaZod(data);
      if (mode === 'fast') return fast(data);
      const text = viaZod(data);
      // The same values; the order of keys may differ (fast-json-stringify writes the required
      // properties first), which no JSON reader sees.
      const difference = firstDifference(JSON.parse(fast(data)), JSON.parse(text));
      if (difference !== null) throw new SerializersDisagreeError(method, url, difference);
      return text;
    };
  };
}
