import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/context';
import { type SignedIn, signInAs } from '../testing/factories';
import type { LogDestination } from './requestLog';

/**
 * The request log (ADR 0015), read from the app's own logger: one line per request, written
 * when the answer has gone out, with what an operator needs and no credential.
 */

type Context = TestContext & { baseUrl: string | null; close(): Promise<void> };

/** Collects what the logger writes, one entry per line. */
function captureLog(): { destination: LogDestination; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines.push(
        ...String(chunk)
          .split('\n')
          .filter((line) => line !== ''),
      );
      done();
    },
  });
  return { destination, lines };
}

/** pino-pretty hands its lines on through a stream: let them arrive before reading. */
function drained(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe('in production: one JSON line per request', () => {
  const log = captureLog();
  let ctx: Context;
  let admin: SignedIn;

  beforeAll(async () => {
    ctx = await createTestContext(
      { env: 'production', logLevel: 'info' },
      { logDestination: log.destination },
    );
    admin = await signInAs(ctx, 'ADMIN');
  });

  afterAll(async () => {
    await ctx?.close();
  });

  beforeEach(() => {
    log.lines.length = 0;
  });

  const entries = () => log.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  it('writes one line with method, route, URL, status, time, request id and officer', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/officers/${admin.officer.id}?view=full`,
      headers: admin.bearer,
    });
    expect(res.statusCode).toBe(200);
    expect(log.lines).toHaveLength(1);
    const [entry] = entries();
    expect(entry).toMatchObject({
      level: 30,
      method: 'GET',
      route: '/api/v1/officers/:id',
      url: `/api/v1/officers/${admin.officer.id}?view=full`,
      statusCode: 200,
      reqId: res.headers['x-request-id'],
      userId: admin.officer.id,
      msg: expect.stringMatching(
        new RegExp(`^GET /api/v1/officers/${admin.officer.id}\\?view=full 200 \\d+ms$`),
      ),
    });
    expect(typeof entry?.durationMs).toBe('number');
    // Not Fastify's request and answer objects: this line is the whole record.
    expect(entry).not.toHaveProperty('req');
    expect(entry).not.toHaveProperty('res');
  });

  it('writes exactly one line for each request, whatever answered it', async () => {
    const answers = [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/officers', headers: admin.bearer }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/officers' }),
      await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-route' }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: admin.officer.username, password: 'not-the-password' },
      }),
    ];
    expect(log.lines).toHaveLength(answers.length);
    const logged = entries();
    expect(logged.map((e) => [e.route, e.statusCode])).toEqual([
      ['/api/health', 200],
      ['/api/v1/officers', 200],
      ['/api/v1/officers', 401],
      ['unmatched', 404],
      ['/api/v1/auth/login', 401],
    ]);
    expect(logged.map((e) => e.reqId)).toEqual(answers.map((a) => a.headers['x-request-id']));
    // Only a signed-in officer is named.
    expect(logged.map((e) => e.userId ?? null)).toEqual([null, admin.officer.id, null, null, null]);
  });

  it('never writes a cookie, a bearer token or a secret query value', async () => {
    const secret = 'query-secret-6f1c0c2b9e';
    await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/auth/me?token=${secret}&page=1`,
      headers: { cookie: admin.cookie },
    });
    await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: admin.bearer });
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: admin.officer.username, password: admin.officer.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(log.lines).toHaveLength(3);
    const text = log.lines.join('\n');
    expect(text).not.toContain(admin.token);
    expect(text).not.toContain(signIn.json().token);
    expect(text).not.toContain(admin.officer.password);
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/cookie|authorization|set-cookie/i);
    expect(entries()[0]?.url).toBe('/api/v1/auth/me?token=[redacted]&page=1');
  });
});

describe('in development: one short readable line per request', () => {
  const log = captureLog();
  let ctx: Context;

  beforeAll(async () => {
    ctx = await createTestContext(
      { env: 'development', logLevel: 'info' },
      { logDestination: log.destination },
    );
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('writes `METHOD URL STATUS TIMEms` on one line, without pid, host or request id', async () => {
    log.lines.length = 0;
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/v1/no-such-route?q=1' });
    await drained();
    expect(log.lines).toHaveLength(2);
    // Colours only on a terminal; this destination is not one.
    expect(log.lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/health 200 \d+ms$/);
    expect(log.lines[1]).toMatch(/ INFO: GET \/api\/v1\/no-such-route\?q=1 404 \d+ms$/);
  });
});
