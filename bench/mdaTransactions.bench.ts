/**
 * The MDA transaction report under load (docs/product.md §2 reporting/mda-transaction-report;
 * docs/architecture.md §9: reports p99 < 100 ms as queries). PostgreSQL only.
 *
 *   npm run bench:mda-transactions                                  # 200,000 notices, local server
 *   BENCH_NOTICES=20000 BENCH_SECONDS=5 BENCH_CONNECTIONS=10 npm run bench:mda-transactions
 *   DATABASE_URL=postgres://… npm run bench:mda-transactions
 *
 * A scratch database with the demo data (its MDAs and revenue heads, its officers, taxpayers),
 * then BENCH_NOTICES demand notices spread evenly over the MDAs that have a revenue head and
 * issued over two years, each with its bill in the ledger (pending with an RRR, paid with a
 * receipt, or cancelled, as its notice stands), loaded by INSERT … SELECT generate_series with
 * the secondary indexes dropped and rebuilt (lib/bulkLoad.ts). Then each report case: its
 * statements (the page; the totals and counts per status, one statement from the rollup or two) timed directly one at a time (the floor)
 * and EXPLAIN ANALYZEd, and GET /api/v1/reports/mda-transactions driven over HTTP at
 * BENCH_CONNECTIONS (default 50) and at 1. Results: bench/results/mda-transactions-<date>-postgres.json.
 */
import type { ChildProcess } from 'node:child_process';
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/server/db/client';
import { demoUsername } from '../src/server/db/seed/demo';
import {
  type NoticeFilter,
  selectDemandNotices,
} from '../src/server/modules/demandNotices/queries';
import { selectTotalsAndCounts } from '../src/server/modules/demandNotices/report';
import { todayInLagos } from '../src/shared/dates';
import type { UserType } from '../src/shared/userTypes';
import { withoutSecondaryIndexes } from './lib/bulkLoad';
import { type Drive, driverOn, explainStatement, loadAverage, timeQuery } from './lib/measure';
import { openPgScratch, PG_SERVER_URL, seedDemoScratch } from './lib/scratch';
import { benchPort, signIn, startServer, stopServer } from './lib/server';

const NOTICES = Number(process.env.BENCH_NOTICES ?? 200_000);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const FLOOR_LIMITS = {
  seconds: Number(process.env.BENCH_FLOOR_SECONDS ?? 5),
  minRuns: 20,
  maxRuns: 300,
};
const TIMEOUT_S = 30;
const PORT = benchPort(3198);
const PAGE_SIZE = 50;
/** Rows per INSERT … SELECT: one statement per chunk keeps each transaction's memory small. */
const CHUNK = 50_000;

type Who = Extract<UserType, 'DG_BUDGET' | 'OFFICER_MDA'>;
type Case = { name: string; who: Who; query: Record<string, string> };

/** The report as the page asks for it: newest first, 50 a page, the filters officers use. */
function casesOf(mohId: string, payer: string): Case[] {
  const base = { sort: '-issuedOn', page: '1', pageSize: String(PAGE_SIZE) };
  const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  return [
    { name: 'every MDA (DG Budget)', who: 'DG_BUDGET', query: base },
    { name: 'one MDA (DG Budget, mdaId)', who: 'DG_BUDGET', query: { ...base, mdaId: mohId } },
    { name: 'status=overdue (DG Budget)', who: 'DG_BUDGET', query: { ...base, status: 'overdue' } },
    {
      name: 'issued in the last 30 days (DG Budget)',
      who: 'DG_BUDGET',
      query: { ...base, from: lastMonth },
    },
    { name: 'payer=<surname> (DG Budget)', who: 'DG_BUDGET', query: { ...base, payer } },
    { name: 'own MDA (OFFICER_MDA of MOH)', who: 'OFFICER_MDA', query: base },
  ];
}

/** The notices and their bills, by generate_series, over the MDAs with a revenue head. */
async function seedNotices(db: Db): Promise<number> {
  const mdaRows = (
    (await db.execute(sql`
      select m.id, min(h.code) as head from mdas m
      join mda_revenue_heads h on h.mda_id = m.id and h.is_active
      where m.is_active group by m.id order by m.id`)) as unknown as {
      rows: { id: string; head: string }[];
    }
  ).rows;
  const payers = (
    (await db.execute(sql`
      select btin, display_name, phone from taxpayers order by btin limit 2000`)) as unknown as {
      rows: { btin: string; display_name: string; phone: string | null }[];
    }
  ).rows;
  if (mdaRows.length === 0 || payers.length === 0) throw new Error('the demo data has no MDAs');
  const started = performance.now();
  const mdaIds = mdaRows.map((m) => m.id);
  const heads = mdaRows.map((m) => m.head);
  const btins = payers.map((p) => p.btin);
  const names = payers.map((p) => p.display_name);
  const phones = payers.map((p) => p.phone);
  // Status by g mod 10: six issued (some overdue by their dates), one part paid, two paid, one
  // cancelled. Issued over the last two years, due 30 days later.
  const noticeOf = (from: number, to: number) => sql`
    insert into demand_notices (number, mda_id, btin, payer_name, payer_phone, status, total_kobo,
      paid_kobo, issued_on, due_on, revenue_head_code, cancel_reason, cancelled_at)
    select 'BENCH/DN/' || lpad(g::text, 7, '0'),
      (${JSON.stringify(mdaIds)}::jsonb ->> (g % ${mdaIds.length}))::uuid,
      ${JSON.stringify(btins)}::jsonb ->> ((g * 7) % ${btins.length}),
      ${JSON.stringify(names)}::jsonb ->> ((g * 7) % ${btins.length}),
      ${JSON.stringify(phones)}::jsonb ->> ((g * 7) % ${btins.length}),
      (case g % 10 when 6 then 'part_paid' when 7 then 'paid' when 8 then 'paid'
        when 9 then 'cancelled' else 'issued' end)::demand_notice_status,
      total,
      case g % 10 when 6 then total / 2 when 7 then total when 8 then total else 0 end,
      issued, issued + 30,
      ${JSON.stringify(heads)}::jsonb ->> (g % ${mdaIds.length}),
      case when g % 10 = 9 then 'Raised in error (bench)' end,
      case when g % 10 = 9 then now() end
    from generate_series(${from}::int, ${to}::int) g,
      lateral (select (100000 + (g::bigint * 7919) % 5000000 * 100)::bigint as total,
        (current_date - (g % 730))::date as issued) v`;
  await withoutSecondaryIndexes(db, 'demand_notices', async () => {
    for (let from = 1; from <= NOTICES; from += CHUNK) {
      await db.execute(noticeOf(from, Math.min(NOTICES, from + CHUNK - 1)));
    }
  });
  // One bill per notice, in the notice's state: what the report reads for its RRR column.
  await withoutSecondaryIndexes(db, 'payments', async () => {
    for (let from = 1; from <= NOTICES; from += CHUNK) {
      const to = Math.min(NOTICES, from + CHUNK - 1);
      await db.execute(sql`
        insert into payments (rrr, receipt_number, amount_kobo, mda_id, revenue_head_code, btin,
          payer_name, channel, status, arrival, paid_at, type, subject_kind, subject_id,
          description, order_id, rrr_requested_at)
        select lpad((900000000000 + n.seq)::text, 12, '0'),
          case when n.status in ('paid', 'part_paid') then 'BENCH/DN/' || n.seq end,
          n.total_kobo, n.mda_id, n.revenue_head_code, n.btin, n.payer_name, 'remita',
          (case n.status when 'cancelled' then 'cancelled'
            when 'issued' then 'pending' else 'paid' end)::payment_status,
          'invoice',
          case when n.status in ('paid', 'part_paid') then n.issued_on + 5 end,
          'demand-notice', 'demand_notice', n.id, 'Demand notice ' || n.number,
          'RDBENCH' || n.seq, n.created_at
        from (select d.*, substring(d.number from 10)::int as seq from demand_notices d
          where d.number like 'BENCH/DN/%') n
        where n.seq between ${from} and ${to}`);
    }
  });
  await db.execute(sql`analyze demand_notices`);
  await db.execute(sql`analyze payments`);
  return Number(((performance.now() - started) / 1000).toFixed(1));
}

/** The filter the report builds from a query for an actor of this scope (report.ts filterOf). */
function filterOf(query: Record<string, string>, scope: NoticeFilter['scope']): NoticeFilter {
  return {
    mdaId: query.mdaId,
    revenueHeadCode: undefined,
    status: query.status as NoticeFilter['status'],
    from: query.from,
    to: undefined,
    payer: query.payer,
    scope,
    today: todayInLagos(),
  };
}

async function main() {
  const scratch = await openPgScratch(PG_SERVER_URL);
  const pool = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-mda-transactions-'));
  let server: ChildProcess | undefined;
  try {
    const { db } = scratch.database;
    const loads: Record<string, unknown> = { atStart: execSync('uptime').toString().trim() };
    const config = await seedDemoScratch(scratch, dataDir);
    console.log(`loading ${NOTICES.toLocaleString()} demand notices and their bills…`);
    const seedSeconds = await seedNotices(db);
    const counts = (
      (await db.execute(sql`
        select count(*)::int as notices, count(distinct mda_id)::int as mdas,
          count(*) filter (where mda_id = (select id from mdas where code = 'MOH'))::int as moh,
          pg_size_pretty(pg_total_relation_size('demand_notices')) as size
        from demand_notices`)) as unknown as { rows: Record<string, number | string>[] }
    ).rows[0];
    console.log(`  in ${seedSeconds} s:`, counts);
    const [moh] = (
      (await db.execute(sql`select id from mdas where code = 'MOH'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    if (!moh) throw new Error('the demo data has no MOH');
    const [payer] = (
      (await db.execute(
        sql`select split_part(payer_name, ' ', -1) as surname from demand_notices where number = 'BENCH/DN/0000007'`,
      )) as unknown as { rows: { surname: string }[] }
    ).rows;
    const cases = casesOf(moh.id, payer?.surname ?? 'Okoro');
    const scopeOf = (who: Who): NoticeFilter['scope'] =>
      who === 'OFFICER_MDA' ? { all: false, mdaIds: [moh.id] } : { all: true };

    const floors: ({ name: string; part: string } & Awaited<ReturnType<typeof timeQuery>>)[] = [];
    const plans: { name: string; part: string; plan: string }[] = [];
    loads.floor = loadAverage();
    console.log('the floor (page, totals and counts, one at a time)…');
    for (const c of cases) {
      const filter = filterOf(c.query, scopeOf(c.who));
      const parts = [
        [
          'page',
          (on: Db) =>
            selectDemandNotices(on, filter, { sort: '-issuedOn', limit: PAGE_SIZE, offset: 0 }),
        ],
        // One statement from the demand notice totals (migration 0036) when the filter allows;
        // else the totals and the counts counted over the notices, one after the other (the
        // plan kept is then the last statement's, the counts').
        ['totals and counts', (on: Db) => selectTotalsAndCounts(on, filter)],
      ] as const;
      for (const [part, run] of parts) {
        const stats = await timeQuery([null], () => run(db), FLOOR_LIMITS);
        floors.push({ name: c.name, part, ...stats });
        console.log(`  ${c.name} ${part}: p50 ${stats.p50} ms, p99 ${stats.p99} ms`);
        plans.push({ name: c.name, part, plan: await explainStatement(pool, run) });
      }
    }

    server = await startServer(PORT, { DATABASE_URL: scratch.url, DATA_DIR: dataDir }, 120_000);
    const headersOf = new Map<Who, Record<string, string>>();
    for (const who of new Set(cases.map((c) => c.who))) {
      headersOf.set(who, await signIn(PORT, demoUsername(who), config.demoPassword));
    }
    const http: ({ name: string; connections: number } & Drive)[] = [];
    const file = `bench/results/mda-transactions-${new Date().toISOString().slice(0, 10)}-postgres.json`;
    const write = () =>
      writeFileSync(
        file,
        `${JSON.stringify(
          {
            meta: {
              date: new Date().toISOString(),
              database: 'postgres',
              notices: NOTICES,
              counts,
              seedSeconds,
              connections: CONNECTIONS,
              durationSeconds: DURATION_S,
              cpus: os.cpus().length,
              node: process.version,
              // The machine is shared: its load average at each step.
              load: loads,
            },
            http,
            floor: floors,
            plans,
          },
          null,
          2,
        )}\n`,
      );
    for (const connections of [1, CONNECTIONS]) {
      const drive = driverOn({
        port: PORT,
        connections,
        seconds: DURATION_S,
        timeoutSeconds: TIMEOUT_S,
        pid: server.pid,
      });
      loads[`http${connections}`] = loadAverage();
      console.log(`HTTP, ${connections} connection(s), ${DURATION_S} s each…`);
      // Warm-up, not recorded: the server's pool and its statements.
      await drive(
        'warm-up',
        ['/api/v1/reports/mda-transactions?pageSize=1'],
        headersOf.get('DG_BUDGET') as Record<string, string>,
        2,
      );
      for (const c of cases) {
        const row = await drive(
          c.name,
          [`/api/v1/reports/mda-transactions?${new URLSearchParams(c.query)}`],
          headersOf.get(c.who) as Record<string, string>,
        );
        http.push({ ...row, name: c.name, connections });
      }
      write();
    }
    loads.atEnd = execSync('uptime').toString().trim();
    write();
    console.log('\nHTTP (ms):');
    console.table(http);
    console.log('The same statements directly, one at a time (ms):');
    console.table(floors);
    console.log(`written to ${file}`);
  } finally {
    await stopServer(server);
    await pool.end();
    await scratch.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
