import { mkdirSync } from 'node:fs';
import type { Config } from '../config';
import { type Database, openDatabase } from './client';

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite under DATA_DIR/pglite. */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  mkdirSync(config.pgliteDir, { recursive: true });
  return openDatabase({ kind: 'pglite', dataDir: config.pgliteDir });
}
