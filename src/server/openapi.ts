import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { sessionCookieName } from './auth/sessions';
import type { Config } from './config';
import { SWAGGER_UI_CSP } from './security/headers';

/**
 * The OpenAPI document served at /api/openapi.json (docs/architecture.md §3), linted by `npm run lint:api`
 * with Redocly's recommended rules (redocly.yaml).
 *
 * Security is derived here, in one place, from what the gate enforces (src/server/auth/gate.ts):
 * every operation needs the session cookie or a bearer token, except routes that declare
 * `config: { public: true }`, which get `security: []`. Every other operation names the permission
 * it needs in `x-permission`, or the permissions of which it needs one in `x-any-permission`.
 */
export function swaggerOptions(config: Config, version: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'RevDesk API',
        version,
        description: [
          'The back-office API of RevDesk: taxpayers, officers, MDAs, Remita payments and bills.',
          'Sign in with `POST /api/v1/auth/login` (operation `login`). A browser keeps the session in the',
          `\`${sessionCookieName(config)}\` cookie; any other client sends the token from the answer as`,
          '`Authorization: Bearer <token>`. Writes authenticated by the cookie must come from a RevDesk',
          'page (the `Origin` of `PUBLIC_URL` when it is set); bearer requests need no `Origin`.',
          '',
          'Errors have one shape: `{ "error": { "code", "message", "details"? } }`. Money is in kobo',
          '(`amountKobo`), dates are ISO 8601. Lists take `page` and `pageSize` and answer',
          '`{ items, page, pageSize, total }`.',
        ].join('\n'),
      },
      // Relative to where the document is served, unless the public address is configured.
      servers: [{ url: config.publicUrl ?? '/' }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName(config),
            description: 'The session cookie set by a browser sign-in.',
          },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The `token` answered by `POST /api/v1/auth/login`.',
          },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: (document) => {
      const jsonTransformed = jsonSchemaTransform(document);
      if (jsonTransformed.schema.hide) return jsonTransformed;
      const transformed = { ...jsonTransformed, schema: withFileAnswers(jsonTransformed) };
      if (document.route.config?.public === true) {
        return { ...transformed, schema: { ...transformed.schema, security: [] } };
      }
      // The permission the gate checks (docs/architecture.md §4), for integrators and for the fuzz tests
      // (src/server/testing/fuzz/), which call each operation as a user type that holds it; or
      // the permissions of which the gate asks one (ADR 0005, amended).
      const permission = document.route.config?.permission;
      if (permission) {
        return { ...transformed, schema: { ...transformed.schema, 'x-permission': permission } };
      }
      const anyPermission = document.route.config?.anyPermission;
      if (!anyPermission) return transformed;
      return {
        ...transformed,
        schema: { ...transformed.schema, 'x-any-permission': [...anyPermission] },
      };
    },
    transformObject: (document) =>
      pruneUnusedSchemas(jsonSchemaTransformObject(document) as OpenApiDocument) as ReturnType<
        typeof jsonSchemaTransformObject
      >,
  };
}

/**
 * Swagger UI at /api/docs, reading the same document as /api/openapi.json. After "Authorize"
 * with a bearer token, "Try it out" sends it on every operation (e2e/api-docs.spec.ts).
 */
export const swaggerUiOptions: FastifySwaggerUiOptions = {
  routePrefix: '/api/docs',
  uiConfig: {
    urls: [{ url: '/api/openapi.json', name: 'RevDesk API' }],
    // Not kept across reloads: it would sit in localStorage on the app's own origin, and
    // docs/architecture.md §10 keeps every secret out of browser storage. Authorize again after a reload.
    persistAuthorization: false,
    displayOperationId: true,
  },
  // Its own policy, kept with the others (security/headers.ts, ADR 0014).
  staticCSP: SWAGGER_UI_CSP,
};

/** The media types of the files RevDesk answers, by the name a route gives them. */
export const FILE_MEDIA_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;
type FileKind = keyof typeof FILE_MEDIA_TYPES;
const isFileKind = (name: unknown): name is FileKind =>
  typeof name === 'string' && Object.hasOwn(FILE_MEDIA_TYPES, name);

const FILE_BYTES = { type: 'string', format: 'binary' } as const;

type TransformedSchema = Record<string, unknown> & {
  querystring?: { properties?: Record<string, { enum?: unknown[] }> };
  response?: Record<string, unknown>;
};

/**
 * The 200 answer as what it is when it is a file (docs/architecture.md §3: every list can be exported),
 * read from what each route already declares, so no route can forget it and none changes what it
 * sends (the serializer never sees these: a file is sent as bytes):
 * - a list whose query takes `format=csv|xlsx` answers JSON, or the file the format names;
 * - a route whose path names its file (`…/certificate.pdf`, `…/result.csv`) answers that file.
 * fastify-type-provider-zod and @fastify/swagger document a response given as `{ content:
 * { <media type>: { schema } } }` per media type; anything else is documented as JSON.
 */
export function withFileAnswers(transformed: { schema: object; url: string }): TransformedSchema {
  const schema = transformed.schema as TransformedSchema;
  const url = transformed.url;
  const answer = schema.response?.['200'];
  if (!answer || typeof answer !== 'object' || 'content' in answer) return schema;
  const extension = /\.(\w+)$/.exec(url)?.[1];
  const formats = (schema.querystring?.properties?.format?.enum ?? []).filter(isFileKind);
  let content: Record<string, { schema: unknown }>;
  let description: string;
  if (isFileKind(extension)) {
    content = { [FILE_MEDIA_TYPES[extension]]: { schema: answer } };
    description = `The ${extension.toUpperCase()} file`;
  } else if (formats.length > 0) {
    content = { 'application/json': { schema: answer } };
    for (const format of formats) content[FILE_MEDIA_TYPES[format]] = { schema: FILE_BYTES };
    description = `JSON, or with \`format\` the ${formats.map((f) => f.toUpperCase()).join(' or ')} file (an attachment)`;
  } else {
    return schema;
  }
  return { ...schema, response: { ...schema.response, '200': { description, content } } };
}

/** The parts of an OpenAPI 3.1 document this file reads (openapi-types is not a dependency). */
type OpenApiDocument = {
  paths?: object;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
} & Record<string, unknown>;

const COMPONENT_REF = '#/components/schemas/';

/**
 * fastify-type-provider-zod registers every schema with a `meta({ id })` twice, as `<Id>Input`
 * and `<Id>`, whether a route reads or writes it. Keep only the ones the document reaches from
 * its paths (directly or through another component).
 */
export function pruneUnusedSchemas(document: OpenApiDocument): OpenApiDocument {
  const schemas: Record<string, unknown> = document.components?.schemas ?? {};
  const used = new Set<string>();
  const pending: unknown[] = [document.paths];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      pending.push(...node);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)) {
          const name = decodeURIComponent(value.slice(COMPONENT_REF.length));
          if (!used.has(name)) {
            used.add(name);
            pending.push(schemas[name]);
          }
        } else {
          pending.push(value);
        }
      }
    }
  }
  const kept = Object.fromEntries(
    Object.entries(document.components?.schemas ?? {}).filter(([name]) => used.has(name)),
  );
  return {
    ...document,
    components: { ...document.components, schemas: kept },
  };
}
