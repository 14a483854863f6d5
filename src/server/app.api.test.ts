import type { RouteShorthandOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app';
import { createTestContext, type TestContext, testConfig } from './testing/context';
import { openTestDatabase } from './testing/database';
import { signInAs } from './testing/factories';
import { outcomeOf } from './testing/outcomes';

let ctx: TestContext & { close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the permission gate at boot', () => {
  const cases: Record<string, RouteShorthandOptions> = {
    'neither a permission nor public': { schema: { response: { 200: z.object({}) } } },
    'both a permission and public': {
      schema: { response: { 200: z.object({}) } },
      config: { permission: 'account:self' as const, public: true as const },
    },
    'no response schema': { config: { permission: 'account:self' as const } },
    'both a permission and anyPermission': {
      schema: { response: { 200: z.object({}) } },
      config: {
        permission: 'account:self' as const,
        anyPermission: ['tcc:read', 'tcc:print'] as const,
      },
    },
    'anyPermission and public': {
      schema: { response: { 200: z.object({}) } },
      config: { anyPermission: ['tcc:read', 'tcc:print'] as const, public: true as const },
    },
    'anyPermission of a single permission': {
      schema: { response: { 200: z.object({}) } },
      config: { anyPermission: ['tcc:read'] as const },
    },
  };

  it.each(Object.entries(cases))(
    'refuses to start with a route that has %s',
    async (_name, options) => {
      const database = await openTestDatabase();
      try {
        await expect(
          buildApp({
            config: testConfig(),
            database,
            registerExtraRoutes: (app) => {
              app.get('/api/v1/sneaky', options, () => ({}));
            },
          }).then((app) => app.ready()),
        ).rejects.toThrow(/refusing to start/);
      } finally {
        await database.close();
      }
    },
  );
});

describe('health and readiness', () => {
  it('GET /api/health and /api/ready answer without a session', async () => {
    expect((await ctx.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: ctx.database.kind });
  });

  it('GET /api/v1/system tells the sign-in page whether this is demo data', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/system' });
    expect(res.json()).toMatchObject({
      serviceName: 'RevDesk',
      demoMode: false,
      demoUsernames: [],
    });
  });
});

describe('OpenAPI', () => {
  it('documents every API route with its security', async () => {
    const res = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/auth/login',
        '/api/v1/auth/me',
        '/api/v1/officers',
        '/api/health',
      ]),
    );
    expect(doc.components.schemas).toHaveProperty('Officer');
    // A route gated on any of several permissions names them as a single one is named (ADR 0005).
    expect(doc.paths['/api/v1/tcc/{id}/approve'].post).toMatchObject({
      'x-any-permission': [
        'tcc:approve:director_assessment',
        'tcc:approve:director_collection',
        'tcc:approve:chairman',
      ],
    });
    expect(doc.paths['/api/v1/tcc/{id}/approve'].post).not.toHaveProperty('x-permission');
    expect(doc.paths['/api/v1/tcc/{id}/revoke'].post['x-permission']).toBe('tcc:revoke');
    const docs = await ctx.app.inject({ url: '/api/docs' });
    expect(docs.statusCode).toBeLessThan(400);
  });
});

describe('bad input never becomes a 500', () => {
  it('refuses a body over 1 MB with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'a', password: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses broken JSON with 400', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers an unknown API route with 404 in the error shape', async () => {
    const s = await signInAs(ctx, 'ADMIN');
    const res = await ctx.app.inject({ url: '/api/v1/nothing-here', headers: s.bearer });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('answers an address that cannot be decoded with 400 in the error shape (found by fuzzing)', async () => {
    const s = await signInAs(ctx, 'ADMIN');
    const res = await ctx.app.inject({ url: '/api/v1/taxpayers/%', headers: s.bearer });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'The address of the request is not valid.' },
    });
  });

  it("answers a path parameter past the router's 100 characters with 414 in the error shape (found by fuzzing)", async () => {
    const s = await signInAs(ctx, 'ADMIN');
    const res = await ctx.app.inject({
      url: `/api/v1/taxpayers/${'1'.repeat(101)}`,
      headers: s.bearer,
    });
    expect(res.statusCode).toBe(414);
    expect(res.json().error.code).toBe('URI_TOO_LONG');
  });

  it('refuses a NUL character in a parameter, the query or a JSON body with 422 naming it (found by fuzzing)', async () => {
    const s = await signInAs(ctx, 'ADMIN');
    const inParams = await ctx.app.inject({
      url: '/api/v1/reference/profession-subcategories/%00/professions',
      headers: s.bearer,
    });
    expect(outcomeOf(inParams), inParams.body).toBe('422 VALIDATION_FAILED');
    expect(inParams.json().error.details.issues).toEqual([
      { where: 'params', path: 'code', message: expect.stringContaining('U+0000') },
    ]);
    const inQuery = await ctx.app.inject({
      url: '/api/v1/taxpayers?search=a%00b',
      headers: s.bearer,
    });
    expect(outcomeOf(inQuery), inQuery.body).toBe('422 VALIDATION_FAILED');
    const inBody = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      headers: s.bearer,
      payload: { firstName: 'Ebi\u0000ere' },
    });
    expect(outcomeOf(inBody), inBody.body).toBe('422 VALIDATION_FAILED');
    expect(inBody.json().error.details.issues[0]).toMatchObject({
      where: 'body',
      path: 'firstName',
    });
  });

  it('a failure inside a route answers 500 without its internals', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      database,
      registerExtraRoutes: (a) => {
        a.get(
          '/api/v1/explodes',
          { schema: { response: { 200: z.object({}) } }, config: { public: true } },
          () => {
            throw new Error('connection string postgres://secret@db');
          },
        );
      },
    });
    try {
      const res = await app.inject({ url: '/api/v1/explodes' });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('INTERNAL');
      expect(res.body).not.toContain('secret');
      expect(res.headers['x-request-id']).toBeTruthy();
    } finally {
      await app.close();
      await database.close();
    }
  });
});
