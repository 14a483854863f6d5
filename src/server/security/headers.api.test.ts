import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody } from '../../shared/errors';
import { createPayment } from '../modules/payments/testing';
import { createTestContext, type TestContext } from '../testing/context';
import { type SignedIn, signInAs } from '../testing/factories';
import { HSTS, SWAGGER_UI_CSP } from './headers';

/**
 * ADR 0014: every kind of answer RevDesk gives carries the security headers, set in one place
 * (security/headers.ts). A fake build stands in for the web app, as in web.api.test.ts.
 */
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>RevDesk</title>${'<!-- padding -->'.repeat(80)}</head><body><div id="root"></div><script type="module" src="/assets/app-Ab12Cd34.js"></script></body></html>`;
const APP_JS = `export const greeting = ${JSON.stringify('Sign in to RevDesk. '.repeat(80))};\n`;
const APP_CSS = `body { color: #123; }\n${'.x { margin: 0 }\n'.repeat(100)}`;

type Context = TestContext & { close(): Promise<void> };

async function fakeBuild(): Promise<string> {
  const webDir = mkdtempSync(path.join(tmpdir(), 'revdesk-headers-'));
  mkdirSync(path.join(webDir, 'assets'));
  const write = (name: string, content: string | Buffer, compressed = false) => {
    const file = path.join(webDir, name);
    writeFileSync(file, content);
    if (compressed) {
      writeFileSync(`${file}.br`, brotliCompressSync(content));
      writeFileSync(`${file}.gz`, gzipSync(content));
    }
  };
  write('index.html', INDEX_HTML, true);
  write('assets/app-Ab12Cd34.js', APP_JS, true);
  write('assets/app-Cd34Ef56.css', APP_CSS, true);
  write('assets/inter-Ef56Gh78.woff2', Buffer.from('wOF2 not really a font'));
  write('assets/logo-Gh78Ij90.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  return webDir;
}

/** A route that fails as a bug would: its 500 must carry the headers too. */
const failingRoute = (app: import('fastify').FastifyInstance) => {
  app.get(
    '/api/v1/test-only/failure',
    { schema: { response: { 200: z.object({}), 500: ErrorBody } }, config: { public: true } },
    () => {
      throw new Error('a bug with internals in its message');
    },
  );
};

/** The smallest valid PNG (1×1, transparent). */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadProfilePhoto(app: Context, officer: SignedIn): Promise<void> {
  const boundary = '----revdesk-headers-boundary';
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/profile/photo',
    headers: { ...officer.bearer, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      TINY_PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (res.statusCode >= 300) throw new Error(`photo upload: ${res.statusCode} ${res.body}`);
}

let webDir: string;
let ctx: Context;
let admin: SignedIn;
let assessor: SignedIn;

beforeAll(async () => {
  webDir = await fakeBuild();
  ctx = await createTestContext(
    { webDir, publicCheckRateLimitPerMinute: 1 },
    { registerExtraRoutes: failingRoute },
  );
  admin = await signInAs(ctx, 'ADMIN');
  assessor = await signInAs(ctx, 'OFFICER_DA');
});

afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

type Request = {
  method?: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
};

/** Every kind of answer, each named by what it is. */
async function everyKindOfAnswer(app: Context): Promise<Record<string, LightMyRequestResponse>> {
  const payment = await createPayment(app);
  await uploadProfilePhoto(app, admin);
  const get = (request: Request) =>
    app.app.inject({
      method: request.method ?? 'GET',
      url: request.url,
      headers: request.headers ?? {},
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
    });
  const br = { 'accept-encoding': 'br, gzip' };
  const answers: Record<string, Request> = {
    'API JSON': { url: '/api/v1/system' },
    'API JSON, signed in': { url: '/api/v1/auth/me', headers: admin.bearer },
    'API JSON, signed in by cookie': { url: '/api/v1/profile', headers: { cookie: admin.cookie } },
    'a reference list': { url: '/api/v1/reference/states', headers: admin.bearer },
    'a public check, signed in': {
      url: '/api/v1/public/receipts/K7M2Q9XR4T',
      headers: admin.bearer,
    },
    'profile photo': { url: '/api/v1/profile/photo', headers: admin.bearer },
    '/api/health': { url: '/api/health' },
    'API 401': { url: '/api/v1/officers' },
    'API 403': { url: '/api/v1/officers', headers: assessor.bearer },
    'API 404': { url: '/api/v1/nothing-here', headers: admin.bearer },
    'API 413': {
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'a', password: 'x'.repeat(100 * 1024) },
    },
    'API 422': { method: 'POST', url: '/api/v1/auth/login', payload: { username: '' } },
    'API 500': { url: '/api/v1/test-only/failure' },
    'receipt PDF': {
      url: `/api/v1/payments/${payment.id}/receipt.pdf`,
      headers: admin.bearer,
    },
    'CSV export': { url: '/api/v1/officers?format=csv', headers: admin.bearer },
    'XLSX export': { url: '/api/v1/officers?format=xlsx', headers: admin.bearer },
    'Swagger UI': { url: '/api/docs' },
    "Swagger UI's stylesheet": { url: '/api/docs/static/swagger-ui.css' },
    '/api/docs JSON': { url: '/api/docs/json' },
    '/api/openapi.json': { url: '/api/openapi.json' },
    'simulator (/_sim)': {
      url: `/_sim/evas/api/v1/auto-reg/rrr/${payment.rrr}/status`,
    },
    'index.html (/)': { url: '/', headers: br },
    '/index.html': { url: '/index.html' },
    'a deep link': { url: '/birs/taxpayer/1234567890?tab=payments', headers: br },
    'a script, brotli copy': { url: '/assets/app-Ab12Cd34.js', headers: br },
    'a script, plain': { url: '/assets/app-Ab12Cd34.js' },
    'a stylesheet, gzip copy': {
      url: '/assets/app-Cd34Ef56.css',
      headers: { 'accept-encoding': 'gzip' },
    },
    'a font': { url: '/assets/inter-Ef56Gh78.woff2' },
    'an image': { url: '/assets/logo-Gh78Ij90.png' },
    'robots.txt': { url: '/robots.txt' },
    'an unknown file': { url: '/wp-login.php' },
    'a missing asset': { url: '/assets/missing-X1.js' },
  };
  const result: Record<string, LightMyRequestResponse> = {};
  for (const [name, request] of Object.entries(answers)) result[name] = await get(request);
  // A public check twice from one address with a limit of one: the second is a 429.
  const check = { url: '/api/v1/public/receipts/K7M2Q9XR4V' };
  await get(check);
  result['API 429'] = await get(check);
  return result;
}

const isHtml = (res: LightMyRequestResponse) =>
  String(res.headers['content-type']).startsWith('text/html');

let answers: Record<string, LightMyRequestResponse>;
beforeAll(async () => {
  answers = await everyKindOfAnswer(ctx);
});

describe('every kind of answer carries the security headers (ADR 0014)', () => {
  it('answers each request as the kind it stands for', () => {
    const status = Object.fromEntries(
      Object.entries(answers).map(([name, res]) => [name, res.statusCode]),
    );
    expect(status).toMatchObject({
      'API 401': 401,
      'API 403': 403,
      'API 404': 404,
      'API 413': 413,
      'API 422': 422,
      'API 429': 429,
      'API 500': 500,
      'an unknown file': 404,
      'a missing asset': 404,
    });
    for (const name of [
      'API JSON',
      'API JSON, signed in',
      'API JSON, signed in by cookie',
      'a reference list',
      'profile photo',
      '/index.html',
      'receipt PDF',
      'CSV export',
      'XLSX export',
      'a font',
    ]) {
      expect(answers[name]?.statusCode, name).toBe(200);
    }
    expect(answers['receipt PDF']?.headers['content-type']).toBe('application/pdf');
    expect(answers['a script, brotli copy']?.headers['content-encoding']).toBe('br');
    expect(answers['a stylesheet, gzip copy']?.headers['content-encoding']).toBe('gzip');
    expect(answers['index.html (/)']?.headers['content-encoding']).toBe('br');
    expect(answers['Swagger UI']?.statusCode).toBe(200);
    expect(answers['simulator (/_sim)']?.headers['content-type']).toContain('json');
    expect(answers['API 500']?.body).not.toContain('internals');
  });

  it('nosniff, no framing, same-origin referrer and a request id on every one', () => {
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
      expect(res.headers['x-frame-options'], name).toBe('DENY');
      expect(res.headers['referrer-policy'], name).toBe('same-origin');
      expect(res.headers['x-request-id'], name).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['content-security-policy'], name).toContain("frame-ancestors 'none'");
    }
  });

  it("pages run only RevDesk's own scripts; everything else runs and loads nothing", () => {
    for (const [name, res] of Object.entries(answers)) {
      const csp = String(res.headers['content-security-policy']);
      if (name.startsWith('Swagger UI') || name === '/api/docs JSON') {
        // @fastify/swagger-ui sets its own policy on everything it serves (openapi.ts).
        expect(csp, name).toBe(SWAGGER_UI_CSP);
      } else if (isHtml(res)) {
        expect(csp, name).toContain("script-src 'self'");
        expect(csp, name).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      } else if (res.headers['content-type'] === 'application/pdf') {
        expect(csp, name).not.toContain('script-src');
        expect(csp, name).not.toContain('default-src');
      } else {
        expect(csp, name).toContain("default-src 'none'");
      }
    }
  });

  it("the app's pages take <style> tags only with their nonce; Swagger UI keeps its own policy", () => {
    for (const name of ['index.html (/)', 'a deep link']) {
      expect(answers[name]?.headers['content-security-policy'], name).toMatch(
        /style-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='; style-src-attr 'unsafe-inline'/,
      );
    }
    expect(answers['Swagger UI']?.headers['content-security-policy']).toContain(
      "style-src 'self' 'unsafe-inline'",
    );
  });

  it("every page's policy loads no plugin and takes no <base>: the app's, /index.html, deep links, Swagger UI", () => {
    const pages = Object.entries(answers).filter(([, res]) => isHtml(res));
    expect(pages.map(([name]) => name)).toEqual(
      expect.arrayContaining(['Swagger UI', 'index.html (/)', '/index.html', 'a deep link']),
    );
    for (const [name, res] of pages) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp, name).toContain("object-src 'none'");
      expect(csp, name).toContain("base-uri 'none'");
    }
    expect(answers['/index.html']?.headers['content-security-policy']).toMatch(/'nonce-/);
  });

  it('no cache keeps a signed-in answer; reference lists revalidate privately; a public answer is left alone', () => {
    const personal = [
      'API JSON, signed in',
      'API JSON, signed in by cookie',
      'API 401',
      'API 403',
      'API 404',
      'a public check, signed in',
      'profile photo',
      'receipt PDF',
      'CSV export',
      'XLSX export',
    ];
    for (const name of personal) {
      expect(answers[name]?.headers['cache-control'], name).toBe('no-store');
    }
    expect(answers['a reference list']?.headers['cache-control']).toBe(
      'private, max-age=300, must-revalidate',
    );
    expect(answers['API JSON']?.headers['cache-control']).toBeUndefined();
    expect(answers['a script, plain']?.headers['cache-control']).toContain('immutable');
  });

  it('no Strict-Transport-Security outside production', () => {
    for (const [name, res] of Object.entries(answers)) {
      expect(res.headers['strict-transport-security'], name).toBeUndefined();
    }
  });
});

describe('in production', () => {
  let production: Context;
  let productionAnswers: Record<string, LightMyRequestResponse>;
  beforeAll(async () => {
    production = await createTestContext(
      { webDir, env: 'production', publicCheckRateLimitPerMinute: 1 },
      { registerExtraRoutes: failingRoute },
    );
    admin = await signInAs(production, 'ADMIN');
    assessor = await signInAs(production, 'OFFICER_DA');
    productionAnswers = await everyKindOfAnswer(production);
  });
  afterAll(() => production.close());

  it('every answer asks the browser to use HTTPS for a year, subdomains too', () => {
    expect(HSTS).toBe('max-age=31536000; includeSubDomains');
    for (const [name, res] of Object.entries(productionAnswers)) {
      expect(res.headers['strict-transport-security'], name).toBe(HSTS);
      expect(res.headers['x-content-type-options'], name).toBe('nosniff');
    }
  });
});
