import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { appCsp, newCspNonce } from './security/headers';

/** find-my-way's default: a path parameter longer than this matches no route. */
const ROUTER_MAX_PARAM_LENGTH = 100;

/** RevDesk is a back office: no search engine has anything to index in it. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

const NONCE = '{{csp-nonce}}';

/** The sign-in page on its own, and the paths it answers (docs/product.md §2). */
const SIGN_IN_PAGE = 'sign-in.html';
const SIGN_IN_PATHS = new Set(['/auth/login', '/account/login', '/auth/login/', '/account/login/']);

/** The public checks on their own (src/web/verifyEntry.tsx, ADR 0032), for /verify/…. */
const VERIFY_PAGE = 'verify.html';
const isVerifyPath = (pathname: string) => pathname.startsWith('/verify/');

/**
 * index.html made ready for a nonce per answer (ADR 0014): a `csp-nonce` meta tag that
 * src/web/main.tsx hands to Mantine for the <style> tags it injects, and the nonce on any
 * inline <script> or <style> the build left in the page. `{{csp-nonce}}` marks where it goes.
 */
export function indexTemplate(html: string): string {
  return html
    .replace(/<head([^>]*)>/i, `<head$1><meta name="csp-nonce" content="${NONCE}">`)
    .replace(/<(script|style)\b(?![^>]*\bnonce=)/gi, `<$1 nonce="${NONCE}"`);
}

/**
 * True when the path's last segment names a file (`/wp-login.php`, `/x.env`, `/.env`). No route
 * of the web app has a dot in its last segment (src/web/router.tsx: receipt numbers hold
 * slashes and digits, BTINs digits), so such a path that is not a built file is simply missing.
 */
export function namesAFile(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return lastSegment.includes('.');
}

/**
 * The built web app and what surrounds it: /robots.txt, the files of `webDir` (with the brotli
 * and gzip copies the build made, see vite.config.ts), the SPA fallback for the app's routes,
 * and 404 for everything else. Register after every API route: the not-found handler here
 * also answers unknown API paths in the error shape.
 */
export async function serveWebApp(app: FastifyInstance, { webDir }: { webDir: string }) {
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(ROBOTS_TXT),
  );

  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // docs/architecture.md §9: answer with the .br or .gz copy the browser accepts (Content-Encoding
      // and Vary: Accept-Encoding set by the plugin); the copies are not routes of their own.
      preCompressed: true,
      // The pages are written per answer, with their nonce (sendPage below).
      globIgnore: ['**/*.br', '**/*.gz', 'robots.txt', 'index.html', SIGN_IN_PAGE, VERIFY_PAGE],
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset's name: they never change, so cache them a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  /**
   * The page, with a fresh nonce in it and in its CSP. It names the current assets: always
   * revalidated, and read again each time (about 1 KB) so a rebuild is served at once, as the
   * assets are. Compressed on the fly (compression.ts): a page with a nonce has no stored copy.
   * The sign-in paths get the sign-in page on its own, which loads no router (docs/architecture.md §9 "Web",
   * src/web/signInEntry.tsx); a build without it (an older one) falls back to the app's page.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?', 1)[0] ?? '';
    const page =
      SIGN_IN_PATHS.has(pathname) && existsSync(path.join(webDir, SIGN_IN_PAGE))
        ? SIGN_IN_PAGE
        : isVerifyPath(pathname) && existsSync(path.join(webDir, VERIFY_PAGE))
          ? VERIFY_PAGE
          : 'index.html';
    const template = indexTemplate(await readFile(path.join(webDir, page), 'utf8'));
    const nonce = newCspNonce();
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', appCsp(nonce))
      .send(template.replaceAll(NONCE, nonce));
  }

  /**
   * GET and HEAD of any other path. Unknown API paths answer in the error shape; a path that
   * names a file (`/wp-login.php`, `/.env`) is not a built file and not an app route: the app's
   * HTML with a 200 would tell a scanner there is something here, and a browser nothing useful.
   * The web app routes every other path itself (docs/product.md §2: unknown paths go to /error).
   */
  async function answerUnknownPath(request: FastifyRequest, reply: FastifyReply) {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    // The router gives up on a segment past its maxParamLength and this catch-all answers
    // instead: say what is wrong with the address, as the router would have (errors.ts).
    const path = request.url.split('?', 1)[0] ?? '';
    if (isApi && path.split('/').some((segment) => segment.length > ROUTER_MAX_PARAM_LENGTH)) {
      throw new AppError('URI_TOO_LONG', 'A part of the address is too long.');
    }
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError(
        'NOT_FOUND',
        `No API route ${request.method} ${request.url.split('?')[0]}.`,
      );
    }
    if (namesAFile(request.url) && request.url.split('?', 1)[0] !== '/index.html') {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send('Not found');
    }
    if (!hasWeb) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The RevDesk web app is not built. Run `npm run build` (npm start does it for you).');
    }
    return sendPage(request, reply);
  }

  // A route rather than only the not-found handler: routes get on-the-fly compression.
  app.get('/*', { schema: { hide: true } }, answerUnknownPath);
  app.setNotFoundHandler(answerUnknownPath);
}
