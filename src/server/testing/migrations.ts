import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, type Database, openDatabase } from '../db/client';
import { createEmptyDatabase } from './instances';
import './provided';

/**
 * A database as it was before a migration, for the tests of a migration that moves data
 * (drizzle/README.md): drizzle's migrator applies what `meta/_journal.json` lists, so a copy
 * of drizzle/ whose journal stops early migrates a database only that far. Opening it with
 * openDatabase and calling migrate() then applies the rest, as a deployment would: the
 * migrator skips those already recorded in drizzle.__drizzle_migrations.
 */

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

type JournalEntry = { idx: number; tag: string; when: number };
type Journal = { entries: JournalEntry[] } & Record<string, unknown>;

function readJournal(): Journal {
  return JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'));
}

/**
 * The tag of the migration just before the one whose tag ends with `name` (e.g.
 * `payment_subjects`), found by name so that a renumbering at merge keeps the test right.
 */
function tagBefore(name: string): string {
  const entries = readJournal().entries;
  const at = entries.findIndex((e) => e.tag.endsWith(`_${name}`));
  const before = entries[at - 1];
  if (at < 0) throw new Error(`No migration is named ${name}`);
  if (!before) throw new Error(`Migration ${name} is the first`);
  return before.tag;
}

/** A copy of drizzle/ that migrates up to `tag` included; remove() deletes it. */
function foldersUpTo(tag: string): { folder: string; remove(): void } {
  const journal = readJournal();
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`No migration has the tag ${tag}`);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'revdesk-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const upTo = { ...journal, entries: journal.entries.slice(0, at + 1) };
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify(upTo));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** Migrates an empty PGlite or PostgreSQL database up to `tag` included. */
async function migrateUpTo(
  target: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; client: pg.Client },
  tag: string,
): Promise<void> {
  const { folder, remove } = foldersUpTo(tag);
  try {
    if (target.kind === 'pglite') {
      await migratePglite(drizzlePglite(target.client), { migrationsFolder: folder });
    } else {
      await migrateNodePg(drizzleNodePg(target.client), { migrationsFolder: folder });
    }
  } finally {
    remove();
  }
}

/** Runs one SQL statement on the half-migrated database, PGlite's or pg's client alike. */
export type RunSql = (query: string, params?: unknown[]) => Promise<unknown>;

export type DatabaseBeforeMigration = { database: Database; cleanUp(): Promise<void> };

/**
 * A database of this run's kind (PGlite, or PostgreSQL when TEST_DATABASE_URL is set) migrated
 * up to the migration just before the one named `name` (`payment_subjects`), with the rows
 * `writeOldRows` writes in the columns of that time. The test then calls
 * `database.migrate()` to apply the rest as a deployment would, and `cleanUp()` at the end.
 */
export async function databaseBeforeMigration(
  name: string,
  writeOldRows: (run: RunSql) => Promise<void>,
): Promise<DatabaseBeforeMigration> {
  const before = tagBefore(name);
  if (inject('testDatabaseKind') === 'pglite') {
    const client = await createPglite();
    await migrateUpTo({ kind: 'pglite', client }, before);
    await writeOldRows((query, params) => client.query(query, params));
    return { database: await openDatabase({ kind: 'pglite', client }), cleanUp: async () => {} };
  }
  const empty = await createEmptyDatabase(
    inject('postgresUrl'),
    `revdesk_before_${name}_${process.pid}_${Date.now()}`,
  );
  const client = new pg.Client({ connectionString: empty.url });
  await client.connect();
  try {
    await migrateUpTo({ kind: 'postgres', client }, before);
    await writeOldRows((query, params) => client.query(query, params));
  } finally {
    await client.end();
  }
  return {
    database: await openDatabase({ kind: 'postgres', url: empty.url, poolSize: 3 }),
    cleanUp: () => empty.drop(),
  };
}
