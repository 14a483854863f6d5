import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  constants,
  gunzipSync,
  gzipSync,
} from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCsp } from './security/headers';
import { createTestContext, type TestContext } from './testing/context';
import { indexTemplate, ROBOTS_TXT } from './web';

/**
 * A fake build, written here rather than built: index.html, sign-in.html and one hashed asset,
 * each with the .br and .gz copies vite.config.ts makes, plus an image the build would leave alone.
 */
const INDEX_HTML = `<!doctype html><html lang="en"><head><title>RevDesk</title>${'<!-- padding -->'.repeat(80)}</head><body><div id="root"></div></body></html>`;
const SIGN_IN_HTML = `<!doctype html><html lang="en"><head><title>Sign in · RevDesk</title>${'<!-- sign-in -->'.repeat(80)}</head><body><div id="root"></div></body></html>`;
const VERIFY_HTML = `<!doctype html><html lang="en"><head><title>Verify a document</title>${'<!-- verify -->'.repeat(80)}</head><body><div id="root"></div></body></html>`;
const APP_JS = `export const greeting = ${JSON.stringify('Sign in to RevDesk. '.repeat(80))};\n`;

/**
 * The copies, made so that they differ from what @fastify/compress would make on the fly
 * (brotli quality 4, gzip level 6): a test that finds these exact bytes knows the copy was sent.
 */
function copies(text: string) {
  return {
    br: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gz: gzipSync(text, { level: 1 }),
  };
}

let webDir: string;
let ctx: TestContext & { close(): Promise<void> };

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'revdesk-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  const write = (name: string, text: string) => {
    const file = path.join(webDir, name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, copies(text).br);
    writeFileSync(`${file}.gz`, copies(text).gz);
  };
  write('index.html', INDEX_HTML);
  write('sign-in.html', SIGN_IN_HTML);
  write('verify.html', VERIFY_HTML);
  write('assets/app-Ab12Cd34.js', APP_JS);
  writeFileSync(path.join(webDir, 'assets', 'logo-Ef56Gh78.png'), Buffer.from([0x89, 0x50, 0x4e]));
  ctx = await createTestContext({ webDir });
});

afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('built files go out pre-compressed (docs/architecture.md §9)', () => {
  const ASSET = '/assets/app-Ab12Cd34.js';

  it('the fake copies are not what on-the-fly compression would send', () => {
    for (const text of [APP_JS, INDEX_HTML]) {
      const onTheFly = {
        br: brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
        gz: gzipSync(text),
      };
      expect(copies(text).br.equals(onTheFly.br)).toBe(false);
      expect(copies(text).gz.equals(onTheFly.gz)).toBe(false);
    }
  });

  it('sends the brotli copy to a browser that accepts it, the gzip one otherwise', async () => {
    const br = await get(ASSET, 'gzip, deflate, br, zstd');
    expect(br.rawPayload.equals(copies(APP_JS).br)).toBe(true);
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(APP_JS);

    const gzip = await get(ASSET, 'gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(copies(APP_JS).gz)).toBe(true);
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(APP_JS);
  });

  it('sends the file itself to a client that accepts no encoding, still saying it varies', async () => {
    const plain = await get(ASSET);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(APP_JS);
  });

  it('leaves an image alone', async () => {
    const png = await get('/assets/logo-Ef56Gh78.png', 'br, gzip');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect([...png.rawPayload]).toEqual([0x89, 0x50, 0x4e]);
  });

  it('does not serve the compressed copies under their own names', async () => {
    expect((await get(`${ASSET}.br`)).statusCode).toBe(404);
    expect((await get('/index.html.gz')).statusCode).toBe(404);
  });
});

/** The nonce a served page carries in its meta tag; its CSP must name the same one. */
function nonceOf(html: string): string {
  const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(html)?.[1];
  if (!nonce) throw new Error(`no csp-nonce meta tag in ${html.slice(0, 200)}`);
  return nonce;
}

describe("the app's routes load the app (the sign-in paths the sign-in page, /verify/… the checks' page), compressed, with its CSP", () => {
  it.each([
    ['/birs/dashboard', INDEX_HTML],
    ['/auth/login?returnUrl=%2Fbirs%2Ftaxpayer%2F1234567890', SIGN_IN_HTML],
    ['/account/login', SIGN_IN_HTML],
    ['/error/500', INDEX_HTML],
    // The public checks are a page of their own (ADR 0032), old number addresses included.
    ['/verify/receipt/K7MX93QDPA', VERIFY_HTML],
    ['/verify/receipt/BIRS/2026/0000001', VERIFY_HTML],
    ['/verify/tcc/K7MX93QDPA', VERIFY_HTML],
    ['/governor/dashboard', INDEX_HTML],
    ['/', INDEX_HTML],
  ])('%s', async (url, page) => {
    const res = await get(url, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // Compressed on the fly: a page with its own nonce has no stored copy.
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    const nonce = nonceOf(html);
    expect(res.headers['content-security-policy']).toBe(appCsp(nonce));
    expect(html).toBe(indexTemplate(page).replaceAll('{{csp-nonce}}', nonce));
  });

  it('the sign-in page is not served under its own name', async () => {
    expect((await get('/sign-in.html')).statusCode).toBe(404);
    expect((await get('/sign-in.html.br')).statusCode).toBe(404);
  });

  it('gives every answer its own nonce, in the page and in the CSP', async () => {
    const [first, second] = [await get('/'), await get('/')];
    const [a, b] = [nonceOf(first.body), nonceOf(second.body)];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${a}'`);
    expect(second.headers['content-security-policy']).toContain(`'nonce-${b}'`);
  });

  it('/index.html itself is the same page', async () => {
    const res = await get('/index.html');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe(appCsp(nonceOf(res.body)));
  });
});

describe('indexTemplate', () => {
  it('adds the meta tag, and a nonce to inline scripts and styles that have none', () => {
    const built =
      '<html><head lang="en"><style>a{}</style><script type="module" src="/a.js"></script>' +
      '<script nonce="x">1</script></head></html>';
    expect(indexTemplate(built)).toBe(
      '<html><head lang="en"><meta name="csp-nonce" content="{{csp-nonce}}">' +
        '<style nonce="{{csp-nonce}}">a{}</style>' +
        '<script nonce="{{csp-nonce}}" type="module" src="/a.js"></script>' +
        '<script nonce="x">1</script></head></html>',
    );
  });
});

describe('robots.txt and paths that are neither a route nor a file', () => {
  it('GET /robots.txt asks every crawler to stay out', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('User-agent: *\nDisallow: /\n');
    expect(res.body).toBe(ROBOTS_TXT);
  });

  it.each(['/wp-login.php', '/x.env', '/.env', '/foo/bar.asp', '/assets/missing-X1.js'])(
    '%s answers 404, not the app',
    async (url) => {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toBe('Not found');
    },
  );

  it('an unknown API path keeps its JSON error, whatever its extension', async () => {
    const res = await get('/api/v1/nothing.php');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });
});
