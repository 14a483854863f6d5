/**
 * `npm start`: builds the web app when its build is missing or older than its sources, then
 * starts the server. A fresh clone needs nothing else (DESIGN.md §7).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const webDir = path.resolve(root, process.env.WEB_DIR ?? 'dist/web');
const builtIndex = path.join(webDir, 'index.html');
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestChange(target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestChange(path.join(target, entry.name)));
  }
  return newest;
}

function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return sources.some((s) => newestChange(s) > builtAt);
}

if (webBuildIsStale()) {
  console.log('Building the web app (first start, or its sources changed)…');
  execFileSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      webDir,
    ],
    {
      stdio: 'inherit',
    },
  );
}

await import('../main');
