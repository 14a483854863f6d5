import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';
import { sessionSettingsAsSql, withSessionSettings } from './sessionSettings';

/** The one database type the code is written against; a transaction is one too. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The connection pool's counts at this moment (pg's Pool), for the metrics (ADR 0015). */
export type PoolCounts = { total: number; idle: number; waiting: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Read when the metrics are scraped, so the pool itself stays here. Null on PGlite: one
   * connection inside the process, with no pool to count.
   */
  poolCounts(): PoolCounts | null;
};

const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * The advisory lock key every RevDesk instance takes around its migrations (docs/architecture.md §9 "Many
 * instances"): any fixed bigint no other application on the database uses; this one is the
 * ASCII of "RevDesk" read as a number.
 */
export const MIGRATION_LOCK_KEY = 0x52_65_76_44_65_73_6bn;

/**
 * Applies the migrations once however many instances start together: each holds a session-level
 * advisory lock on one dedicated connection while drizzle's migrator runs there. The first
 * migrates; the others wait on the lock and then find nothing left to apply. Without the lock
 * two instances on an empty database both read "nothing applied" and both run 0000 (one fails
 * on a duplicate object, or worse, half of a later one runs twice).
 */
async function migratePostgresOnce(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  let isLocked = false;
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    isLocked = true;
    await migrateNodePg(drizzleNodePg(connection), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    // A failed unlock (a dropped connection) releases the lock anyway: it is the session's.
    const unlock = isLocked
      ? connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()])
      : Promise.resolve();
    await unlock.then(
      () => connection.release(),
      (err: Error) => connection.release(err),
    );
  }
}

/**
 * What `close()` waits for after `pool.end()`: pg-pool's end() resolves once it has asked every
 * connection to end, before their sockets have closed. Whoever drops or stops the database right
 * after (the tests drop each file's copy `with (force)`, an operator stops PostgreSQL after a
 * shutdown) would otherwise terminate backends still saying goodbye, and their FATAL reaches the
 * pool's 'error' listener as if PostgreSQL had closed a live connection.
 */
function trackConnectionsClosing(pool: pg.Pool): () => Promise<void> {
  const open = new Set<Promise<void>>();
  pool.on('connect', (client) => {
    const ended = new Promise<void>((resolve) => client.once('end', () => resolve()));
    open.add(ended);
    void ended.then(() => open.delete(ended));
  });
  return async () => {
    await Promise.all(open);
  };
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; client: PGlite };

/**
 * A PGlite with the extensions the migrations create (pg_trgm for name search, btree_gin for
 * a payer name within MDAs), its one session set as every RevDesk connection is
 * (sessionSettings.ts). Every PGlite the app or the tests open goes through here.
 */
export async function createPglite(
  options: Omit<PGliteOptions, 'extensions'> = {},
): Promise<PGlite> {
  const client = await PGlite.create({ ...options, extensions: { pg_trgm, btree_gin } });
  await client.exec(sessionSettingsAsSql());
  return client;
}

/**
 * PGlite as the app uses it, one statement or transaction at a time with a turn of the event loop
 * between them. PGlite runs in this thread, and its own queue goes from one waiting statement to
 * the next without letting the event loop run: under a burst (a hundred copies of one Remita
 * notification) every socket and timer waited until the queue was empty, so an outgoing call's
 * answer lay unread while its timeout fired, and the burst was refused with 502 though Remita
 * had answered (1,000 queued statements held a 0 ms timer back for all of their 0.8 s; taking
 * turns, 40 ms). A statement called inside a transaction (on its `tx`) runs at once, as before;
 * one called outside waits for the transaction, as PGlite itself makes it wait.
 */
function takingTurns(client: PGlite): PGlite {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(run);
    last = next.catch(() => undefined);
    return next;
  };
  const queued = new Set<PropertyKey>(['query', 'exec', 'sql', 'transaction']);
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // PGlite's methods use its private fields: they are called on PGlite itself.
      const method = value as (...args: unknown[]) => unknown;
      if (!queued.has(property)) return method.bind(target);
      return (...args: unknown[]) => inTurn(async () => method.apply(target, args));
    },
  });
}

/** Opens PostgreSQL through `pg`, or PGlite (embedded) on a folder or an existing instance. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ ...withSessionSettings(target.url), max: target.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, pg_terminate_backend) is dropped
    // and replaced by the pool. Without a listener, node-postgres's 'error' event would crash
    // the whole process (found by the benchmark, which drops its database under the server).
    pool.on('error', (err) => {
      console.error(
        `PostgreSQL closed an idle connection; the pool will open another: ${err.message}`,
      );
    });
    const closing = trackConnectionsClosing(pool);
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgresOnce(pool),
      close: async () => {
        await pool.end();
        await closing();
      },
      poolCounts: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  const client =
    'client' in target ? target.client : await createPglite({ dataDir: target.dataDir });
  const db = drizzlePglite(takingTurns(client), { schema }) as unknown as Db;
  // PGlite is one process's embedded database: nothing else can migrate it at the same time.
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    poolCounts: () => null,
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
