/**
 * `npm run lint:api`: builds the app on an in-memory PGlite, writes the OpenAPI document it
 * serves at /api/openapi.json to a temporary file and runs Redocly's `recommended` rules on it
 * (redocly.yaml says which rules are turned down, and why). Exit code: Redocly's.
 *
 * `--out <file>` keeps the document there instead of a temporary file.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createPglite, openDatabase } from '../db/client';

async function writeDocument(file: string): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED: 'none',
    DATA_DIR: '/nonexistent',
    // The demo-only simulator routes are hidden from the document; mount them to prove it.
    SIMULATORS: 'on',
  });
  // The document needs the routes, not the data: no migrations, nothing written.
  const database = await openDatabase({ kind: 'pglite', client: await createPglite() });
  const app = await buildApp({ config, database, runJobs: false });
  try {
    await app.ready();
    writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
  } finally {
    await app.close();
    await database.close();
  }
}

async function main(): Promise<number> {
  const outIndex = process.argv.indexOf('--out');
  const keep = outIndex > 0 ? process.argv[outIndex + 1] : undefined;
  const folder = keep ? null : mkdtempSync(path.join(tmpdir(), 'revdesk-openapi-'));
  const file = keep ?? path.join(folder as string, 'openapi.json');
  try {
    await writeDocument(file);
    const redocly = path.resolve('node_modules/.bin/redocly');
    const lint = spawnSync(redocly, ['lint', '--config', 'redocly.yaml', file], {
      stdio: 'inherit',
      // A lint in CI reports nothing to Redocly and asks no registry for a newer version.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    return lint.status ?? 2;
  } finally {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(2);
  },
);
