import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';

export type PgScratch = {
  database: Database;
  name: string;
  url: string;
  /** Drops the database, or only closes it when it is to be kept (or was reused). */
  drop(): Promise<void>;
};

/**
 * A scratch database on the PostgreSQL server of `serverUrl`, made for one run and dropped
 * WITH (FORCE) at its end (the server started on it may still hold connections).
 * `keep`: left in place at the end, for `reuse` by a later run. `reuse`: the name of a
 * database a run kept; opened as it is, never dropped.
 */
export async function openPgScratch(
  serverUrl: string,
  options: { keep?: boolean; reuse?: string } = {},
): Promise<PgScratch> {
  const name = options.reuse ?? `revdesk_bench_${Date.now()}`;
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`not a scratch database name: ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on('error', () => {}); // dropping WITH (FORCE) ends the server's connections
  await admin.connect();
  if (!options.reuse) await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  const keep = options.keep || options.reuse !== undefined;
  return {
    database,
    name,
    url: url.toString(),
    drop: async () => {
      await database.close();
      if (!keep) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
