import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { makeBtin } from '../../../shared/btin';
import type { RouteAccess } from '../routeAccess';

/**
 * The three views of the API's routes the access tests compare (ADR 0005): the OpenAPI
 * document (what integrators see), the gate's own list (what it guards, with the permission)
 * and Fastify's router (what actually answers). A route missing from one of them is a route
 * the access matrix could miss.
 */

type Schema = { type?: string; format?: string; maximum?: number };
export type Operation = {
  method: string;
  /** OpenAPI form: /api/v1/taxpayers/{btin} */
  path: string;
  pathParams: { name: string; schema: Schema }[];
  queryParams: string[];
  /** The answer's schema per status, as the document gives it. */
  responses: Record<string, unknown>;
  hasJsonBody: boolean;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema: Schema }[];
        requestBody?: { content: Record<string, unknown> };
        responses?: Record<string, unknown>;
      }
    >
  >;
};

/** Prefixes under /api that are not API operations: Swagger UI's own pages and assets. */
export const NOT_OPERATIONS = ['/api/docs'];

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Fastify's `:name` parameters in OpenAPI's `{name}` form. */
export const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (operation.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map(({ name, schema }) => ({ name, schema })),
      queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      responses: operation.responses ?? {},
      hasJsonBody: Boolean(operation.requestBody?.content['application/json']),
    })),
  );
}

/** HEAD is Fastify's automatic twin of every GET: the same handler, config and gate. */
export function guardedOperations(app: FastifyInstance): Map<string, RouteAccess> {
  const byKey = new Map<string, RouteAccess>();
  for (const route of app.guardedRoutes) {
    if (route.method === 'HEAD') continue;
    byKey.set(routeKey(route.method, toOpenApiPath(route.url)), route.access);
  }
  return byKey;
}

/**
 * Every method and path Fastify's router answers, read from `printRoutes({ commonPrefix: false })`:
 * a tree whose lines are `├── <segment> (GET, HEAD)`, indented four characters per level, each
 * segment continuing its parent's path. Independent of any hook, so a route registered before
 * the gate, or by a plugin that skips it, still shows up here.
 */
export function routerRoutes(app: FastifyInstance): string[] {
  const keys: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = `${parents[depth - 1] ?? ''}${match[2]}`;
    parents[depth] = path;
    parents.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      keys.push(routeKey(method, toOpenApiPath(path)));
    }
  }
  return keys;
}

/**
 * Every /api operation one of the three views lacks: the router's routes must all be in the
 * OpenAPI document and have passed the gate, and the other two must all be served.
 */
export function routeListGaps(app: FastifyInstance, operations: readonly Operation[]): string[] {
  const isOperation = (key: string) => {
    const [method, path] = key.split(' ') as [string, string];
    return (
      method !== 'HEAD' &&
      path.startsWith('/api') &&
      !NOT_OPERATIONS.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
    );
  };
  const documented = new Set(operations.map((o) => routeKey(o.method, o.path)));
  const guarded = new Set(guardedOperations(app).keys());
  const routed = new Set(routerRoutes(app).filter(isOperation));
  const gaps = (of: Set<string>, from: Set<string>, what: string) =>
    [...of].filter((key) => !from.has(key)).map((key) => `${key}: ${what}`);
  return [
    ...gaps(routed, documented, 'served but not in the OpenAPI document'),
    ...gaps(routed, guarded, 'served without passing through the gate'),
    ...gaps(documented, routed, 'documented but not served'),
    ...gaps(guarded, routed, 'guarded but not served'),
  ];
}

/**
 * A value for a path parameter that its schema accepts but no row holds, so an allowed caller
 * reaches the handler (and hears 404) rather than the validator.
 */
export function fakePathValue(name: string, schema: Schema): string {
  if (schema.format === 'uuid') return randomUUID();
  // The largest id the schema takes: within the column's range, and held by no reference row.
  if (schema.type === 'integer') return String(schema.maximum ?? 999_999);
  if (name === 'btin') return makeBtin(999_999_990);
  if (name === 'rrr') return '999999999999';
  return 'ACCESS-CHECK-1';
}

/** The operation's path with every parameter filled by `fakePathValue`. */
export function fakeUrl(operation: Operation): string {
  return operation.path.replace(/\{(\w+)\}/g, (_all, name: string) => {
    const param = operation.pathParams.find((p) => p.name === name);
    if (!param) throw new Error(`${operation.path}: {${name}} is not a documented parameter`);
    return encodeURIComponent(fakePathValue(name, param.schema));
  });
}
