import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../../config';
import { createPglite, type Db, openDatabase } from '../client';
import * as schema from '../schema';
import {
  BackupError,
  copyDataDir,
  DATA_COPY,
  MANIFEST_FORMAT,
  type Manifest,
  newBackupFolder,
  readVerifiedManifest,
  writeManifest,
} from './archive';
import { assertDataDirFree, claimDataDir, LOCK_FILE } from './dataDirLock';
import { type Inventory, inventoryDifferences, rowsOf, takeInventory } from './inventory';

/**
 * `npm run backup` / `npm run restore` (docs/deploy.md "Backups"): the embedded database as
 * PGlite's dump of its data directory, PostgreSQL through pg_dump/pg_restore in one snapshot
 * with the inventory; DATA_DIR's files beside either. A restore checks every file's checksum
 * first and the restored database against the inventory last.
 */
const run = promisify(execFile);
const PGLITE_FILE = 'database.tar.gz';
const POSTGRES_FILE = 'database.dump';

export type BackupOptions = { outDir: string; version: string; now?: Date };
export type RestoreOptions = { from: string; force?: boolean; now?: Date };
export type RestoreResult = { manifest: Manifest; movedAside: string | null };

export async function backup(
  config: Config,
  options: BackupOptions,
): Promise<{ folder: string; manifest: Manifest }> {
  const now = options.now ?? new Date();
  if (!config.databaseUrl && !existsSync(path.join(config.pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${config.dataDir} to back up.`);
  }
  const folder = newBackupFolder(options.outDir, now);
  try {
    const manifest = config.databaseUrl
      ? await backupPostgres(config, options, now, folder)
      : await backupEmbedded(config, options, now, folder);
    return { folder, manifest };
  } catch (err) {
    // Half a backup must not sit beside the good ones looking like one.
    rmSync(folder, { recursive: true, force: true });
    throw err;
  }
}

export async function restore(config: Config, options: RestoreOptions): Promise<RestoreResult> {
  const manifest = readVerifiedManifest(path.resolve(options.from));
  const wanted = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== wanted) {
    throw new BackupError(
      manifest.database === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to the database to restore it into.'
        : 'This backup is of the embedded database: unset DATABASE_URL to restore it under DATA_DIR.',
    );
  }
  return config.databaseUrl
    ? restorePostgres(config, manifest, options)
    : restoreEmbedded(config, manifest, options);
}

async function backupEmbedded(
  config: Config,
  options: BackupOptions,
  now: Date,
  folder: string,
): Promise<Manifest> {
  const release = claimDataDir(config.dataDir);
  try {
    const client = await createPglite({ dataDir: config.pgliteDir });
    const database = await openDatabase({ kind: 'pglite', client });
    let inventory: Inventory;
    try {
      inventory = await takeInventory(database.db);
      const dump = await client.dumpDataDir('gzip');
      writeFileSync(path.join(folder, PGLITE_FILE), Buffer.from(await dump.arrayBuffer()), {
        mode: 0o600,
      });
    } finally {
      await database.close();
    }
    copyDataDir(config.dataDir, folder, [path.basename(config.pgliteDir), LOCK_FILE]);
    return writeManifest(folder, header('pglite', PGLITE_FILE, inventory, options, now));
  } finally {
    release();
  }
}

async function backupPostgres(
  config: Config,
  options: BackupOptions,
  now: Date,
  folder: string,
): Promise<Manifest> {
  const url = config.databaseUrl as string;
  // The inventory and pg_dump read one snapshot, so the counts describe exactly what is dumped
  // while RevDesk keeps serving.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id'))
      .rows[0]?.id;
    const inventory = await takeInventory(drizzleNodePg(client, { schema }) as unknown as Db);
    await pgTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--snapshot=${snapshot}`,
      `--file=${path.join(folder, POSTGRES_FILE)}`,
      `--dbname=${url}`,
    ]);
    await client.query('commit');
    copyDataDir(config.dataDir, folder, [path.basename(config.pgliteDir), LOCK_FILE]);
    return writeManifest(folder, header('postgres', POSTGRES_FILE, inventory, options, now));
  } finally {
    await client.end();
  }
}

function header(
  database: Manifest['database'],
  databaseFile: string,
  inventory: Inventory,
  options: BackupOptions,
  now: Date,
): Omit<Manifest, 'files'> {
  return {
    format: MANIFEST_FORMAT,
    createdAt: now.toISOString(),
    revdeskVersion: options.version,
    database,
    databaseFile,
    inventory,
  };
}

/** Moves a DATA_DIR that holds anything aside (with --force), so nothing is ever overwritten. */
function clearDataDir(dataDir: string, force: boolean, now: Date): string | null {
  if (!existsSync(dataDir)) return null;
  const present = readdirSync(dataDir).filter((name) => name !== LOCK_FILE);
  if (present.length === 0) return null;
  if (!force) {
    throw new BackupError(
      `${dataDir} already holds data (${present.join(', ')}). Run the restore again with --force to move it aside first.`,
    );
  }
  const aside = `${dataDir}.replaced-${now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}`;
  renameSync(dataDir, aside);
  return aside;
}

async function restoreEmbedded(
  config: Config,
  manifest: Manifest,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const from = path.resolve(options.from);
  assertDataDirFree(config.dataDir);
  const movedAside = clearDataDir(
    config.dataDir,
    options.force ?? false,
    options.now ?? new Date(),
  );
  mkdirSync(config.dataDir, { recursive: true });
  const release = claimDataDir(config.dataDir);
  try {
    cpSync(path.join(from, DATA_COPY), config.dataDir, { recursive: true });
    const dump = readFileSync(path.join(from, manifest.databaseFile));
    const client = await createPglite({ dataDir: config.pgliteDir, loadDataDir: new Blob([dump]) });
    const database = await openDatabase({ kind: 'pglite', client });
    try {
      assertSameInventory(manifest.inventory, await takeInventory(database.db));
    } finally {
      await database.close();
    }
    return { manifest, movedAside };
  } finally {
    release();
  }
}

async function restorePostgres(
  config: Config,
  manifest: Manifest,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const url = config.databaseUrl as string;
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
  try {
    const [tables] = await rowsOf<{ n: string | number }>(
      database.db,
      sql`select count(*) as n from information_schema.tables where table_schema = 'public'`,
    );
    if (Number(tables?.n ?? 0) > 0 && !options.force) {
      throw new BackupError(
        'The database in DATABASE_URL already holds RevDesk tables. Stop every RevDesk instance, then run the restore again with --force to replace them.',
      );
    }
    await pgTool('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      path.join(path.resolve(options.from), manifest.databaseFile),
    ]);
    mkdirSync(config.dataDir, { recursive: true });
    cpSync(path.join(path.resolve(options.from), DATA_COPY), config.dataDir, { recursive: true });
    assertSameInventory(manifest.inventory, await takeInventory(database.db));
    return { manifest, movedAside: null };
  } finally {
    await database.close();
  }
}

function assertSameInventory(expected: Inventory, actual: Inventory): void {
  const problems = inventoryDifferences(expected, actual);
  if (problems.length > 0) {
    throw new BackupError(
      `The restored database is not the one backed up:\n  ${problems.join('\n  ')}`,
    );
  }
}

async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const failure = err as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new BackupError(
        `${tool} is not installed here: install PostgreSQL's client tools (Debian: postgresql-client) of the server's major version or newer.`,
      );
    }
    throw new BackupError(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}
