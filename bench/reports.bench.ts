import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { isMdaScoped } from '../src/server/auth/mdaScope';
import type { Db } from '../src/server/db/client';
import { mdaRevenueHeads, mdas, officers } from '../src/server/db/schema';
import {
  rebuildCollectionTotals,
  verifyCollectionTotals,
} from '../src/server/modules/reports/rollups';
import {
  selectCollectionTotals,
  type TotalsDimension,
  type TotalsFilter,
} from '../src/server/modules/reports/totals/queries';
import { todayInLagos } from '../src/shared/dates';
import { USER_TYPES } from '../src/shared/userTypes';
import { buildIndexes, dropSecondaryIndexes } from './lib/bulkLoad';
import { loadAverage, logWithLoad, quantiles, resultsFile, timeRuns } from './lib/measure';
import { openPgScratch, PG_SERVER_URL, scratchOptionsFromEnv } from './lib/scratch';
import { benchUsername, createBenchOfficer, inProcessConfig, signInApp } from './lib/server';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 10_000_000);
const CHUNK = 500_000;
const TRIGGER_SAMPLE = Math.min(PAYMENTS, Number(process.env.BENCH_TRIGGER_SAMPLE ?? 200_000));
const RUNS = Math.max(200, Number(process.env.BENCH_RUNS ?? 200));
const MDA_COUNT = 30;
const HEAD_COUNT = 200;
const BURST_CONNECTIONS = 50;
const BURST_PER_CONNECTION = Number(process.env.BENCH_BURST ?? 20);
const BURST_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const load = loadAverage;
const log = logWithLoad;
/** `run` BENCH_RUNS times one after the other (after five not counted), with the load average. */
export const measure = (run: (i: number) => Promise<unknown>) => timeRuns(RUNS, run);

export async function seedMdasAndHeads(db: Db) {
  const mdaRows = await db
    .insert(mdas)
    .values(
      Array.from({ length: MDA_COUNT }, (_, i) => ({
        code: `B${String(i + 1).padStart(3, '0')}`,
        name: `Bench MDA ${i + 1}`,
        category: i < 12 ? ('ministry' as const) : ('agency' as const),
      })),
    )
    .returning({ id: mdas.id });
  const mdaIds = mdaRows.map((r) => r.id);
  // Head h belongs to MDA h % 30: a big MDA has seven heads, as the ministries do.
  const headCodes = Array.from(
    { length: HEAD_COUNT },
    (_, h) => `120${String(h).padStart(5, '0')}`,
  );
  await db.insert(mdaRevenueHeads).values(
    headCodes.map((code, h) => ({
      mdaId: mdaIds[h % MDA_COUNT] as string,
      code,
      name: `Bench head ${h}`,
    })),
  );
  return { mdaIds, headCodes };
}

/**
 * Payments n = from…to, set-based. The revenue head is skewed (random()² : a few heads take
 * most of the money, as they do) and names its MDA; channels weighted Remita 55 %, POS 15 %,
 * bank 15 %, card 10 %, by hand 5 %; amounts from ₦10 to ₦500,000, mostly small; paid at any
 * time in the last three years; 1 % reversed 0–30 days later (never after now). Heads pay
 * assessments, certificates, stamp duty, demand notices or SSC schedules, or nothing named.
 */
function insertChunk(mdaIds: string[], headCodes: string[], from: number, to: number) {
  return sql`
    insert into payments (receipt_number, public_code, amount_kobo, mda_id, revenue_head_code,
      channel, status, type, subject_kind, subject_id, arrival, paid_at, status_changed_at,
      created_at, updated_at, source_reference)
    select 'BENCH/' || n, 'B' || n, 1000 + (power(random(), 3) * 50000000)::bigint,
      (${sql.param(mdaIds)}::uuid[])[1 + head % ${MDA_COUNT}],
      (${sql.param(headCodes)}::text[])[1 + head],
      (case when c < 0.55 then 'remita' when c < 0.70 then 'pos' when c < 0.85 then 'bank'
            when c < 0.95 then 'card' else 'manual' end)::payment_channel,
      (case when rev then 'reversed' else 'paid' end)::payment_status,
      (array['direct-assessment','tcc','stamp-duty','demand-notice','ssc','paye','other'])[1 + head % 7]::payment_type,
      (array['assessment','tcc','stamp_duty','demand_notice','ssc_schedule',null,null])[1 + head % 7]::payment_subject_kind,
      case when head % 7 < 5 then 'bench-' || n end,
      'notification', paid,
      case when rev then least(now(), paid + make_interval(days => (random() * 30)::int)) end,
      paid, paid, 'bench-' || n
    from (select n, floor(power(random(), 2) * ${HEAD_COUNT})::int as head, random() as c,
                 random() < 0.01 as rev,
                 now() - make_interval(secs => random() * 1095 * 86400) as paid
          from generate_series(${from}::int, ${to}::int) as n) as g`;
}

/** The ledger, loaded as fast as PostgreSQL takes it; returns the timings. */
export async function loadLedger(db: Db, mdaIds: string[], headCodes: string[]) {
  // Their definitions are read before the drop and built again after the load (lib/bulkLoad.ts).
  const dropped = await dropSecondaryIndexes(db, 'payments');

  // With the triggers as shipped (collection totals, history totals, payer-name words).
  let started = performance.now();
  await db.execute(insertChunk(mdaIds, headCodes, 1, TRIGGER_SAMPLE));
  const withTriggersSeconds = (performance.now() - started) / 1000;
  log(`${TRIGGER_SAMPLE} payments with the triggers on in ${withTriggersSeconds.toFixed(1)} s`);

  // The rest without triggers or foreign-key checks: the totals are rebuilt after.
  started = performance.now();
  for (let from = TRIGGER_SAMPLE + 1; from <= PAYMENTS; from += CHUNK) {
    const to = Math.min(PAYMENTS, from + CHUNK - 1);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx.execute(insertChunk(mdaIds, headCodes, from, to));
    });
    log(`loaded ${to.toLocaleString('en')} payments`);
  }
  const withoutTriggersSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const rebuilt = await rebuildCollectionTotals(db);
  const rebuildSeconds = (performance.now() - started) / 1000;
  log(`rebuilt the collection totals in ${rebuildSeconds.toFixed(1)} s`, rebuilt);
  // The payments' indexes, as the migrations define them: the work queues (dashboards/me) and
  // the indicators read payments by them, and without them each call scans the whole ledger.
  started = performance.now();
  await buildIndexes(db, dropped);
  const indexSeconds = (performance.now() - started) / 1000;
  log(
    `built the payments' ${dropped.length} secondary indexes again in ${indexSeconds.toFixed(1)} s`,
  );
  await db.execute(sql`vacuum analyze payments`);
  await db.execute(sql`vacuum analyze collection_daily_totals`);
  await db.execute(sql`vacuum analyze collection_monthly_totals`);
  started = performance.now();
  const differences = process.env.BENCH_SKIP_VERIFY ? [] : await verifyCollectionTotals(db);
  const verifySeconds = (performance.now() - started) / 1000;
  if (!process.env.BENCH_SKIP_VERIFY)
    log(`verified in ${verifySeconds.toFixed(1)} s: ${differences.length} differences`);
  return {
    indexes: {
      droppedAndRebuilt: dropped.map((index) => index.name),
      rebuildSeconds: Number(indexSeconds.toFixed(1)),
    },
    withTriggers: {
      payments: TRIGGER_SAMPLE,
      seconds: Number(withTriggersSeconds.toFixed(1)),
      perSecond: Math.round(TRIGGER_SAMPLE / withTriggersSeconds),
    },
    withoutTriggers: {
      payments: PAYMENTS - TRIGGER_SAMPLE,
      seconds: Number(withoutTriggersSeconds.toFixed(1)),
      perSecond: Math.round((PAYMENTS - TRIGGER_SAMPLE) / withoutTriggersSeconds),
    },
    rebuild: { seconds: Number(rebuildSeconds.toFixed(1)), ...rebuilt },
    verify: process.env.BENCH_SKIP_VERIFY
      ? { skipped: true }
      : { seconds: Number(verifySeconds.toFixed(1)), differences: differences.length },
    loadAfter: load(),
  };
}

/**
 * What each session of the burst is waiting on, sampled: the wait event; for a heavyweight
 * lock not yet granted, its kind and relation (a tuple lock names the table whose row the
 * session queues for); and the table of any row lock it holds, since the first in a row's
 * queue holds the row's tuple lock and waits on the transaction that has the row (a
 * `transactionid` wait names no table of its own). A session waiting on another's transaction
 * without a row lock is in ON CONFLICT's check of the unique index, which names no table
 * either: `totals_in` is the last totals table, in the order the triggers write them, that
 * the session has opened (each trigger statement locks its table as it starts), the one it is in.
 */
const WAITS = `
  select a.wait_event_type || ':' || a.wait_event as wait,
    coalesce((select l.locktype || coalesce(' ' || c.relname, '')
              from pg_locks l left join pg_class c on c.oid = l.relation
              where l.pid = a.pid and not l.granted limit 1), '') as waiting_for,
    coalesce((select string_agg(distinct c.relname, ' ')
              from pg_locks l join pg_class c on c.oid = l.relation
              where l.pid = a.pid and l.locktype = 'tuple' and l.granted), '') as tuple_of,
    coalesce((select t.name from (values
                (1, 'collection_daily_totals'),
                (3, 'payment_daily_totals'), (4, 'payment_monthly_totals')) as t(o, name)
              join pg_locks l on l.pid = a.pid and l.relation = t.name::regclass and l.granted
              order by t.o desc limit 1), '') as totals_in
  from pg_stat_activity a
  where a.datname = $1 and a.pid <> pg_backend_pid() and a.backend_type = 'client backend'
    and a.state = 'active' and a.wait_event_type is not null`;

/** 50 connections recording payments at once, to `mdaOf(connection)`, on today. */
async function burst(url: string, label: string, mdaOf: (connection: number) => string) {
  const pool = new pg.Pool({ connectionString: url, max: BURST_CONNECTIONS + 1 });
  const clients = await Promise.all(
    Array.from({ length: BURST_CONNECTIONS }, () => pool.connect()),
  );
  const watcher = await pool.connect();
  const database = new URL(url).pathname.slice(1);
  let watching = true;
  let samples = 0;
  let waitingSum = 0;
  let waitingMax = 0;
  const waits = new Map<string, number>();
  const watching$ = (async () => {
    while (watching) {
      const { rows } = await watcher.query(WAITS, [database]);
      const sampled = rows as {
        wait: string;
        waiting_for: string;
        tuple_of: string;
        totals_in: string;
      }[];
      const n = sampled.filter((r) => r.wait.startsWith('Lock:')).length;
      for (const r of sampled) {
        const key = [
          r.wait,
          r.waiting_for && `waits for ${r.waiting_for}`,
          r.tuple_of && `holds the row lock of ${r.tuple_of}`,
          r.wait.startsWith('Lock:transactionid') && r.totals_in && `in ${r.totals_in}`,
        ]
          .filter(Boolean)
          .join(', ');
        waits.set(key, (waits.get(key) ?? 0) + 1);
      }
      samples++;
      waitingSum += n;
      waitingMax = Math.max(waitingMax, n);
      await sleep(5);
    }
  })();
  const loadBefore = load();
  const times: number[] = [];
  const began = performance.now();
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 0; i < BURST_PER_CONNECTION; i++) {
        const started = performance.now();
        const ref = `BURST/${label}/${Date.now()}/${c}/${i}`;
        await client.query('begin');
        await client.query(
          `insert into payments (receipt_number, amount_kobo, mda_id, revenue_head_code, channel,
             status, arrival, paid_at, source_reference)
           values ($1, 500000, $2, '12000000', 'pos', 'paid', 'push', now(), $1)`,
          [ref, mdaOf(c)],
        );
        await client.query('commit');
        times.push(performance.now() - started);
      }
    }),
  );
  const wallMs = performance.now() - began;
  watching = false;
  await watching$;
  watcher.release();
  for (const client of clients) client.release();
  await pool.end();
  const payments = BURST_CONNECTIONS * BURST_PER_CONNECTION;
  return {
    label,
    payments,
    wallMs: Math.round(wallMs),
    perSecond: Math.round((payments / wallMs) * 1000),
    msPerPayment: quantiles(times),
    sessionsWaitingOnALock: {
      mean: Number((waitingSum / Math.max(1, samples)).toFixed(2)),
      max: waitingMax,
      samples,
    },
    // Sessions seen waiting, summed over the samples, by what they waited on, most first.
    waits: Object.fromEntries(
      [...waits]
        .sort((a, b) => b[1] - a[1])
        .map(([k, v]) => [k, Number((v / Math.max(1, samples)).toFixed(2))]),
    ),
    loadBefore,
  };
}

async function bursts(db: Db, url: string, mdaIds: string[]) {
  const hot = mdaIds[0] as string;
  const COLLECTION = ['collection_totals_after_insert'];
  const ALL_TOTALS = [...COLLECTION, 'payment_daily_totals_after_insert'];
  const variants: Record<string, { mdaOf: (c: number) => string; off: string[] }> = {
    'one MDA, one day': { mdaOf: () => hot, off: [] },
    'spread over 30 MDAs': { mdaOf: (c) => mdaIds[c % mdaIds.length] as string, off: [] },
    'one MDA, collection triggers off': { mdaOf: () => hot, off: COLLECTION },
    'one MDA, every payment-total trigger off': { mdaOf: () => hot, off: ALL_TOTALS },
  };
  const names = Object.keys(variants);
  const results = [];
  for (let round = 0; round < BURST_ROUNDS; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + round) % names.length] as string;
      const variant = variants[name] as (typeof variants)[string];
      for (const trigger of ALL_TOTALS) {
        const toggle = variant.off.includes(trigger) ? 'disable' : 'enable';
        await db.execute(sql.raw(`alter table payments ${toggle} trigger ${trigger}`));
      }
      await db.execute(sql`checkpoint`);
      const result = { round, ...(await burst(url, name, variant.mdaOf)) };
      log('burst', JSON.stringify(result));
      results.push(result);
    }
  }
  for (const trigger of ALL_TOTALS) {
    await db.execute(sql.raw(`alter table payments enable trigger ${trigger}`));
  }
  return results;
}

/** Each report's read, in the shape the report asks for it. */
function reportShapes(today: string, bigMda: string, mdaIds: string[]) {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const firstOfMonth = (y: number, m: number) =>
    `${y + Math.floor((m - 1) / 12)}-${String(((((m - 1) % 12) + 12) % 12) + 1).padStart(2, '0')}-01`;
  const lastMonthFrom = firstOfMonth(year, month - 1);
  const thisMonthFrom = `${today.slice(0, 7)}-01`;
  const dayBefore = (iso: string) =>
    new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const lastMonthTo = dayBefore(thisMonthFrom);
  const all = { all: true } as const;
  type Shape = { name: string; filter: (i: number) => TotalsFilter; groupBy: TotalsDimension[] };
  const shapes: Shape[] = [
    {
      name: 'collections by MDA, year to date (MDA × channel)',
      filter: () => ({ from: `${year}-01-01`, to: today, scope: all }),
      groupBy: ['mda', 'channel'],
    },
    {
      name: 'collections by MDA × channel, last month',
      filter: () => ({ from: lastMonthFrom, to: lastMonthTo, scope: all }),
      groupBy: ['mda', 'channel'],
    },
    {
      name: 'one MDA by revenue head × month, the last 12 months (the biggest MDA)',
      filter: () => ({
        from: firstOfMonth(year, month - 11),
        to: today,
        scope: all,
        mdaIds: [bigMda],
      }),
      groupBy: ['revenueHead', 'month'],
    },
    {
      name: 'one MDA by revenue head × month, the last 12 months (each MDA in turn)',
      filter: (i) => ({
        from: firstOfMonth(year, month - 11),
        to: today,
        scope: all,
        mdaIds: [mdaIds[i % mdaIds.length] as string],
      }),
      groupBy: ['revenueHead', 'month'],
    },
    {
      name: 'the 24-month trend (by month)',
      filter: () => ({ from: firstOfMonth(year, month - 23), to: today, scope: all }),
      groupBy: ['month'],
    },
    {
      name: 'day by day, last month',
      filter: () => ({ from: lastMonthFrom, to: lastMonthTo, scope: all }),
      groupBy: ['day'],
    },
    {
      name: 'day by day, this month to date, by channel',
      filter: () => ({ from: thisMonthFrom, to: today, scope: all }),
      groupBy: ['day', 'channel'],
    },
    {
      name: 'a quarter cut mid-month, by MDA (ends read day by day)',
      filter: () => ({
        from: `${firstOfMonth(year, month - 4).slice(0, 7)}-15`,
        to: `${firstOfMonth(year, month - 1).slice(0, 7)}-14`,
        scope: all,
      }),
      groupBy: ['mda'],
    },
    {
      name: 'three years, by MDA × subject kind × type (an MDA officer of 3 MDAs)',
      filter: () => ({
        from: firstOfMonth(year - 3, month),
        to: today,
        scope: { all: false, mdaIds: mdaIds.slice(0, 3) },
      }),
      groupBy: ['mda', 'subjectKind', 'type'],
    },
  ];
  return { shapes, lastMonthFrom, lastMonthTo };
}

/**
 * The bench's officer of every user type (lib/server.ts), the MDA staff with the first three
 * bench MDAs: each is asked for its own work queue (dashboards/me). Made where missing, so a
 * kept database gets them too.
 */
async function createQueueOfficers(db: Db, mdaIds: string[]) {
  const existing = new Set(
    (await db.select({ username: officers.username }).from(officers)).map((o) => o.username),
  );
  for (const userType of USER_TYPES) {
    if (existing.has(benchUsername(userType))) continue;
    await createBenchOfficer(db, userType, isMdaScoped(userType) ? mdaIds.slice(0, 3) : []);
  }
}

/** The MDAs a kept database was loaded with (seedMdasAndHeads'), in the same order. */
async function benchMdas(db: Db) {
  const mdaRows = await db
    .select({ id: mdas.id })
    .from(mdas)
    .where(sql`${mdas.code} like 'B%' and ${mdas.name} like 'Bench MDA %'`)
    .orderBy(mdas.code);
  if (mdaRows.length !== MDA_COUNT) throw new Error('BENCH_REUSE: not a bench:reports database');
  return mdaRows.map((r) => r.id);
}

async function main() {
  const reuse = process.env.BENCH_REUSE;
  const scratch = await openPgScratch(PG_SERVER_URL, scratchOptionsFromEnv());
  const { db } = scratch.database;
  const date = new Date().toISOString().slice(0, 10);
  const size = PAYMENTS === 10_000_000 ? '' : `-${PAYMENTS / 1_000_000}m`;
  const { file, results, write } = resultsFile(
    process.env.BENCH_ONLY_BURST
      ? `reports-burst-${date}-postgres-${process.env.BENCH_ONLY_BURST}.json`
      : `reports-${date}-postgres${size}${reuse ? '-reads' : ''}.json`,
    { payments: PAYMENTS, runs: RUNS },
  );
  try {
    // A reused database gets the migrations added since it was loaded (an index, say).
    await scratch.database.migrate();
    results.database = { name: scratch.name, kept: !!process.env.BENCH_KEEP, reused: !!reuse };
    let mdaIds: string[];
    if (reuse) {
      // The reads only, on the ledger a BENCH_KEEP run left: no burst, no load.
      mdaIds = await benchMdas(db);
      await db.execute(sql`analyze collection_daily_totals`);
      await db.execute(sql`analyze collection_monthly_totals`);
    } else {
      const seeded = await seedMdasAndHeads(db);
      mdaIds = seeded.mdaIds;

      if (!process.env.BENCH_SKIP_BURST) {
        results.burst = await bursts(db, scratch.url, mdaIds);
        write();
        if (process.env.BENCH_ONLY_BURST) return;
      }

      log(`loading ${PAYMENTS.toLocaleString('en')} payments`);
      results.ledger = await loadLedger(db, mdaIds, seeded.headCodes);
    }
    await createQueueOfficers(db, mdaIds);
    const counts = (await db.execute(sql`
      select (select count(*) from payments)::text as payments,
             (select count(*) from collection_daily_totals)::text as day_rows,
             (select count(*) from collection_monthly_totals)::text as month_rows`)) as unknown as {
      rows: Record<string, string>[];
    };
    results.rows = counts.rows[0];
    log('rows', counts.rows[0]);
    write();

    const today = todayInLagos();
    // The biggest MDA: the one of head 0, which random()² favours.
    const bigMda = mdaIds[0] as string;
    const { shapes, lastMonthFrom, lastMonthTo } = reportShapes(today, bigMda, mdaIds);
    const floor = [];
    for (const shape of process.env.BENCH_SKIP_FLOOR ? [] : shapes) {
      const rows = (await selectCollectionTotals(db, shape.filter(0), shape.groupBy)).length;
      const figures = await measure((i) =>
        selectCollectionTotals(db, shape.filter(i), shape.groupBy),
      );
      const row = { name: shape.name, groupBy: shape.groupBy, rowsAnswered: rows, ...figures };
      log('floor', JSON.stringify(row));
      floor.push(row);
    }
    results.floor = floor;
    write();

    const config = inProcessConfig('reports');
    const app = await buildApp({ config, database: scratch.database, runJobs: false });
    try {
      const headers = await signInApp(app);
      const endpoints: Endpoint[] = [
        {
          name: 'collections-by-mda, year to date (default)',
          url: '/api/v1/reports/collections-by-mda',
        },
        {
          name: 'collections-by-mda, last month',
          url: `/api/v1/reports/collections-by-mda?from=${lastMonthFrom}&to=${lastMonthTo}`,
        },
        {
          name: 'collections-by-mda, last month, POS only',
          url: `/api/v1/reports/collections-by-mda?from=${lastMonthFrom}&to=${lastMonthTo}&channel=pos`,
        },
        ...extraEndpoints(today, lastMonthFrom, lastMonthTo),
      ];
      // Each user type's own work queue: what it counts depends on the officer's permissions
      // and MDAs (the ADMIN's includes the payments' queues, which read the 10 M rows).
      for (const userType of USER_TYPES) {
        endpoints.push({
          name: `dashboards/me (work queues) as ${userType}`,
          url: '/api/v1/dashboards/me',
          headers: await signInApp(app, benchUsername(userType)),
        });
      }
      const http: unknown[] = [];
      const skipped: unknown[] = [];
      results.http = http;
      results.skipped = skipped;
      // BENCH_SKIP_ENDPOINTS: names (comma-separated, a part of each is enough) left out.
      const leftOut = (process.env.BENCH_SKIP_ENDPOINTS ?? '').split(',').filter(Boolean);
      for (const endpoint of endpoints) {
        if (leftOut.some((part) => endpoint.name.includes(part))) {
          skipped.push({
            name: endpoint.name,
            url: endpoint.url,
            status: 'left out (BENCH_SKIP_ENDPOINTS)',
          });
          continue;
        }
        const asWho = endpoint.headers ?? headers;
        const first = await app.inject({ method: 'GET', url: endpoint.url, headers: asWho });
        // A route another branch adds is measured only where it is merged and answers.
        if (first.statusCode !== 200 && endpoint.optional) {
          skipped.push({
            name: endpoint.name,
            url: endpoint.url,
            status: first.statusCode,
            body: first.body.slice(0, 200),
          });
          log('skipped', endpoint.url, first.statusCode, first.body.slice(0, 200));
          continue;
        }
        if (first.statusCode !== 200) {
          throw new Error(`${endpoint.url}: ${first.statusCode} ${first.body.slice(0, 300)}`);
        }
        const figures = await measure(async () => {
          const answer = await app.inject({ method: 'GET', url: endpoint.url, headers: asWho });
          if (answer.statusCode !== 200) throw new Error(`${endpoint.url}: ${answer.statusCode}`);
        });
        const row = {
          name: endpoint.name,
          url: endpoint.url,
          bytes: first.body.length,
          ...figures,
        };
        log('http', JSON.stringify(row));
        http.push(row);
        write();
      }
    } finally {
      await app.close();
    }
    results.machine = { ...(results.machine as object), loadAtEnd: load() };
    write();
  } finally {
    await scratch.drop();
  }
  console.log('wrote', file);
}

/**
 * The report routes other branches add (budget performance, dashboards, the JRB return), when
 * they are merged: each tried once, and skipped, said so, where the route is not here.
 */
type Endpoint = {
  name: string;
  url: string;
  /** Answers other than 200 skip it rather than fail the run (a route not merged here). */
  optional?: boolean;
  /** Whose session asks (the ADMIN's unless given). */
  headers?: Record<string, string>;
};

function extraEndpoints(today: string, lastMonthFrom: string, lastMonthTo: string): Endpoint[] {
  void today;
  return [
    { name: 'budget-performance, year to date', url: '/api/v1/reports/budget-performance' },
    {
      name: 'budget-performance, last month',
      url: `/api/v1/reports/budget-performance?from=${lastMonthFrom}&to=${lastMonthTo}`,
    },
    { name: 'dashboards/executive', url: '/api/v1/dashboards/executive' },
    { name: 'dashboards/mdas', url: '/api/v1/dashboards/mdas' },
    {
      name: 'jrb-return, last month',
      url: `/api/v1/reports/jrb-return?period=${lastMonthFrom.slice(0, 7)}`,
    },
    { name: 'jrb-return (default)', url: '/api/v1/reports/jrb-return' },
    { name: 'mda-summary, year to date', url: '/api/v1/reports/mda-summary' },
    { name: 'mda-revenue, year to date', url: '/api/v1/reports/mda-revenue' },
  ].map((e) => ({ ...e, optional: true }));
}

// Run as `npm run bench:reports`; imported by indicators.bench.ts for the ledger it loads.
if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
