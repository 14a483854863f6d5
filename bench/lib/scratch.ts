import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';

export type PgScratch = { database: Database; url: string; drop(): Promise<void> };

/**
 * A scratch database on the PostgreSQL server of `serverUrl`, made for one run and dropped
 * WITH (FORCE) at its end (the server started on it may still hold connections).
 */
export async function openPgScratch(serverUrl: string): Promise<PgScratch> {
  const name = `revdesk_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on('error', () => {}); // dropping WITH (FORCE) ends the server's connections
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
