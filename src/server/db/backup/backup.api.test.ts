import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Config, loadConfig } from '../../config';
import { createDatabaseFileStore } from '../../files/store';
import { createSimulators } from '../../integrations/simulators';
import { openConfiguredDatabase } from '../open';
import { seedAllDemoData } from '../seed/all';
import { BackupError, type Manifest } from './archive';
import { backup, restore } from './backup';
import { assertDataDirFree, DataDirInUseError, LOCK_FILE } from './dataDirLock';
import { takeInventory } from './inventory';
import '../../testing/provided';

/**
 * `npm run backup` / `restore` on the demo data: back up, destroy, restore, and find it equal
 * (every table's rows, the uploaded files, the audit chain intact with the same head, DATA_DIR's keys).
 * PGlite through its data-directory dump; PostgreSQL through pg_dump/pg_restore.
 */
const kind = inject('testDatabaseKind');
const SEED_TIMEOUT = 240_000;
const PHOTO = Buffer.from('not really a jpeg, but bytes that must come back');

let root: string;
let config: Config;
let manifest: Manifest;
let folder: string;
let postgresName: string | null = null;

function adminUrl(database: string): string {
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'revdesk-backup-'));
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED: 'demo',
    SIMULATORS: 'on',
    DATA_DIR: path.join(root, 'data'),
  };
  if (kind === 'postgres') {
    postgresName = `${inject('postgresTemplate')}_backup_${process.pid}`;
    await adminQuery(`create database ${postgresName}`);
    env.DATABASE_URL = adminUrl(postgresName);
  }
  config = loadConfig(env);
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    await seedAllDemoData(database.db, config, createSimulators(config));
    await createDatabaseFileStore(database.db).put('photos/demo-photo.jpg', PHOTO);
  } finally {
    await database.close();
  }
  ({ folder, manifest } = await backup(config, {
    outDir: path.join(root, 'backups'),
    version: 'test',
  }));
}, SEED_TIMEOUT);

afterAll(async () => {
  if (postgresName) await adminQuery(`drop database if exists ${postgresName} with (force)`);
  rmSync(root, { recursive: true, force: true });
});

/** Destroys the database and DATA_DIR the way a lost disk or a dropped database would. */
async function destroy(): Promise<void> {
  rmSync(config.dataDir, { recursive: true, force: true });
  if (postgresName) {
    await adminQuery(`drop database ${postgresName} with (force)`);
    await adminQuery(`create database ${postgresName}`);
  }
}

describe(`backup and restore of the demo data (${kind})`, () => {
  it('records what it holds: every table, the migrations, the audit chain and the files', () => {
    expect(manifest.database).toBe(kind);
    expect(manifest.inventory.tables.taxpayers).toBeGreaterThan(2000);
    expect(manifest.inventory.tables.payments).toBeGreaterThan(100);
    expect(manifest.inventory.tables.tccs).toBeGreaterThan(0);
    expect(manifest.inventory.audit.intact).toBe(true);
    expect(manifest.inventory.audit.rows).toBeGreaterThan(100);
    const paths = manifest.files.map((f) => f.path);
    expect(paths).toContain(manifest.databaseFile);
    expect(paths).toContain('data/secrets.key');
    expect(paths).not.toContain(`data/${LOCK_FILE}`);
  });

  it('brings everything back after the data is destroyed', async () => {
    const secretsKey = readFileSync(config.secretsKeyFile);
    await destroy();
    await restore(config, { from: folder });

    const database = await openConfiguredDatabase(config);
    try {
      const inventory = await takeInventory(database.db);
      expect(inventory).toEqual(manifest.inventory);
      expect(inventory.audit.intact).toBe(true);
      expect(await createDatabaseFileStore(database.db).get('photos/demo-photo.jpg')).toEqual(
        PHOTO,
      );
    } finally {
      await database.close();
    }
    expect(readFileSync(config.secretsKeyFile)).toEqual(secretsKey);
  });

  it('refuses to restore over data unless told to, and then keeps what was there', async () => {
    await expect(restore(config, { from: folder })).rejects.toThrow(
      kind === 'pglite' ? /already holds data/ : /already holds RevDesk tables/,
    );
    const result = await restore(config, { from: folder, force: true });
    if (kind === 'pglite') {
      expect(result.movedAside).toMatch(/\.replaced-/);
      rmSync(result.movedAside as string, { recursive: true, force: true });
    }
  });

  it('refuses a damaged backup before touching anything', async () => {
    const damaged = path.join(root, 'damaged');
    cpSync(folder, damaged, { recursive: true });
    const file = path.join(damaged, manifest.databaseFile);
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length / 2);
    bytes.writeUInt8((bytes.readUInt8(middle) + 1) % 256, middle);
    writeFileSync(file, bytes);
    await expect(restore(config, { from: damaged, force: true })).rejects.toThrow(
      new BackupError(
        `The backup is damaged: ${manifest.databaseFile} is not the file that was backed up.`,
      ),
    );
    rmSync(path.join(damaged, 'manifest.json'));
    await expect(restore(config, { from: damaged })).rejects.toThrow(/is not a RevDesk backup/);
  });

  it('refuses a backup of the other kind of database', async () => {
    const other = loadConfig(
      kind === 'pglite'
        ? {
            NODE_ENV: 'test',
            DATA_DIR: config.dataDir,
            DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
          }
        : { NODE_ENV: 'test', DATA_DIR: path.join(root, 'other') },
    );
    await expect(restore(other, { from: folder })).rejects.toThrow(/This backup is of/);
  });
});

describe.runIf(kind === 'pglite')('the embedded database is one process’s', () => {
  it('refuses a backup while another RevDesk holds DATA_DIR, and takes over a dead one’s claim', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    try {
      writeFileSync(path.join(config.dataDir, LOCK_FILE), `${other.pid}\n`);
      expect(() => assertDataDirFree(config.dataDir)).toThrow(DataDirInUseError);
      await expect(
        backup(config, { outDir: path.join(root, 'refused'), version: 'test' }),
      ).rejects.toThrow(`RevDesk (process ${other.pid}) is using the embedded database`);
      // A backup that could not be made leaves no half folder behind.
      expect(readdirSync(path.join(root, 'refused'))).toEqual([]);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    expect(() => assertDataDirFree(config.dataDir)).not.toThrow();
    const again = await backup(config, { outDir: path.join(root, 'again'), version: 'test' });
    expect(again.manifest.inventory).toEqual(manifest.inventory);
  });
});
