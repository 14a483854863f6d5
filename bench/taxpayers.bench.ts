/**
 * The taxpayer registry under load (docs/architecture.md §9: lookups p99 < 10 ms, list/search
 * p99 < 50 ms at 1 M taxpayers, 50 connections, one 2-core machine).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:taxpayers   # 1,000,000 on PostgreSQL
 *   npm run bench:taxpayers                                                       # 100,000 on PGlite
 *   BENCH_TAXPAYERS=200000 BENCH_SECONDS=5 npm run bench:taxpayers
 *
 * It makes a scratch database (on the DATABASE_URL server, or a PGlite folder), generates the
 * taxpayers, starts the real server in a child process on loopback and drives it with
 * autocannon; then runs the same queries directly, one at a time, as the floor. Results go to
 * bench/results/taxpayers-<date>.json; the scratch database is dropped.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fakerEN_NG as faker } from '@faker-js/faker';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../src/server/auth/passwords';
import { type Database, openDatabase } from '../src/server/db/client';
import { officers } from '../src/server/db/schema';
import { selectPlacesOfState } from '../src/server/db/seed/queries';
import {
  fakeCompany,
  fakeIndividual,
  insertTaxpayersInBulk,
} from '../src/server/db/seed/taxpayers';
import { selectTaxpayers } from '../src/server/modules/taxpayers/list/listQueries';
import { lookupTaxpayers } from '../src/server/modules/taxpayers/queries';
import { findTaxpayerByBtin } from '../src/server/modules/taxpayers/record';
import { parseSearchTerm } from '../src/server/modules/taxpayers/search/searchTerm';
import { withoutSecondaryIndexes } from './lib/bulkLoad';
import { benchPort, startServer, stopServer } from './lib/server';

const PG_URL = process.env.DATABASE_URL;
const KIND = PG_URL ? 'postgres' : 'pglite';
const TAXPAYERS = Number(process.env.BENCH_TAXPAYERS ?? (PG_URL ? 1_000_000 : 100_000));
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PORT = benchPort(3191);
const PASSWORD = 'bench-password-1';
const SAMPLE = 500;
/** Rows per insert: a few megabytes of JSON each. */
const BATCH = 10_000;

type Scratch = { database: Database; serverEnv: Record<string, string>; drop(): Promise<void> };

async function openScratch(): Promise<Scratch> {
  if (PG_URL) {
    const name = `revdesk_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    admin.on('error', () => {}); // dropping WITH (FORCE) ends the server's connections
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
    return {
      database,
      serverEnv: {
        DATABASE_URL: url.toString(),
        DATA_DIR: path.join(os.tmpdir(), 'revdesk-bench'),
      },
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  return {
    database,
    serverEnv: { DATA_DIR: dataDir },
    drop: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function seed(database: Database) {
  await database.migrate();
  await database.db.insert(officers).values({
    officerId: 'OFF-000001',
    username: 'bench.admin',
    email: 'bench.admin@bench.revdesk.ng',
    firstName: 'Bench',
    surname: 'Admin',
    phoneNumber: '+2348030000001',
    userType: 'ADMIN',
    passwordHash: await hashPassword(PASSWORD),
  });
  const places = await selectPlacesOfState(database.db, 6);
  faker.seed(7);
  const now = new Date();
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(0);
  await withoutSecondaryIndexes(database.db, 'taxpayers', async () => {
    for (let start = 0; start < TAXPAYERS; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, TAXPAYERS - start) }, (_, i) => {
        const n = start + i + 1;
        // One in twenty is a company, as in the demo data.
        return n % 20 === 0
          ? fakeCompany(faker, n, places, now)
          : { row: fakeIndividual(faker, n, places, now) };
      });
      await insertTaxpayersInBulk(database.db, batch);
      if ((start / BATCH) % 10 === 0) console.log(`  ${start.toLocaleString()} taxpayers…`);
    }
    console.log(`  loaded in ${seconds()} s; building the indexes…`);
  });
  await database.db.execute(sql`analyze`);
  const rate = Math.round(TAXPAYERS / ((performance.now() - started) / 1000));
  console.log(
    `seeded ${TAXPAYERS.toLocaleString()} in ${seconds()} s (${rate.toLocaleString()} rows/s)`,
  );
}

async function sampleOf(database: Database) {
  const result = (await database.db.execute(
    sql`select btin, phone, last_name from taxpayers where kind = 'individual' order by random() limit ${SAMPLE}`,
  )) as { rows: { btin: string; phone: string; last_name: string }[] };
  return {
    btins: result.rows.map((r) => r.btin),
    phones: result.rows.map((r) => `0${r.phone.slice(4)}`),
    // A misspelt surname: one letter of the middle left out, as officers type under pressure.
    // (Two letters swapped breaks three trigrams of a short name; trigram similarity does not
    // forgive that at the 0.45 threshold, so such a search mostly finds nobody.)
    names: result.rows.map((r) => {
      const s = r.last_name;
      const at = Math.floor(s.length / 2);
      return s.length > 4 ? `${s.slice(0, at)}${s.slice(at + 1)}` : s;
    }),
    // A surname as written: thousands of matches at 1 M, so the page is read slice by slice.
    surnames: result.rows.map((r) => r.last_name),
  };
}

type Row = { name: string; rps: number; p50: number; p99: number; max: number; failed: number };

/** Drives one endpoint, each request with the next path of `paths`. */
async function load(name: string, paths: string[], headers: Record<string, string>): Promise<Row> {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers,
    requests: [
      {
        setupRequest: (req) => {
          i += 1;
          return { ...req, path: paths[i % paths.length] as string };
        },
      },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  // Figures of refused requests measure the refusal, not the endpoint.
  if (failed > 0) throw new Error(`${name}: ${failed} of ${result.requests.total} requests failed`);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failed,
  };
}

/** The same query straight on the database, one at a time: what the HTTP layer adds to. */
async function floor(name: string, inputs: string[], query: (input: string) => Promise<unknown>) {
  const times: number[] = [];
  // 300 runs, or fewer for a slow query: stop after 15 s once 20 have run.
  const began = performance.now();
  for (let i = 0; i < 300 && (i < 20 || performance.now() - began < 15_000); i++) {
    const started = performance.now();
    await query(inputs[i % inputs.length] as string);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number((times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(2));
  return { name, p50: at(0.5), p99: at(0.99), max: at(1) };
}

async function main() {
  const scratch = await openScratch();
  let server: ChildProcess | undefined;
  try {
    console.log(`generating ${TAXPAYERS.toLocaleString()} taxpayers on ${KIND}…`);
    await seed(scratch.database);
    const sample = await sampleOf(scratch.database);
    const db = scratch.database.db;
    const list = (search: string | undefined) =>
      selectTaxpayers(
        db,
        {
          page: 1,
          pageSize: 50,
          kind: 'individual',
          search: search ? parseSearchTerm(search) : null,
        },
        { limit: 50, offset: 0 },
      );
    const floors = [
      await floor('BTIN', sample.btins, (btin) => findTaxpayerByBtin(db, btin)),
      await floor('phone', sample.phones, (phone) =>
        lookupTaxpayers(db, { btin: null, email: null, phone: `+234${phone.slice(1)}` }),
      ),
      await floor('misspelt surname', sample.names, (name) => list(name)),
      await floor('surname', sample.surnames, (name) => list(name)),
      await floor('first list page', ['-'], () => list(undefined)),
    ];
    // PGlite is one process: the server cannot open the folder while the bench holds it.
    if (KIND === 'pglite') await scratch.database.close();

    server = await startServer(PORT, scratch.serverEnv);
    const base = `http://127.0.0.1:${PORT}`;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench.admin', password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`bench sign-in refused: ${login.status} ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };
    const http = [
      await load(
        'GET /taxpayers/{btin}',
        sample.btins.map((b) => `/api/v1/taxpayers/${b}`),
        headers,
      ),
      await load(
        'GET /taxpayers/lookup?term=<phone>',
        sample.phones.map((p) => `/api/v1/taxpayers/lookup?term=${p}`),
        headers,
      ),
      await load(
        'GET /taxpayers?kind=individual (page 1)',
        ['/api/v1/taxpayers?kind=individual'],
        headers,
      ),
      // Last: a slow endpoint leaves queries queued in the server after autocannon stops.
      await load(
        'GET /taxpayers?search=<misspelt name>',
        sample.names.map(
          (n) => `/api/v1/taxpayers?kind=individual&search=${encodeURIComponent(n)}`,
        ),
        headers,
      ),
      await load(
        'GET /taxpayers?search=<surname>',
        sample.surnames.map(
          (n) => `/api/v1/taxpayers?kind=individual&search=${encodeURIComponent(n)}`,
        ),
        headers,
      ),
    ];
    const meta = {
      date: new Date().toISOString(),
      database: KIND,
      taxpayers: TAXPAYERS,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      cpus: os.cpus().length,
      node: process.version,
    };
    const file = `bench/results/taxpayers-${meta.date.slice(0, 10)}-${KIND}.json`;
    writeFileSync(file, `${JSON.stringify({ meta, http, floor: floors }, null, 2)}\n`);
    console.log(`\nHTTP, ${CONNECTIONS} connections (ms):`);
    console.table(http);
    console.log('The same queries directly, one at a time (ms):');
    console.table(floors);
    console.log(`written to ${file}`);
  } finally {
    await stopServer(server);
    if (process.env.BENCH_KEEP) console.log('kept the scratch database (BENCH_KEEP)');
    else await scratch.drop().catch(() => {});
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
