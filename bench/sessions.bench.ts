/**
 * How fast the gate and the officer list answer under load (docs/architecture.md §9: lists p99 < 50 ms
 * at 50 connections on one 2-core machine). Every authenticated request resolves its session
 * from the database, so GET /auth/me measures the gate itself.
 *
 *   npm run bench:sessions                       # PostgreSQL at BENCH_DATABASE_URL, or the local test server
 *   BENCH_OFFICERS=20000 npm run bench:sessions
 *
 * It makes a scratch database, seeds officers, starts the real server in a child process on
 * loopback, drives it with autocannon from this process, then drops the database. Results are
 * written to bench/results/sessions-<kind>.json and printed as a table.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/server/auth/passwords';
import type { Database } from '../src/server/db/client';
import { officers } from '../src/server/db/schema';
import { openPgScratch } from './lib/scratch';
import { benchPort, startServer, stopServer } from './lib/server';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const OFFICERS = Number(process.env.BENCH_OFFICERS ?? 10_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PORT = benchPort(3190);
const PASSWORD = 'bench-password-1';

async function seed(database: Database) {
  await database.migrate();
  const passwordHash = await hashPassword(PASSWORD);
  const types = ['ASSESSMENT_OFFICER', 'OFFICER_DA', 'OFFICER_PA', 'OFFICER_MDA'] as const;
  for (let start = 0; start < OFFICERS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, OFFICERS - start) }, (_, i) => {
      const n = start + i;
      return {
        officerId: `OFF-${String(n + 1).padStart(6, '0')}`,
        username: n === 0 ? 'bench.admin' : `officer${n}`,
        email: `officer${n}@bench.revdesk.ng`,
        firstName: `First${n % 997}`,
        surname: `Surname${n % 1009}`,
        phoneNumber: `+234803${String(n).padStart(7, '0')}`,
        userType: n === 0 ? ('ADMIN' as const) : (types[n % types.length] ?? 'OFFICER_DA'),
        passwordHash,
      };
    });
    await database.db.insert(officers).values(rows);
  }
  await database.db.execute(sql`analyze`);
}

type Row = {
  name: string;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  non2xx: number;
};

async function run(name: string, opts: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

async function main() {
  const scratch = await openPgScratch(SERVER_URL);
  let server: ChildProcess | undefined;
  try {
    console.log(`seeding ${OFFICERS} officers…`);
    await seed(scratch.database);
    server = await startServer(PORT, {
      DATABASE_URL: scratch.url,
      DATA_DIR: path.join(os.tmpdir(), 'revdesk-bench'),
    });
    const base = `http://127.0.0.1:${PORT}`;
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench.admin', password: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const headers = { authorization: `Bearer ${token}` };

    const rows: Row[] = [];
    rows.push(
      await run('GET /api/v1/auth/me (session + menu)', { url: `${base}/api/v1/auth/me`, headers }),
    );
    rows.push(
      await run('GET /api/v1/officers (page 1 of 50)', { url: `${base}/api/v1/officers`, headers }),
    );
    rows.push(
      await run('GET /api/v1/officers?search=Surname77', {
        url: `${base}/api/v1/officers?search=Surname77`,
        headers,
      }),
    );
    rows.push(
      await run('POST /api/v1/auth/login (argon2id)', {
        url: `${base}/api/v1/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'officer1', password: PASSWORD }),
      }),
    );

    const meta = {
      date: new Date().toISOString(),
      database: 'postgres',
      officers: OFFICERS,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      cpus: os.cpus().length,
      node: process.version,
    };
    writeFileSync(
      'bench/results/sessions-postgres.json',
      `${JSON.stringify({ meta, rows }, null, 2)}\n`,
    );
    console.table(rows);
  } finally {
    await stopServer(server);
    await scratch.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
