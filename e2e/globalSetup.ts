import { buildWebIfStale } from '../src/server/cli/webBuild';

/** Each worker starts its own server (server.ts); the web app they serve is built once, here. */
export default function globalSetup(): void {
  buildWebIfStale(process.cwd(), process.env.E2E_WEB_DIR ?? 'dist/web');
}
