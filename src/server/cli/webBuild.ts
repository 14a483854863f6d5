/**
 * The built web app is rebuilt when it is missing or older than its sources: `npm start` does
 * it before the server starts, and the browser tests before their servers start (docs/architecture.md §7).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestChange(root: string, target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestChange(root, path.join(target, entry.name)));
  }
  return newest;
}

function webBuildIsStale(root: string, webDir: string): boolean {
  const builtIndex = path.join(webDir, 'index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((s) => newestChange(root, s) > builtAt);
}

/** Builds the web app into `webDir` (relative to `root`) unless its build is up to date. */
export function buildWebIfStale(root: string, webDir: string): void {
  const outDir = path.resolve(root, webDir);
  if (!webBuildIsStale(root, outDir)) return;
  console.log('Building the web app (first start, or its sources changed)…');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      outDir,
    ],
    { stdio: 'inherit', cwd: root },
  );
}
