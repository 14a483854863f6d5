/**
 * The ceiling harness (docs/architecture.md §9, "ratio to the ceiling"): for each benchmarked read endpoint,
 * what the SQL costs alone (the floor), what a bare Fastify route running exactly that SQL
 * serves (the ceiling), and what RevDesk serves, all in one run on one machine, so the ratio
 * RevDesk ÷ ceiling says how much the stack keeps, whatever else the machine is doing.
 *
 *   npm run bench:ceiling                          # PostgreSQL (DATABASE_URL or the local test server) and PGlite
 *   BENCH_DATABASES=postgres npm run bench:ceiling
 *   BENCH_SECONDS=10 BENCH_ROUNDS=3 npm run bench:ceiling
 *   BENCH_ENDPOINTS='/taxpayers?kind,/officers' npm run bench:ceiling   # only these endpoints
 *
 * 1. A scratch database with the demo data (PostgreSQL: a scratch database on the server;
 *    PGlite: a scratch DATA_DIR).
 * 2. The real app in this process (`buildApp`, no job worker) answers each endpoint once with
 *    `inject` while lib/sqlRecorder.ts catches every statement it sends: text, parameters, and
 *    which ran at once. The session is the one the load generator will use, so the session
 *    lookup is the same statement too.
 * 3. The floor: each endpoint's statements run straight on the database, one request's worth
 *    at a time, on one connection.
 * 4. RevDesk (src/server/main.ts, production mode, a child process) and the bare server
 *    (lib/bareServer.ts, a child process, same pool size) driven by autocannon at 1 and at 50
 *    connections, alternated endpoint by endpoint for BENCH_ROUNDS rounds. PGlite is one
 *    process's database, so there the two servers take turns on the data folder instead.
 *
 * Results: bench/results/ceiling-<date>-<kind>.json, and a table printed for bench/README.md.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { seedAllDemoData } from '../src/server/db/seed/all';
import { demoUsername } from '../src/server/db/seed/demo';
import { createSimulators } from '../src/server/integrations/simulators';
import type { UserType } from '../src/shared/userTypes';
import type { BareRoute } from './lib/bareServer';
import { type Drive, driverOn, timeQuery } from './lib/measure';
import { openRunner, runGroups } from './lib/replay';
import { openPgScratch } from './lib/scratch';
import { startBareServer, startServer, stopServer } from './lib/server';
import { groupStatements, recordStatements, type StatementGroups } from './lib/sqlRecorder';

const PG_SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const FLOOR_SECONDS = Number(process.env.BENCH_FLOOR_SECONDS ?? 3);
const CONNECTION_COUNTS = [1, 50] as const;
/** Only the endpoints whose name holds one of these (comma-separated), for a quick look at a few. */
const ONLY = process.env.BENCH_ENDPOINTS?.split(',').filter(Boolean);
const REVDESK_PORT = 3196;
const BARE_PORT = 3197;

type Kind = 'postgres' | 'pglite';

/** One benchmarked read endpoint, as a person using the product calls it. */
type Endpoint = { name: string; who: UserType; path: string };

/** What the demo data offers to look up: a BTIN, a phone, a surname, an RRR. */
type Samples = { btin: string; phone: string; surname: string; rrr: string };

function endpointsOf(s: Samples): Endpoint[] {
  const tccPending =
    '/api/v1/tcc?kind=direct-assessment&status=pending_director_assessment&sort=-generatedAt&page=1&pageSize=50';
  return [
    { name: 'GET /api/health', who: 'ADMIN', path: '/api/health' },
    { name: 'GET /auth/me', who: 'ADMIN', path: '/api/v1/auth/me' },
    { name: 'GET /taxpayers/{btin}', who: 'ADMIN', path: `/api/v1/taxpayers/${s.btin}` },
    {
      name: 'GET /taxpayers/lookup?term=<phone>',
      who: 'ADMIN',
      path: `/api/v1/taxpayers/lookup?term=${encodeURIComponent(s.phone)}`,
    },
    {
      name: 'GET /taxpayers?kind=individual',
      who: 'ADMIN',
      path: '/api/v1/taxpayers?kind=individual',
    },
    {
      name: 'GET /taxpayers?search=<surname>',
      who: 'ADMIN',
      path: `/api/v1/taxpayers?search=${encodeURIComponent(s.surname)}`,
    },
    {
      // The taxpayer picker's search (forms, the top bar): the best few by name.
      name: 'GET /taxpayers/matches?search=<surname>',
      who: 'ADMIN',
      path: `/api/v1/taxpayers/matches?search=${encodeURIComponent(s.surname)}`,
    },
    { name: 'GET /officers', who: 'ADMIN', path: '/api/v1/officers' },
    // The payment history's default order is `-date` (newest payment first, ADR 0019 and
    // migration payments_shown_at_order): this and the OFFICER_MDA row read that order;
    // `-createdAt`, the default before it, is measured beside it in the same run.
    { name: 'GET /payments', who: 'ADMIN', path: '/api/v1/payments' },
    {
      name: 'GET /payments?sort=-createdAt',
      who: 'ADMIN',
      path: '/api/v1/payments?sort=-createdAt',
    },
    {
      name: 'GET /payments?paymentReference=<RRR>',
      who: 'ADMIN',
      path: `/api/v1/payments?paymentReference=${s.rrr}`,
    },
    { name: 'GET /payments (OFFICER_MDA)', who: 'OFFICER_MDA', path: '/api/v1/payments' },
    {
      name: 'GET /tcc pending (Director of Assessment)',
      who: 'DIRECTOR_ASSESSMENT',
      path: tccPending,
    },
  ];
}

/** The demo data in a scratch database of `kind`, and how to reach it. */
async function prepare(kind: Kind) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-ceiling-'));
  const scratch = kind === 'postgres' ? await openPgScratch(PG_SERVER_URL) : null;
  const env = {
    NODE_ENV: 'development',
    SEED: 'demo',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  const config = loadConfig(env);
  if (!scratch) mkdirSync(config.pgliteDir, { recursive: true });
  const database: Database =
    scratch?.database ?? (await openDatabase({ kind: 'pglite', dataDir: config.pgliteDir }));
  await database.migrate();
  const simulators = createSimulators(config);
  console.log(`[${kind}] seeding the demo data…`);
  await seedAllDemoData(database.db, config, simulators);
  await database.db.execute(sql`analyze`);
  return { dataDir, scratch, config, database, simulators };
}

async function samplesOf(database: Database): Promise<Samples> {
  const row = async (query: ReturnType<typeof sql>) => {
    const result = (await database.db.execute(query)) as { rows: Record<string, string>[] };
    const first = result.rows[0];
    if (!first) throw new Error('the demo data has no sample for the benchmark');
    return first;
  };
  const taxpayer = await row(
    sql`select btin, phone, last_name from taxpayers where kind = 'individual' and phone is not null and last_name is not null order by btin limit 1`,
  );
  const payment = await row(
    sql`select rrr as payment_reference from payments where rrr is not null order by created_at desc limit 1`,
  );
  return {
    btin: taxpayer.btin as string,
    phone: taxpayer.phone as string,
    surname: taxpayer.last_name as string,
    rrr: payment.payment_reference as string,
  };
}

/**
 * Signs each user in once and answers each endpoint through the real app while the recorder
 * listens: the statements of the second answer (the first warms whatever is loaded on first use).
 */
async function recordEndpoints(
  app: FastifyInstance,
  endpoints: readonly Endpoint[],
  password: string,
): Promise<{ tokens: Map<UserType, string>; routes: BareRoute[] }> {
  const tokens = new Map<UserType, string>();
  for (const who of new Set(endpoints.map((e) => e.who))) {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: demoUsername(who), password },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in as ${who}: ${login.body}`);
    tokens.set(who, (login.json() as { token: string }).token);
  }
  const routes: BareRoute[] = [];
  for (const endpoint of endpoints) {
    const headers = { authorization: `Bearer ${tokens.get(endpoint.who)}` };
    const warm = await app.inject({ method: 'GET', url: endpoint.path, headers });
    if (warm.statusCode !== 200) {
      throw new Error(`${endpoint.name}: ${warm.statusCode} ${warm.body.slice(0, 300)}`);
    }
    const recording = recordStatements();
    let body: string;
    try {
      body = (await app.inject({ method: 'GET', url: endpoint.path, headers })).body;
    } finally {
      recording.stop();
    }
    routes.push({ groups: groupStatements(recording.statements), body });
  }
  return { tokens, routes };
}

/** A server's drives of one endpoint at one connection count, round by round. */
type Side = { rps: number[]; p50: number[]; p99: number[]; cpuMsPerRequest: number[] };
type EndpointResult = {
  name: string;
  path: string;
  statements: number;
  groups: number;
  /** The size of RevDesk's answer, which the bare route sends back as it is. */
  answerBytes: number;
  /** What RevDesk ran for one request, as recorded: the bare route runs exactly this. */
  sql: StatementGroups;
  floor: { runs: number; p50: number; p99: number; max: number };
  revdesk: Record<(typeof CONNECTION_COUNTS)[number], Side>;
  bare: Record<(typeof CONNECTION_COUNTS)[number], Side>;
  /** The bare route that answers JSON.stringify of its rows (lib/bareServer.ts), at 50 only. */
  bareJson: Side;
};

const emptySides = (): EndpointResult['revdesk'] => ({
  1: { rps: [], p50: [], p99: [], cpuMsPerRequest: [] },
  50: { rps: [], p50: [], p99: [], cpuMsPerRequest: [] },
});

function keep(side: Side, drive: Drive) {
  side.rps.push(drive.rps);
  side.p50.push(drive.p50);
  side.p99.push(drive.p99);
  if (drive.cpuMsPerRequest !== undefined) side.cpuMsPerRequest.push(drive.cpuMsPerRequest);
}

async function floorOf(
  kind: Kind,
  target: { url: string } | { pgliteDir: string },
  routes: BareRoute[],
) {
  const runner = await openRunner(
    'url' in target
      ? { kind: 'postgres', url: target.url, poolSize: 1 }
      : { kind: 'pglite', dataDir: target.pgliteDir },
  );
  try {
    const floors = [];
    for (const { groups } of routes) {
      // Warm the connection's plan cache and the buffers as the servers' first requests do.
      for (let i = 0; i < 20; i++) await runGroups(runner, groups);
      floors.push(
        await timeQuery([groups], () => runGroups(runner, groups), {
          seconds: FLOOR_SECONDS,
          minRuns: 50,
          maxRuns: 20_000,
        }),
      );
    }
    console.log(`[${kind}] floor measured`);
    return floors;
  } finally {
    await runner.close();
  }
}

async function benchmark(kind: Kind) {
  const prepared = await prepare(kind);
  const { config, database, dataDir, scratch } = prepared;
  const samples = await samplesOf(database);
  const endpoints = endpointsOf(samples).filter(
    (e) => !ONLY || ONLY.some((part) => e.name.includes(part)),
  );

  const app = await buildApp({ config, database, simulators: prepared.simulators, runJobs: false });
  const { tokens, routes } = await recordEndpoints(app, endpoints, config.demoPassword);
  await app.close();
  // PGlite is one process's: the servers open it next. A scratch pool closes when it is dropped.
  if (!scratch) await database.close();
  if (process.env.BENCH_RECORD_ONLY) {
    // To read what each endpoint runs, without measuring anything.
    for (const [i, { groups }] of routes.entries()) {
      console.log(`\n## ${endpoints[i]?.name}`);
      for (const group of groups)
        console.log(group.map((s) => `  ${s.text} -- ${JSON.stringify(s.values)}`).join('\n  & '));
    }
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    return [];
  }
  const routesFile = path.join(dataDir, 'ceiling-routes.json');
  writeFileSync(routesFile, JSON.stringify(routes));
  for (const [i, { groups }] of routes.entries()) {
    const count = groups.reduce((n, g) => n + g.length, 0);
    console.log(`  ${endpoints[i]?.name}: ${count} statements in ${groups.length} round trips`);
  }

  const target = scratch ? { url: scratch.url } : { pgliteDir: config.pgliteDir };
  const floors = await floorOf(kind, target, routes);
  const results: EndpointResult[] = endpoints.map((e, i) => ({
    name: e.name,
    path: e.path,
    statements: routes[i]?.groups.reduce((n, g) => n + g.length, 0) ?? 0,
    groups: routes[i]?.groups.length ?? 0,
    sql: routes[i]?.groups ?? [],
    answerBytes: Buffer.byteLength(routes[i]?.body ?? ''),
    floor: floors[i] as EndpointResult['floor'],
    revdesk: emptySides(),
    bare: emptySides(),
    bareJson: { rps: [], p50: [], p99: [], cpuMsPerRequest: [] },
  }));

  const revdeskEnv = {
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  };
  const bareDatabase = scratch ? { databaseUrl: scratch.url } : { pgliteDir: config.pgliteDir };
  let revdesk: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  const drive = (port: number, connections: number) =>
    driverOn({
      port,
      connections,
      seconds: SECONDS,
      timeoutSeconds: 10,
      pid: (port === REVDESK_PORT ? revdesk : bare)?.pid,
    });
  const headersOf = (e: Endpoint): Record<string, string> =>
    e.path === '/api/health' ? {} : { authorization: `Bearer ${tokens.get(e.who)}` };

  try {
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`[${kind}] round ${round} of ${ROUNDS}`);
      if (kind === 'postgres') {
        // Both servers up at once; the idle one costs nothing. Alternate endpoint by endpoint.
        revdesk ??= await startServer(REVDESK_PORT, revdeskEnv);
        bare ??= await startBareServer(BARE_PORT, routesFile, bareDatabase);
        for (const [i, e] of endpoints.entries()) {
          for (const connections of CONNECTION_COUNTS) {
            const result = results[i] as EndpointResult;
            keep(
              result.revdesk[connections],
              await drive(REVDESK_PORT, connections)(
                `RevDesk ${e.name} @${connections}`,
                [e.path],
                headersOf(e),
              ),
            );
            keep(
              result.bare[connections],
              await drive(BARE_PORT, connections)(
                `bare ${e.name} @${connections}`,
                [`/bare/${i}`],
                {},
              ),
            );
            if (connections === 50) {
              keep(
                result.bareJson,
                await drive(BARE_PORT, connections)(
                  `bare+JSON ${e.name} @${connections}`,
                  [`/bare-json/${i}`],
                  {},
                ),
              );
            }
          }
        }
      } else {
        // One process at a time on the PGlite folder: RevDesk's turn, then the bare server's.
        revdesk = await startServer(REVDESK_PORT, revdeskEnv, 60_000);
        for (const [i, e] of endpoints.entries()) {
          for (const connections of CONNECTION_COUNTS) {
            keep(
              (results[i] as EndpointResult).revdesk[connections],
              await drive(REVDESK_PORT, connections)(
                `RevDesk ${e.name} @${connections}`,
                [e.path],
                headersOf(e),
              ),
            );
          }
        }
        await stopServer(revdesk);
        revdesk = undefined;
        bare = await startBareServer(BARE_PORT, routesFile, bareDatabase);
        for (const [i, e] of endpoints.entries()) {
          for (const connections of CONNECTION_COUNTS) {
            keep(
              (results[i] as EndpointResult).bare[connections],
              await drive(BARE_PORT, connections)(
                `bare ${e.name} @${connections}`,
                [`/bare/${i}`],
                {},
              ),
            );
            if (connections === 50) {
              keep(
                (results[i] as EndpointResult).bareJson,
                await drive(BARE_PORT, connections)(
                  `bare+JSON ${e.name} @${connections}`,
                  [`/bare-json/${i}`],
                  {},
                ),
              );
            }
          }
        }
        await stopServer(bare);
        bare = undefined;
      }
    }
  } finally {
    await stopServer(revdesk);
    await stopServer(bare);
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

const range = (values: number[], digits = 0) => {
  const f = (v: number) => v.toLocaleString('en-GB', { maximumFractionDigits: digits });
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? f(lo) : `${f(lo)}–${f(hi)}`;
};

/** The README's table: floor, ceiling, RevDesk and their ratio, per endpoint. */
function table(kind: Kind, results: EndpointResult[]): string {
  const lines = [
    `| endpoint (${kind}) | statements / round trips | floor p50 / p99 ms | @1 bare p99 ms | @1 RevDesk p50 / p99 ms | overhead p99 ms | @50 bare req/s | @50 RevDesk req/s | ratio | @50 bare+JSON req/s | ratio to bare+JSON | @50 CPU ms/request bare / bare+JSON / RevDesk |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const ratios = r.revdesk[50].rps.map((rps, i) => rps / (r.bare[50].rps[i] ?? Number.NaN));
    const jsonRatios = r.revdesk[50].rps.map((rps, i) => rps / (r.bareJson.rps[i] ?? Number.NaN));
    const overheads = r.revdesk[1].p99.map((p99) => p99 - r.floor.p99);
    lines.push(
      `| ${r.name} | ${r.statements} / ${r.groups} | ${r.floor.p50} / ${r.floor.p99} | ${range(r.bare[1].p99, 1)} | ${range(r.revdesk[1].p50, 1)} / ${range(r.revdesk[1].p99, 1)} | ${range(overheads, 1)} | ${range(r.bare[50].rps)} | ${range(r.revdesk[50].rps)} | ${range(
        ratios.map((x) => x * 100),
      )} % | ${range(r.bareJson.rps)} | ${range(jsonRatios.map((x) => x * 100))} % | ${range(r.bare[50].cpuMsPerRequest, 2)} / ${range(r.bareJson.cpuMsPerRequest, 2)} / ${range(r.revdesk[50].cpuMsPerRequest, 2)} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const load = () => os.loadavg().map((l) => Number(l.toFixed(1)));
  for (const kind of DATABASES as Kind[]) {
    const started = load();
    const results = await benchmark(kind);
    if (results.length === 0) continue;
    const date = new Date().toISOString().slice(0, 10);
    // A quick look at a few endpoints is not a result to keep beside the full runs.
    const folder = ONLY ? os.tmpdir() : path.join('bench', 'results');
    const file = path.join(folder, `ceiling-${date}-${kind}${ONLY ? '-some' : ''}.json`);
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          meta: {
            date,
            kind,
            seconds: SECONDS,
            rounds: ROUNDS,
            connections: CONNECTION_COUNTS,
            load: { start: started, end: load() },
            cpus: os.cpus().length,
          },
          results,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\n${table(kind, results)}\n\nwritten to ${file}`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
