import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase } from '../db/client';
import './provided';

/** Migrates one PGlite once and dumps it; every test file starts from a copy (docs/architecture.md §8). */
export async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-test-'));
  const client = await createPglite();
  const database = await openDatabase({ kind: 'pglite', client });
  await database.migrate();
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('testDatabaseKind', 'pglite');
  project.provide('pgliteTemplatePath', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
