import pg from 'pg';
import { loadConfig } from '../../src/server/config';
import { createPglite, type Database, openDatabase } from '../../src/server/db/client';
import { seedAllDemoData } from '../../src/server/db/seed/all';
import { createSimulators } from '../../src/server/integrations/simulators';

/** The PostgreSQL server the benches make their scratch databases on (DATABASE_URL). */
export const PG_SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type PgScratch = {
  database: Database;
  name: string;
  url: string;
  /** Drops the database, or only closes it when it is to be kept (or was reused), saying so. */
  drop(): Promise<void>;
};

/** BENCH_KEEP=1 keeps the scratch database at the end; BENCH_REUSE=<name> opens a kept one. */
export function scratchOptionsFromEnv(): { keep: boolean; reuse?: string } {
  const reuse = process.env.BENCH_REUSE;
  return { keep: !!process.env.BENCH_KEEP, ...(reuse ? { reuse } : {}) };
}

/**
 * A scratch database on the PostgreSQL server of `serverUrl`, made for one run and dropped
 * WITH (FORCE) at its end (the server started on it may still hold connections).
 * `keep`: left in place at the end, for `reuse` by a later run. `reuse`: the name of a
 * database a run kept; opened as it is, never dropped.
 */
export async function openPgScratch(
  serverUrl: string,
  options: { keep?: boolean; reuse?: string; poolSize?: number } = {},
): Promise<PgScratch> {
  const name = options.reuse ?? `revdesk_bench_${Date.now()}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a scratch database name: ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on('error', () => {}); // dropping WITH (FORCE) ends the server's connections
  await admin.connect();
  if (!options.reuse) await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolSize: options.poolSize ?? 4,
  });
  const keep = options.keep || options.reuse !== undefined;
  if (keep) console.log(`scratch database ${name} (kept: BENCH_REUSE=${name} runs on it again)`);
  return {
    database,
    name,
    url: url.toString(),
    drop: async () => {
      await database.close();
      if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
      else console.log(`kept the scratch database ${name}: BENCH_REUSE=${name}`);
      await admin.end();
    },
  };
}

/**
 * A database for a bench that runs on either: PGlite in memory when `serverUrl` is not given,
 * else a scratch database on that PostgreSQL server (openPgScratch), dropped at the end.
 */
export async function openScratchDatabase(
  serverUrl: string | undefined,
  options: { poolSize?: number } = {},
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', client: await createPglite() });
    return { database, drop: () => database.close() };
  }
  return openPgScratch(serverUrl, { poolSize: options.poolSize ?? 10 });
}

/**
 * Migrates a scratch database and seeds the demo data as `npm start` does (officers of every
 * user type, MDAs, taxpayers…), its files under `dataDir`; answers the configuration it used
 * (the demo officers sign in with its demoPassword).
 */
export async function seedDemoScratch(scratch: PgScratch, dataDir: string) {
  await scratch.database.migrate();
  const config = loadConfig({
    NODE_ENV: 'development',
    SEED: 'demo',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: scratch.url,
  });
  console.log('seeding the demo data…');
  await seedAllDemoData(scratch.database.db, config, createSimulators(config));
  return config;
}
