/**
 * The TCC lists under load (docs/architecture.md §9: lists and searches p99 < 50 ms as queries; docs/product.md §2:
 * every TCC list is a view of one table by kind and status). PostgreSQL only.
 *
 *   npm run bench:tcc                                       # 300,000 certificates on the local server
 *   BENCH_TCCS=100000 BENCH_SECONDS=5 npm run bench:tcc
 *   DATABASE_URL=postgres://… npm run bench:tcc
 *
 * It makes a scratch database, loads taxpayers (the demo generator), the officers who generate
 * and decide, and the certificates with their history (SQL generate_series, secondary indexes
 * dropped and rebuilt), then measures each list twice on the same data: first with the indexes
 * of migration 0011 (`before`), then with those of 0012 (`after`, as migrated). Each phase times
 * the page query and the count query directly, one at a time (the floor), EXPLAIN ANALYZEs
 * both, and drives GET /api/v1/tcc through HTTP at 50 connections. Results go to
 * bench/results/tcc-<date>-postgres.json; the scratch database is dropped.
 */
import type { ChildProcess } from 'node:child_process';
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fakerEN_NG as faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/server/db/client';
import { countTccs, selectTccs, type TccFilter } from '../src/server/modules/tcc/lists/queries';
import { TCC_KINDS, TCC_STATUSES, type TccKind, type TccStatus } from '../src/shared/tcc/enums';
import { type Drive, driverOn, explainStatement, loadAverage, timeQuery } from './lib/measure';
import { openPgScratch, PG_SERVER_URL } from './lib/scratch';
import { benchPort, signIn, startServer, stopServer } from './lib/server';
import { STATUS_SHARES, seedTccWorld, volumeOf } from './lib/tccSeed';

const VOLUME = volumeOf(
  Number(process.env.BENCH_TCCS ?? 300_000),
  Number(process.env.BENCH_GENERATORS ?? 20),
  'bench-password-1',
);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/** The floor runs a query 20–300 times, for this many seconds once 20 are in. */
const FLOOR_LIMITS = {
  seconds: Number(process.env.BENCH_FLOOR_SECONDS ?? 5),
  minRuns: 20,
  maxRuns: 300,
};

const TIMEOUT_S = 30;
const CONNECTIONS = 50;
const PORT = benchPort(3193);
const PAGE_SIZE = 50;
/** The kind every list case reads: each SPEC list page is of one kind. */
const KIND: TccKind = 'direct-assessment';

/** Migration 0011's definitions of the two indexes 0012 replaces (it adds a third): `before`. */
const BEFORE_INDEXES = [
  'CREATE INDEX "tccs_holder_name_idx" ON "tccs" USING btree ("holder_name")',
  'CREATE INDEX "tccs_created_by_idx" ON "tccs" USING btree ("created_by")',
];
/** The indexes 0012 makes, read from the migrated database: the `after` phase. */
const AFTER_INDEX_NAMES = [
  'tccs_holder_name_trgm_idx',
  'tccs_created_by_idx',
  'tccs_kind_created_idx',
];

type Case = {
  name: string;
  /** The bench officer who asks (lib/tccSeed.ts seedOfficers). */
  who: 'DIRECTOR_ASSESSMENT' | 'DIRECTOR_COLLECTION' | 'TCC_CHAIRMAN' | 'ASSESSMENT_OFFICER';
  /** Query strings of GET /api/v1/tcc, taken in turn. */
  queries: Record<string, string>[];
};

/** The lists as the web asks for them (tccParams): one kind, a screen's statuses, -generatedAt. */
function casesOf(surnames: string[]): Case[] {
  const base = { kind: KIND, sort: '-generatedAt', page: '1', pageSize: String(PAGE_SIZE) };
  const all = TCC_STATUSES.join(',');
  return [
    {
      name: 'pending, Director of Assessment',
      who: 'DIRECTOR_ASSESSMENT',
      queries: [{ ...base, status: 'pending_director_assessment' }],
    },
    {
      name: 'pending, Director of Collection',
      who: 'DIRECTOR_COLLECTION',
      queries: [{ ...base, status: 'pending_director_collection' }],
    },
    {
      name: 'pending, Chairman',
      who: 'TCC_CHAIRMAN',
      queries: [{ ...base, status: 'pending_chairman' }],
    },
    {
      name: 'all statuses, search=<surname>',
      who: 'DIRECTOR_ASSESSMENT',
      queries: surnames.map((search) => ({ ...base, status: all, search })),
    },
    {
      name: 'pending DA, search=<surname>',
      who: 'DIRECTOR_ASSESSMENT',
      queries: surnames.map((search) => ({
        ...base,
        status: 'pending_director_assessment',
        search,
      })),
    },
    {
      name: 'Only mine (all statuses, mine=true)',
      who: 'ASSESSMENT_OFFICER',
      queries: [{ ...base, status: all, mine: 'true' }],
    },
    {
      name: 'completed (approved,printed,revoked)',
      who: 'DIRECTOR_ASSESSMENT',
      queries: [{ ...base, status: 'approved,printed,revoked' }],
    },
    {
      name: 'status=rejected_director_assessment',
      who: 'DIRECTOR_ASSESSMENT',
      queries: [{ ...base, status: 'rejected_director_assessment' }],
    },
  ];
}

/** The filter the list service builds from a query (lists/service.ts filterOf). */
function filterOf(query: Record<string, string>, officerId: string): TccFilter {
  return {
    kinds: TCC_KINDS,
    kind: query.kind as TccKind,
    statuses: query.status?.split(',') as TccStatus[],
    createdBy: query.mine === 'true' ? officerId : undefined,
    search: query.search,
  };
}

type Row = { phase: string } & Drive;

const load = driverOn({
  port: PORT,
  connections: CONNECTIONS,
  seconds: DURATION_S,
  timeoutSeconds: TIMEOUT_S,
});

type Floor = { phase: string; name: string; part: 'page' | 'count'; runs: number } & Stats;
type Stats = { p50: number; p99: number; max: number };

/** Swaps the indexes 0012 changed: 0011's for `before`, the migrated ones for `after`. */
async function swapIndexes(db: Db, definitions: string[]) {
  for (const name of [...AFTER_INDEX_NAMES, 'tccs_holder_name_idx']) {
    await db.execute(sql`drop index if exists ${sql.identifier(name)}`);
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const definition of definitions) await tx.execute(sql.raw(definition));
  });
  await db.execute(sql`analyze tccs`);
}

async function main() {
  const scratch = await openPgScratch(PG_SERVER_URL, { keep: !!process.env.BENCH_KEEP });
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  let server: ChildProcess | undefined;
  try {
    const { db } = scratch.database;
    console.log(
      `generating ${VOLUME.tccs.toLocaleString()} certificates over ${VOLUME.taxpayers.toLocaleString()} taxpayers on PostgreSQL…`,
    );
    const uptimeAtStart = execSync('uptime').toString().trim();
    await scratch.database.migrate();
    const afterDefinitions = (
      (await db.execute(sql`
        select indexdef from pg_indexes
        where tablename = 'tccs' and indexname in (${sql.join(
          AFTER_INDEX_NAMES.map((n) => sql`${n}`),
          sql`, `,
        )})`)) as unknown as { rows: { indexdef: string }[] }
    ).rows.map((r) => r.indexdef);
    if (afterDefinitions.length !== AFTER_INDEX_NAMES.length) {
      throw new Error('the migrated tccs lacks the indexes of 0012');
    }
    const { people, seedSeconds } = await seedTccWorld(db, VOLUME);
    const counts = (await db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where kind = ${KIND})::int as of_kind,
        count(*) filter (where kind = ${KIND} and status = 'pending_director_assessment')::int as pending_da,
        count(*) filter (where kind = ${KIND} and status = 'pending_director_collection')::int as pending_dc,
        count(*) filter (where kind = ${KIND} and status = 'pending_chairman')::int as pending_chairman,
        count(*) filter (where kind = ${KIND} and created_by = ${people.generators[0]})::int as mine,
        (select count(*)::int from tcc_history) as history,
        pg_size_pretty(pg_total_relation_size('tccs')) as size
      from tccs`)) as unknown as { rows: Record<string, number | string>[] };
    console.log('certificates:', counts.rows[0]);

    // Surnames as an officer types them: the last word of a holder, as a director would search.
    const sample = (await db.execute(sql`
      select split_part(holder_name, ' ', -1) as surname
      from tccs tablesample system (2) where kind = ${KIND} limit 200`)) as unknown as {
      rows: { surname: string }[];
    };
    faker.seed(3);
    const surnames = faker.helpers.shuffle(sample.rows.map((r) => r.surname)).slice(0, 100);
    const cases = casesOf(surnames);
    const officerOf = (who: Case['who']) =>
      who === 'ASSESSMENT_OFFICER'
        ? (people.generators[0] as string)
        : (people.directors[who] as string);
    const usernameOf = async (who: Case['who']) => {
      const [row] = (
        (await db.execute(
          sql`select username from officers where id = ${officerOf(who)}`,
        )) as unknown as { rows: { username: string }[] }
      ).rows;
      return row?.username as string;
    };

    const floors: Floor[] = [];
    const plans: { phase: string; name: string; part: string; plan: string }[] = [];
    const http: Row[] = [];
    const loads: Record<string, unknown> = { atStart: uptimeAtStart };
    const meta = () => ({
      date: new Date().toISOString(),
      database: 'postgres',
      tccs: VOLUME.tccs,
      taxpayers: VOLUME.taxpayers,
      generators: VOLUME.generators,
      kind: KIND,
      seedSeconds,
      certificates: counts.rows[0],
      statusShares: Object.fromEntries(STATUS_SHARES),
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      cpus: os.cpus().length,
      node: process.version,
      // The machine was shared with other work during the run: its load average at each step.
      load: loads,
    });
    const file = `bench/results/tcc-${new Date().toISOString().slice(0, 10)}-postgres.json`;
    const write = () =>
      writeFileSync(
        file,
        `${JSON.stringify({ meta: meta(), http, floor: floors, plans }, null, 2)}\n`,
      );

    server = await startServer(
      PORT,
      { DATABASE_URL: scratch.url, DATA_DIR: path.join(os.tmpdir(), 'revdesk-bench') },
      120_000,
    );
    const headersOf = new Map<Case['who'], Record<string, string>>();
    for (const who of new Set(cases.map((c) => c.who))) {
      headersOf.set(who, await signIn(PORT, await usernameOf(who), VOLUME.password));
    }

    for (const [phase, definitions] of [
      ['before', BEFORE_INDEXES],
      ['after', afterDefinitions],
    ] as const) {
      await swapIndexes(db, definitions);
      loads[`${phase}Floor`] = loadAverage();
      console.log(`${phase}: the floor (page and count queries, one at a time)…`);
      for (const c of cases) {
        const officerId = officerOf(c.who);
        const page = (on: Db, q: Record<string, string>) =>
          selectTccs(on, filterOf(q, officerId), {
            sort: '-generatedAt',
            limit: PAGE_SIZE,
            offset: 0,
          });
        const count = (on: Db, q: Record<string, string>) => countTccs(on, filterOf(q, officerId));
        for (const [part, run] of [
          ['page', page],
          ['count', count],
        ] as const) {
          const stats = await timeQuery(
            c.queries,
            (q) => run(db, q as Record<string, string>),
            FLOOR_LIMITS,
          );
          floors.push({ phase, name: c.name, part, ...stats });
          console.log(`  ${phase} ${c.name} ${part}: p50 ${stats.p50} ms, p99 ${stats.p99} ms`);
          const q = c.queries[0] as Record<string, string>;
          plans.push({
            phase,
            name: c.name,
            part,
            plan: await explainStatement(pool, (on) => run(on, q)),
          });
        }
      }
      write();
      loads[`${phase}Http`] = loadAverage();
      console.log(`${phase}: HTTP, ${CONNECTIONS} connections, ${DURATION_S} s each…`);
      // Warm-up, not recorded: the server's pool and plans, after the index swap.
      await load(
        `${phase} warm-up`,
        ['/api/v1/tcc?kind=paye&page=1&pageSize=1'],
        headersOf.get('DIRECTOR_ASSESSMENT') as Record<string, string>,
        3,
      );
      for (const c of cases) {
        const paths = c.queries.map((q) => `/api/v1/tcc?${new URLSearchParams(q)}`);
        const row = await load(
          `${phase} ${c.name}`,
          paths,
          headersOf.get(c.who) as Record<string, string>,
        );
        http.push({ ...row, phase, name: c.name });
      }
      write();
    }
    loads.atEnd = execSync('uptime').toString().trim();
    write();
    console.log(`\nHTTP, ${CONNECTIONS} connections (ms):`);
    console.table(http);
    console.log('The same queries directly, one at a time (ms):');
    console.table(floors);
    console.log(`written to ${file}`);
  } finally {
    await stopServer(server);
    await pool.end();
    await scratch.drop().catch(() => {});
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
