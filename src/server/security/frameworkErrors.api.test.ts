import { connect } from 'node:net';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/context';
import { type SignedIn, signInAs } from '../testing/factories';
import { NOTHING_CSP } from './headers';

/**
 * ADR 0022: every error Fastify or Node's HTTP parser raises itself is answered in the one
 * error shape (docs/architecture.md §3), with the security headers. 414, 431 and a request that is not HTTP
 * are refused by the parser before Fastify makes a request, so only a real socket shows them.
 */
let ctx: TestContext & { close(): Promise<void>; baseUrl: string | null };
let admin: SignedIn;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext({}, { listen: true, runJobs: false });
  admin = await signInAs(ctx, 'ADMIN');
  port = Number(new URL(ctx.baseUrl ?? '').port);
});
afterAll(() => ctx.close());

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/** Sends bytes as they are on a new connection and reads the answer until the server closes. */
function sendRaw(bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
        }),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.end(bytes);
  });
}

function expectErrorShape(
  answer: { status: number; headers: Record<string, unknown> },
  body: string,
  status: number,
  code: string,
) {
  expect(answer.status, body).toBe(status);
  expect(JSON.parse(body)).toEqual({ error: { code, message: expect.any(String) } });
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toBe(NOTHING_CSP);
}

describe("the parser's refusals, over a real socket", () => {
  it('an address past the 16 KB Node reads answers 414', async () => {
    const answer = await sendRaw(
      `GET /api/v1/taxpayers?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expectErrorShape(answer, answer.body, 414, 'URI_TOO_LONG');
  });

  it('headers past the 16 KB Node reads answer 431', async () => {
    const cookies = Array.from({ length: 40 }, (_, i) => `c${i}=${'x'.repeat(500)}`).join('; ');
    const answer = await sendRaw(
      `GET /api/v1/system HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookies}\r\n\r\n`,
    );
    expectErrorShape(answer, answer.body, 431, 'HEADERS_TOO_LARGE');
  });

  it('bytes that are not HTTP answer 400', async () => {
    const answer = await sendRaw('HELLO THERE\r\n\r\n');
    expectErrorShape(answer, answer.body, 400, 'BAD_REQUEST');
  });

  it('a header holding a NUL answers 400', async () => {
    const answer = await sendRaw(
      'GET /api/v1/system HTTP/1.1\r\nHost: localhost\r\nUser-Agent: a\u0000b\r\n\r\n',
    );
    expectErrorShape(answer, answer.body, 400, 'BAD_REQUEST');
  });
});

describe("Fastify's own refusals", () => {
  const cases: [string, InjectOptions & { headers?: Record<string, string> }, number, string][] = [
    ['an unknown /api path', { url: '/api/v1/nothing-here' }, 404, 'NOT_FOUND'],
    [
      'a broken JSON body',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"username":',
      },
      400,
      'BAD_REQUEST',
    ],
    [
      'a body over the limit',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'a', password: 'x'.repeat(70 * 1024) },
      },
      413,
      'PAYLOAD_TOO_LARGE',
    ],
    [
      'a body of a type no route reads',
      {
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'content-type': 'text/csv' },
        payload: 'a,b\n',
      },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'an address that cannot be decoded',
      { url: '/api/v1/taxpayers/%E0%A4%A' },
      400,
      'BAD_REQUEST',
    ],
    [
      'a path parameter past 100 characters',
      { url: `/api/v1/taxpayers/${'1'.repeat(101)}` },
      414,
      'URI_TOO_LONG',
    ],
  ];
  for (const [name, request, status, code] of cases) {
    it(`${name}: ${status} ${code}`, async () => {
      const res = await ctx.app.inject({
        ...request,
        headers: { ...admin.bearer, ...request.headers },
      });
      expectErrorShape({ status: res.statusCode, headers: res.headers }, res.body, status, code);
    });
  }
});
