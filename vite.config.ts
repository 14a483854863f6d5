import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/**
 * The web app: `src/web/index.html` is the entry; the build lands in `dist/web`, which the
 * server serves with an SPA fallback. In development `/api` goes to the server on port 3000.
 */
export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: true,
    // DESIGN.md §9: the sign-in page's first load stays under 250 KB of gzipped JS; route
    // chunks load on demand. Warn well before a single chunk could break that budget.
    chunkSizeWarningLimit: 400,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: { port: 4173 },
});
