import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chunkGroups } from './vite.chunks.ts';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats; images, fonts (woff2) and archives are compressed already. */
const COMPRESSIBLE_FILE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map|ico)$/;

/**
 * docs/architecture.md §9 (Web): every compressible file of the build gets a `.br` and a `.gz` copy,
 * made once here at the highest settings (too slow to do per request), which the server
 * sends as they are (src/server/web.ts, @fastify/static `preCompressed`). A copy that is
 * not smaller than the file is not written: the server then sends the file itself.
 */
function precompress(): Plugin {
  let buildDir = outDir;
  return {
    name: 'revdesk:precompress',
    apply: 'build',
    configResolved(config) {
      buildDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = await readdir(buildDir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE_FILE.test(entry.name))
        // The server writes the pages per answer with their CSP nonce (ADR 0014): no copy of them.
        .filter((entry) => !(entry.name.endsWith('.html') && entry.parentPath === buildDir))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          const [br, gz] = await Promise.all([
            brotliCompress(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * The web app: `src/web/index.html` is the entry (and `sign-in.html`, the sign-in page on its own); the build lands in `dist/web`, which the
 * server serves with an SPA fallback. In development `/api` goes to the server on port 3000.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    // docs/architecture.md §9: a signed-in page's first load stays under 300 KB of brotli JS + CSS; the
    // packages only signed-in pages use are one chunk of about 540 kB (130 KB brotli).
    // Warn before that chunk alone could break the budget.
    chunkSizeWarningLimit: 700,
    // Every browser RevDesk supports preloads modules itself: no polyfill script on every page.
    modulePreload: { polyfill: false },
    // A few chunks by when their code is first needed, not one per set of sharing routes.
    rolldownOptions: {
      // Two pages: the app, and the sign-in page on its own (src/web/signInEntry.tsx), which
      // the server sends for the sign-in paths (src/server/web.ts).
      input: {
        index: path.join(webRoot, 'index.html'),
        'sign-in-page': path.join(webRoot, 'sign-in.html'),
        // The public checks (/verify/…) on their own (src/web/verifyEntry.tsx, ADR 0032).
        'verify-page': path.join(webRoot, 'verify.html'),
      },
      output: { codeSplitting: { groups: chunkGroups(webRoot) } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: { port: 4173 },
});
