import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionsOf } from '../../../shared/permissions';
import type { UserType } from '../../../shared/userTypes';
import { createSession } from '../../auth/sessions';
import { createTestContext, type TestContext } from '../context';
import { createOfficer } from '../factories';
import { problemsWith } from './expectations';
import { type OpenApiDocument, type Operation, operationsOf } from './operations';
import type { Auth } from './requests';
import { type JsonSchema, resolve, typesOf } from './schema';
import { encodeMultipart } from './uploads';

/**
 * ADR 0022, generated from the OpenAPI document: every string a route reads (path parameter,
 * query parameter, JSON body field however deep, multipart text field and file name) sent with
 * a NUL and with a lone surrogate, by an officer who holds the route's permission, by an ADMIN,
 * and anonymously. Never a 5xx; every 4xx in the one error shape; a request without a session
 * refused as expectations.ts says; and the NUL (and the surrogate where the request can carry
 * one: a JSON escape, a multipart field) refused with 422 naming the field to whoever passes
 * the gate. Deterministic and bounded: a handful of requests per field, no random inputs.
 */

/** Fields tried per operation: bodies with more are rare, and the first ones show the path. */
const MAX_FIELDS = 12;

const ctx: TestContext & { close(): Promise<void> } = await createTestContext(
  { publicCheckRateLimitPerMinute: 100_000 },
  { listen: true, runJobs: false },
);
const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
const operations = operationsOf(document);
const components = document.components.schemas;
const officerIds = new Map<UserType, string>();

beforeAll(async () => {
  for (const type of new Set([
    'ADMIN' as UserType,
    ...operations.flatMap((o) => (o.userType ? [o.userType] : [])),
  ])) {
    officerIds.set(type, (await createOfficer(ctx, { userType: type })).id);
  }
});
afterAll(() => ctx.close());

async function bearerFor(userType: UserType): Promise<string> {
  const officerId = officerIds.get(userType);
  if (!officerId) throw new Error(`no officer of type ${userType}`);
  const { token } = await createSession(ctx.db, officerId, { ip: '127.0.0.1', userAgent: 'fuzz' });
  return `Bearer ${token}`;
}

type Bad =
  | { name: 'NUL'; json: string; url: string; text: string }
  | { name: 'lone surrogate'; json: string; url: string; text: string };
const BAD: Bad[] = [
  { name: 'NUL', json: '\\u0000', url: '%00', text: '\u0000' },
  // A URL can only carry it as the bytes of its CESU-8 form, which are not UTF-8: a 400 or U+FFFD.
  { name: 'lone surrogate', json: '\\ud800', url: '%ED%A0%80', text: '\ud800' },
];

/** Where a string goes in a request, and whether the request can carry `bad` as such. */
type Field = {
  where: 'params' | 'querystring' | 'body';
  /** The field's path as the 422 names it: `btin`, `address.street`, `items.0`. */
  path: string;
  request(bad: Bad): InjectOptions;
  carries(bad: Bad): boolean;
};

function hasString(schema: JsonSchema): boolean {
  const s = resolve(schema, components);
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  return (
    typesOf(s).includes('string') ||
    branches.some(hasString) ||
    (s.enum ?? []).some((v) => typeof v === 'string')
  );
}

/** The JSON paths of the string leaves of a body schema, with the value that reaches each. */
function stringLeaves(schema: JsonSchema, path: string[], depth: number): string[][] {
  if (depth > 5) return [];
  const s = resolve(schema, components);
  const found: string[][] = [];
  if (hasString(s) && !s.properties && !s.items) found.push(path);
  for (const [key, property] of Object.entries(s.properties ?? {})) {
    found.push(...stringLeaves(property, [...path, key], depth + 1));
  }
  if (s.items) found.push(...stringLeaves(s.items, [...path, '0'], depth + 1));
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) {
    const r = resolve(branch, components);
    if (r.properties || r.items) found.push(...stringLeaves(r, path, depth + 1));
  }
  return found;
}

/** `{"a":{"b":["<bad>"]}}`, written by hand so the escape reaches the server as written. */
function jsonWith(path: string[], bad: Bad): string {
  let text = `"x${bad.json}y"`;
  for (const key of [...path].reverse()) {
    text = /^\d+$/.test(key) ? `[${text}]` : `{${JSON.stringify(key)}:${text}}`;
  }
  return text;
}

/**
 * The operation's URL with each path parameter '1' (or its schema's least value: a budget's
 * year is 2000 at least), but the one under test. A parameter refused on its own would answer
 * the 422 before the field under test is read.
 */
function urlOf(operation: Operation, bad: { param: string; value: string } | null): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (bad?.param === name) return `x${bad.value}y`;
    const schema = operation.pathParams.find((p) => p.name === name)?.schema;
    return String(schema?.minimum ?? 1);
  });
}

function fieldsOf(operation: Operation): Field[] {
  const fields: Field[] = [];
  const method = operation.method;
  for (const param of operation.pathParams) {
    if (!hasString(param.schema)) continue;
    fields.push({
      where: 'params',
      path: param.name,
      request: (bad) => ({ method, url: urlOf(operation, { param: param.name, value: bad.url }) }),
      carries: (bad) => bad.name === 'NUL',
    });
  }
  for (const param of operation.queryParams) {
    if (!hasString(param.schema)) continue;
    fields.push({
      where: 'querystring',
      path: param.name,
      request: (bad) => ({
        method,
        url: `${urlOf(operation, null)}?${encodeURIComponent(param.name)}=x${bad.url}y`,
      }),
      carries: (bad) => bad.name === 'NUL',
    });
  }
  if (operation.body) {
    for (const path of stringLeaves(operation.body, [], 0)) {
      if (path.length === 0) continue;
      fields.push({
        where: 'body',
        path: path.join('.'),
        request: (bad) => ({
          method,
          url: urlOf(operation, null),
          headers: { 'content-type': 'application/json' },
          payload: jsonWith(path, bad),
        }),
        carries: () => true,
      });
    }
  }
  if (operation.upload) {
    const upload = operation.upload;
    const file = (fileName: string) => ({
      fileName,
      contentType: 'text/csv',
      bytes: Buffer.from('rrr\n123456789012\n'),
    });
    const multipart = (fileName: string, fields: [string, string][]) => {
      const { payload, contentType } = encodeMultipart({
        fileField: upload.field,
        file: file(fileName),
        fields,
        truncate: false,
      });
      return {
        method,
        url: urlOf(operation, null),
        headers: { 'content-type': contentType },
        payload,
      };
    };
    fields.push({
      where: 'body',
      path: upload.field,
      request: (bad) => multipart(`x${bad.text}y.csv`, []),
      // Photos are decoded, not named: their file name is never kept.
      carries: (bad) => bad.name === 'NUL' && upload.kind !== 'image',
    });
    if (upload.withMdaId) {
      fields.push({
        where: 'body',
        path: 'mdaId',
        request: (bad) => multipart('x.csv', [['mdaId', `x${bad.text}y`]]),
        carries: () => true,
      });
    }
  }
  return fields.slice(0, MAX_FIELDS);
}

function refusalProblems(operation: Operation, auth: Auth, res: LightMyRequestResponse): string[] {
  const problems = problemsWith(operation, auth, res, components);
  if (res.statusCode >= 200 && res.statusCode < 400 && auth === 'anonymous' && !operation.isPublic)
    problems.push(`answered ${res.statusCode} without a session`);
  return problems;
}

describe('every string a route reads, sent text the database cannot store', () => {
  const withFields = operations.map((operation) => ({ operation, fields: fieldsOf(operation) }));

  it('finds string fields in most operations', () => {
    expect(withFields.filter((o) => o.fields.length > 0).length).toBeGreaterThan(80);
  });

  for (const { operation, fields } of withFields) {
    if (fields.length === 0) continue;
    it(`${operation.operationId}: ${operation.method} ${operation.path}`, async () => {
      const problems: string[] = [];
      const callers: [Auth, string, string | null][] = [
        ['anonymous', 'anonymous', null],
        ['bearer', 'ADMIN', await bearerFor('ADMIN')],
      ];
      if (operation.userType && operation.userType !== 'ADMIN')
        callers.push(['bearer', operation.userType, await bearerFor(operation.userType)]);
      for (const field of fields) {
        for (const bad of BAD) {
          for (const [auth, who, authorization] of callers) {
            const request = field.request(bad);
            const res = await ctx.app.inject({
              ...request,
              headers: {
                ...(request.headers as object),
                ...(authorization ? { authorization } : {}),
              },
            });
            const label = `${bad.name} in ${field.where} ${field.path} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`;
            for (const problem of refusalProblems(operation, auth, res))
              problems.push(`${label}\n  ${problem}`);
            const passesGate =
              operation.isPublic ||
              (who !== 'anonymous' &&
                operation.permissions.some((p) => permissionsOf(who as UserType).includes(p)));
            if (field.carries(bad) && passesGate) {
              const issue =
                res.statusCode === 422
                  ? (
                      res.json() as {
                        error: { details?: { issues?: { where: string; path: string }[] } };
                      }
                    ).error.details?.issues?.[0]
                  : undefined;
              if (issue?.where !== field.where || issue.path !== field.path)
                problems.push(`${label}\n  expected a 422 naming ${field.where} ${field.path}`);
            }
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});
