import fc from 'fast-check';
import {
  junk,
  nastyNumber,
  nastyString,
  PROTOTYPE_KEYS,
  VERY_LONG_STRING,
  withOwnKey,
} from './junk';
import { type Components, type JsonSchema, resolve, typesOf } from './schema';

/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document: values a schema accepts
 * (its bounds included: min, max, empty, longest), and values it must refuse (wrong types,
 * missing and extra fields, out of range, junk). An input generated as "invalid" may now and
 * then happen to be valid: the fuzz tests only require that no answer is a 5xx or misshapen.
 */

/** How much longer than `minLength` a free string grows, and how long arrays get. */
const FREE_STRING_SPAN = 40;
const FREE_ARRAY_SPAN = 4;

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const DATES = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2100-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map(isoDate);

/** fast-check's generator for a regular expression, or null for one it cannot read (lookahead). */
function stringsMatching(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

function fitsLength(s: JsonSchema) {
  return (value: string) => {
    const length = [...value].length;
    return length >= (s.minLength ?? 0) && length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
  };
}

function validString(s: JsonSchema): fc.Arbitrary<string> {
  const matching = s.pattern ? stringsMatching(s.pattern) : null;
  // A pattern anchored with its own length can still be longer than maxLength: keep those that
  // fit (fast-check shrinks towards the shortest samples).
  if (matching) return matching.filter(fitsLength(s));
  switch (s.format) {
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc.oneof(DATES, fc.constantFrom('2024-02-29', '1970-01-01', '2026-12-31'));
    case 'date-time':
      return fc
        .date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2100-01-01T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString());
    case 'email':
      return fc.emailAddress().filter(fitsLength(s));
    default:
      break;
  }
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(
    s.maxLength ?? minLength + FREE_STRING_SPAN,
    minLength + FREE_STRING_SPAN,
  );
  const free = fc.string({ unit: 'grapheme-ascii', minLength, maxLength });
  const edges: fc.Arbitrary<string>[] = [fc.constant('x'.repeat(minLength))];
  if (s.maxLength !== undefined) edges.push(fc.constant('y'.repeat(s.maxLength)));
  return fc.oneof({ weight: 4, arbitrary: free }, { weight: 1, arbitrary: fc.oneof(...edges) });
}

function numberBounds(s: JsonSchema): { min: number; max: number } {
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -1e9);
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : (s.maximum ?? 1e9);
  return { min, max };
}

function validInteger(s: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = numberBounds(s);
  const lo = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
  const hi = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(hi, 2 ** 31 - 1) }),
    },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
  );
}

function validNumber(s: JsonSchema): fc.Arbitrary<number> {
  const { min, max } = numberBounds(s);
  return fc.oneof(fc.double({ min, max, noNaN: true, noDefaultInfinity: true }), validInteger(s));
}

function validObject(s: JsonSchema, components: Components, depth: number) {
  const properties = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    model[key] = valid(property, components, depth + 1);
  }
  const record = fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
  if (typeof s.additionalProperties === 'object') {
    const values = valid(s.additionalProperties, components, depth + 1);
    const keys = s.propertyNames
      ? (valid(s.propertyNames, components, depth + 1) as fc.Arbitrary<string>)
      : fc.string({ minLength: 1, maxLength: 12 });
    return fc.dictionary(keys, values, { maxKeys: 4 });
  }
  return record;
}

/** A value `schema` accepts, its edges included. */
export function valid(
  schema: JsonSchema,
  components: Components,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => valid(b, components, depth + 1)));
  const types = typesOf(s);
  if (types.length === 0) return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string':
          return validString(s);
        case 'integer':
          return validInteger(s);
        case 'number':
          return validNumber(s);
        case 'boolean':
          return fc.boolean();
        case 'null':
          return fc.constant(null);
        case 'array': {
          const minLength = s.minItems ?? 0;
          const maxLength = Math.min(
            s.maxItems ?? minLength + FREE_ARRAY_SPAN,
            minLength + FREE_ARRAY_SPAN,
          );
          const items = s.items
            ? valid(s.items, components, depth + 1)
            : fc.jsonValue({ maxDepth: 1 });
          return fc.array(items, { minLength, maxLength });
        }
        case 'object':
          return validObject(s, components, depth);
        default:
          throw new Error(`unknown JSON Schema type ${type}`);
      }
    }),
  );
}

/** A value of the same type as `schema` wants that breaks one of its bounds. */
function outOfBounds(s: JsonSchema): fc.Arbitrary<unknown>[] {
  const broken: fc.Arbitrary<unknown>[] = [];
  const types = typesOf(s);
  if (types.includes('string')) {
    if (s.maxLength !== undefined) broken.push(fc.constant('z'.repeat(s.maxLength + 1)));
    if (s.minLength) broken.push(fc.constant('z'.repeat(s.minLength - 1)));
    if (s.pattern || s.format) broken.push(nastyString());
    broken.push(fc.constant(VERY_LONG_STRING));
  }
  if (types.includes('integer') || types.includes('number')) {
    const { min, max } = numberBounds(s);
    if (s.minimum !== undefined || s.exclusiveMinimum !== undefined)
      broken.push(fc.constant(min - 1));
    if (s.maximum !== undefined || s.exclusiveMaximum !== undefined)
      broken.push(fc.constant(max + 1));
    if (types.includes('integer')) broken.push(fc.constant(1.5));
    broken.push(nastyNumber());
  }
  if (types.includes('array')) {
    if (s.maxItems !== undefined)
      broken.push(fc.constant(Array.from({ length: s.maxItems + 1 }, () => 'x')));
    if (s.minItems) broken.push(fc.constant([]));
  }
  return broken;
}

function invalidObject(
  s: JsonSchema,
  components: Components,
  depth: number,
): fc.Arbitrary<unknown>[] {
  const properties = s.properties ?? {};
  const keys = Object.keys(properties);
  const base = validObject(s, components, depth) as fc.Arbitrary<Record<string, unknown>>;
  const variants: fc.Arbitrary<unknown>[] = [
    // An extra field, sometimes one that reaches the prototype.
    fc
      .tuple(
        base,
        fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'isAdmin', 'id'), fc.string({ maxLength: 8 })),
        junk(),
      )
      .map(([value, key, extra]) => withOwnKey(value, key, extra)),
  ];
  const required = (s.required ?? []).filter((k) => k in properties);
  if (required.length > 0) {
    variants.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([value, key]) => {
        const { [key]: _dropped, ...rest } = value;
        return rest;
      }),
    );
  }
  if (keys.length > 0 && depth < 3) {
    variants.push(
      fc
        .constantFrom(...keys)
        .chain((key) =>
          fc
            .tuple(base, invalid(properties[key] as JsonSchema, components, depth + 1))
            .map(([value, bad]) => ({ ...value, [key]: bad })),
        ),
    );
  }
  return variants;
}

/** A value `schema` should refuse: of the wrong type, out of bounds, or an object gone wrong. */
export function invalid(
  schema: JsonSchema,
  components: Components,
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, components);
  const variants: fc.Arbitrary<unknown>[] = [junk()];
  if (!s.anyOf && !s.oneOf) variants.push(...outOfBounds(s));
  if (typesOf(s).includes('object')) variants.push(...invalidObject(s, components, depth));
  return fc.oneof(...variants);
}
