/**
 * The part of JSON Schema that the OpenAPI document of RevDesk uses (what zod's `toJSONSchema`
 * writes for our schemas), and a validator for it. The fuzz tests check every 2xx body against
 * the document, so the document is what an integrator can trust, not only what zod accepts.
 */

import { isUuid } from '../../../shared/ids';

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** `components.schemas` of the document, which `$ref`s point into. */
export type Components = Record<string, JsonSchema>;

const REF_PREFIX = '#/components/schemas/';

export function resolve(schema: JsonSchema, components: Components): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref; hops += 1) {
    if (hops > 20) throw new Error(`$ref cycle at ${schema.$ref}`);
    const name = decodeURIComponent(current.$ref.slice(REF_PREFIX.length));
    const target = components[name];
    if (!current.$ref.startsWith(REF_PREFIX) || !target)
      throw new Error(`unresolvable $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

/** The types a schema allows: its `type`, or every type when it says none. */
export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

const FORMATS: Record<string, (value: string) => boolean> = {
  uuid: isUuid,
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
  'date-time': (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
    !Number.isNaN(Date.parse(v)),
  email: (v) => /^[^\s@]+@[^\s@]+$/.test(v),
  // A file's bytes in a multipart body: nothing to check in JSON.
  binary: () => true,
};

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    default:
      throw new Error(`unknown JSON Schema type ${type}`);
  }
}

/** What is wrong with `value` against `schema`, one line per problem; empty when it matches. */
export function validate(
  schema: JsonSchema,
  value: unknown,
  components: Components,
  at = '$',
): string[] {
  const s = resolve(schema, components);
  if (s.anyOf) {
    const branches = s.anyOf.map((b) => validate(b, value, components, at));
    if (!branches.some((b) => b.length === 0))
      return [`${at}: matches no branch of anyOf (${branches.map((b) => b[0]).join(' | ')})`];
  }
  if (s.oneOf) {
    const matching = s.oneOf.filter((b) => validate(b, value, components, at).length === 0);
    if (matching.length !== 1) return [`${at}: matches ${matching.length} branches of oneOf`];
  }
  if ('const' in s && s.const !== value) return [`${at}: is not ${JSON.stringify(s.const)}`];
  if (s.enum && !s.enum.includes(value)) return [`${at}: ${JSON.stringify(value)} is not in enum`];
  const types = typesOf(s);
  if (types.length > 0 && !types.some((t) => typeMatches(t, value)))
    return [`${at}: expected ${types.join('|')}, got ${JSON.stringify(value)?.slice(0, 80)}`];

  const problems: string[] = [];
  if (typeof value === 'string') {
    const length = [...value].length;
    if (s.minLength !== undefined && length < s.minLength) problems.push(`${at}: too short`);
    if (s.maxLength !== undefined && length > s.maxLength) problems.push(`${at}: too long`);
    if (s.pattern && !new RegExp(s.pattern, 'u').test(value))
      problems.push(`${at}: ${JSON.stringify(value)} does not match ${s.pattern}`);
    const format = s.format ? FORMATS[s.format] : undefined;
    if (s.format && !format) throw new Error(`unknown format ${s.format}`);
    if (format && !format(value))
      problems.push(`${at}: ${JSON.stringify(value)} is no ${s.format}`);
  }
  if (typeof value === 'number') {
    if (s.minimum !== undefined && value < s.minimum) problems.push(`${at}: below ${s.minimum}`);
    if (s.maximum !== undefined && value > s.maximum) problems.push(`${at}: above ${s.maximum}`);
    if (s.exclusiveMinimum !== undefined && value <= s.exclusiveMinimum)
      problems.push(`${at}: not above ${s.exclusiveMinimum}`);
    if (s.exclusiveMaximum !== undefined && value >= s.exclusiveMaximum)
      problems.push(`${at}: not below ${s.exclusiveMaximum}`);
  }
  if (Array.isArray(value)) {
    if (s.minItems !== undefined && value.length < s.minItems) problems.push(`${at}: too few`);
    if (s.maxItems !== undefined && value.length > s.maxItems) problems.push(`${at}: too many`);
    if (s.items) {
      const items = s.items;
      value.forEach((item, i) => {
        problems.push(...validate(items, item, components, `${at}[${i}]`));
      });
    }
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of s.required ?? []) {
      if (!(key in record)) problems.push(`${at}.${key}: required but missing`);
    }
    for (const [key, item] of Object.entries(record)) {
      const property = s.properties?.[key];
      if (property) {
        problems.push(...validate(property, item, components, `${at}.${key}`));
      } else if (s.additionalProperties === false) {
        problems.push(`${at}.${key}: not in the schema`);
      } else if (typeof s.additionalProperties === 'object') {
        problems.push(...validate(s.additionalProperties, item, components, `${at}.${key}`));
      }
      if (s.propertyNames)
        problems.push(...validate(s.propertyNames, key, components, `${at}{${key}}`));
    }
  }
  return problems;
}
