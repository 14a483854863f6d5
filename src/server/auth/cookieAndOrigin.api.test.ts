import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, SAME_ORIGIN, type TestContext } from '../testing/context';
import { createOfficer } from '../testing/factories';
import { PRODUCTION_SESSION_COOKIE, SESSION_COOKIE } from './sessions';

/**
 * ADR 0022: the session cookie follows the `__Host-` rules in production, and once PUBLIC_URL
 * (or PUBLIC_ORIGINS) says where RevDesk's pages are, a cookie-authenticated write must come
 * from there: the request's own Host header no longer vouches for its Origin.
 */
type Context = TestContext & { close(): Promise<void> };

const PUBLIC_URL = 'https://revdesk.birs.example';

async function signInFor(ctx: Context) {
  const officer = await createOfficer(ctx, { userType: 'ADMIN' });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: officer.username, password: officer.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return {
    token: res.json<{ token: string }>().token,
    setCookie: String(res.headers['set-cookie']),
  };
}

describe('the session cookie in production', () => {
  let ctx: Context;
  beforeAll(async () => {
    ctx = await createTestContext({ env: 'production', publicUrl: PUBLIC_URL }, { runJobs: false });
  });
  afterAll(() => ctx.close());

  it('is __Host-revdesk_session: Secure, Path=/, HttpOnly, SameSite=Strict, no Domain', async () => {
    const { token, setCookie } = await signInFor(ctx);
    expect(setCookie.startsWith(`${PRODUCTION_SESSION_COOKIE}=${token};`)).toBe(true);
    const attributes = setCookie.split(';').map((a) => a.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining(['path=/', 'secure', 'httponly', 'samesite=strict']),
    );
    expect(attributes.some((a) => a.startsWith('domain'))).toBe(false);
  });

  it('is the only name the gate reads, and the name sign-out clears', async () => {
    const { token } = await signInFor(ctx);
    const me = (cookie: string) => ctx.app.inject({ url: '/api/v1/auth/me', headers: { cookie } });
    expect((await me(`${SESSION_COOKIE}=${token}`)).statusCode).toBe(401);
    expect((await me(`${PRODUCTION_SESSION_COOKIE}=${token}`)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: `${PRODUCTION_SESSION_COOKIE}=${token}`, origin: PUBLIC_URL },
    });
    expect(out.statusCode, out.body).toBe(200);
    const cleared = String(out.headers['set-cookie']);
    expect(cleared).toMatch(new RegExp(`^${PRODUCTION_SESSION_COOKIE}=;`));
    expect(cleared.toLowerCase()).toContain('secure');
  });

  it('is the name the OpenAPI document gives', async () => {
    const document = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    expect(document.components.securitySchemes.session.name).toBe(PRODUCTION_SESSION_COOKIE);
  });
});

describe('the session cookie in development and tests', () => {
  let ctx: Context;
  beforeAll(async () => {
    ctx = await createTestContext({}, { runJobs: false });
  });
  afterAll(() => ctx.close());

  it('is revdesk_session without Secure, so it works over http://localhost', async () => {
    const { token, setCookie } = await signInFor(ctx);
    expect(setCookie.startsWith(`${SESSION_COOKIE}=${token};`)).toBe(true);
    expect(setCookie.toLowerCase()).not.toContain('secure');
  });
});

describe('the Origin of a cookie-authenticated write', () => {
  const EXTRA_ORIGIN = 'https://revdesk-internal.birs.example';
  let changes = 0;
  const patchProfile = (ctx: Context, token: string, origin: string) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/profile',
      headers: { cookie: `${SESSION_COOKIE}=${token}`, origin },
      payload: { email: `origin-${process.pid}-${++changes}@birs.example` },
    });

  it('with PUBLIC_URL set: its origin or PUBLIC_ORIGINS, never the Host of the request', async () => {
    const ctx = await createTestContext(
      { publicUrl: `${PUBLIC_URL}/`, publicOrigins: [EXTRA_ORIGIN] },
      { runJobs: false },
    );
    try {
      const { token } = await signInFor(ctx);
      // SAME_ORIGIN is http://localhost:80, what the Host header of every inject says.
      const fromHost = await patchProfile(ctx, token, SAME_ORIGIN);
      expect(fromHost.statusCode, fromHost.body).toBe(403);
      expect(fromHost.json().error.code).toBe('ORIGIN_MISMATCH');
      expect((await patchProfile(ctx, token, PUBLIC_URL)).statusCode).toBe(200);
      expect((await patchProfile(ctx, token, EXTRA_ORIGIN)).statusCode).toBe(200);
      expect((await patchProfile(ctx, token, `${PUBLIC_URL}.evil.example`)).statusCode).toBe(403);
      // Sign-in from a page of the Host's origin is refused too (login CSRF).
      const officer = await createOfficer(ctx, { userType: 'ADMIN' });
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { origin: SAME_ORIGIN },
        payload: { username: officer.username, password: officer.password },
      });
      expect(login.statusCode, login.body).toBe(403);
    } finally {
      await ctx.close();
    }
  });

  it('with neither set (development, tests): the Host of the request', async () => {
    const ctx = await createTestContext({}, { runJobs: false });
    try {
      const { token } = await signInFor(ctx);
      expect((await patchProfile(ctx, token, SAME_ORIGIN)).statusCode).toBe(200);
      expect((await patchProfile(ctx, token, PUBLIC_URL)).statusCode).toBe(403);
    } finally {
      await ctx.close();
    }
  });
});
