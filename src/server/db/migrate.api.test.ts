import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createEmptyDatabase } from '../testing/instances';
import '../testing/provided';
import { MIGRATION_LOCK_KEY, openDatabase } from './client';

/**
 * Migrations wait for the advisory lock another instance holds (docs/deploy.md §5, ADR 0016).
 * PostgreSQL only: PGlite is one process's database and takes no lock.
 */
describe.skipIf(inject('testDatabaseKind') !== 'postgres')('migrate on PostgreSQL', () => {
  let database: { url: string; drop(): Promise<void> };
  let other: pg.Client;

  beforeAll(async () => {
    database = await createEmptyDatabase(
      inject('postgresUrl'),
      `revdesk_migrate_${process.pid}_${Date.now()}`,
    );
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
  });

  afterAll(async () => {
    await other?.end();
    await database?.drop();
  });

  async function hasMigrationsTable(): Promise<boolean> {
    const { rows } = await other.query<{ present: boolean }>(
      "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
    );
    return rows[0]?.present ?? false;
  }

  it('waits while another instance holds the lock, then migrates and lets go of it', async () => {
    // "Another instance" in the middle of its migrations.
    await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    const instance = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
    const migrating = instance.migrate();

    // Wait until its request for the lock is queued behind ours (pg_locks shows it not granted;
    // pg_locks covers the whole server, so only this test's own database counts).
    let isWaiting = false;
    for (let look = 0; look < 200 && !isWaiting; look += 1) {
      const { rows } = await other.query<{ waiting: number }>(
        "select count(*)::int as waiting from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database()) and not granted and pid <> pg_backend_pid()",
      );
      isWaiting = (rows[0]?.waiting ?? 0) > 0;
      if (!isWaiting) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(isWaiting).toBe(true);
    expect(await hasMigrationsTable()).toBe(false);

    await other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    await migrating;
    expect(await hasMigrationsTable()).toBe(true);

    // Released: a second run takes the lock at once and finds nothing left to apply.
    const before = await other.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await instance.migrate();
    const after = await other.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(after.rows[0]).toEqual(before.rows[0]);
    const { rows: held } = await other.query<{ n: number }>(
      "select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())",
    );
    expect(held[0]?.n).toBe(0);
    await instance.close();
  });
});
