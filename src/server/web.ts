import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/** The web app's policy: its own scripts only, inline styles for Mantine, no framing. */
export const APP_CSP =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/** A plain-text answer runs nothing and loads nothing. */
const NOTHING_CSP = "default-src 'none'; frame-ancestors 'none'";

/** RevDesk is a back office: no search engine has anything to index in it. */
export const ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';

/** index.html and its brotli and gzip copies. */
const HTML_FILE = /\.html(?:\.br|\.gz)?$/;

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
      .header('content-security-policy', NOTHING_CSP)
      .send(ROBOTS_TXT),
  );

  const hasWeb = existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // DESIGN.md §9: answer with the .br or .gz copy the browser accepts (Content-Encoding
      // and Vary: Accept-Encoding set by the plugin); the copies are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz', 'robots.txt'],
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset's name: they never change, so cache them a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
        // The page names the current assets: always revalidate it, and guard it with the CSP.
        if (HTML_FILE.test(filePath)) {
          res.header('cache-control', 'no-cache');
          res.header('content-security-policy', APP_CSP);
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError(
        'NOT_FOUND',
        `No API route ${request.method} ${request.url.split('?')[0]}.`,
      );
    }
    // `/wp-login.php`, `/.env`: not a built file and not an app route. The app's HTML with a
    // 200 would tell a scanner there is something here, and a browser nothing useful.
    if (namesAFile(request.url)) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('content-security-policy', NOTHING_CSP)
        .send('Not found');
    }
    if (!hasWeb) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The RevDesk web app is not built. Run `npm run build` (npm start does it for you).');
    }
    // The web app routes every other path itself (SPEC.md §2: unknown paths go to /error).
    // setHeaders above adds the CSP and no-cache; the compressed copy is chosen as for any file.
    return reply.sendFile('index.html');
  });
}
