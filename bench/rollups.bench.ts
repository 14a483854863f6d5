/**
 * The collection totals (ADR 0034) at scale, on PostgreSQL:
 *
 *   npm run bench:rollups                              # 1,000,000 payments on the local server
 *   BENCH_PAYMENTS=10000000 npm run bench:rollups      # 10 M (loading takes minutes)
 *
 * 1. Loads BENCH_PAYMENTS payments over two years and 25 MDAs (every channel, 2 % reversed a
 *    few days after they were paid) through the triggers, in chunks, and times the load.
 * 2. The floor of the collections-by-MDA report (the SQL alone, one at a time): a year, a
 *    quarter cut mid-month, one day, one MDA's year.
 * 3. `rollups:verify` and `rollups:rebuild` at that size.
 * 4. The hot row: 50 connections each recording payments to one MDA on one day at once, with
 *    the totals sharded per session (as shipped) and with every session writing shard 0 (the
 *    function swapped for the run), and with the collection triggers off — the difference is
 *    what the totals cost a burst and what the shards save.
 * Results go to bench/results/rollups-<date>-postgres.json; the scratch database is dropped.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/server/db/client';
import { mdas } from '../src/server/db/schema';
import { DEMO_MDAS } from '../src/server/db/seed/mdas';
import { selectCollectionsByMdaAndChannel } from '../src/server/modules/reports/collections/queries';
import {
  compactCollectionTotals,
  rebuildCollectionTotals,
  verifyCollectionTotals,
} from '../src/server/modules/reports/rollups';
import { explainStatement, timeQuery } from './lib/measure';
import { openPgScratch, PG_SERVER_URL } from './lib/scratch';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
const CHUNK = 250_000;
const BURST_CONNECTIONS = 50;
const BURST_PER_CONNECTION = Number(process.env.BENCH_BURST ?? 20);
const BURST_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function seedMdas(db: Db): Promise<string[]> {
  const rows = await db
    .insert(mdas)
    .values(DEMO_MDAS.map((m) => ({ code: m.code, name: m.name, category: m.category })))
    .returning({ id: mdas.id });
  return rows.map((r) => r.id);
}

/**
 * Payments n = from…to: paid over the last two years, 2 % reversed 0–9 days later. Each MDA
 * has eight revenue heads and each head counts as one tax type, as heads do; channels are
 * mostly Remita. So a day holds at most 25 × 8 × 5 keys, as a real ledger's would.
 */
function insertChunk(mdaIds: string[], from: number, to: number) {
  return sql`
    insert into payments (receipt_number, amount_kobo, mda_id, revenue_head_code, channel, status,
      type, arrival, paid_at, status_changed_at, created_at, source_reference)
    select 'BENCH/' || n, (1000 + (random() * 5000000)::int),
      (${sql.param(mdaIds)}::uuid[])[1 + (random() * ${mdaIds.length - 1})::int],
      '1201' || lpad(head::text, 4, '0'),
      (array['remita','remita','remita','pos','bank','card','manual'])[1 + (random() * 6)::int]::payment_channel,
      case when random() < 0.02 then 'reversed' else 'paid' end::payment_status,
      (array['direct-assessment','presumptive-tax','paye','stamp-duty','demand-notice','other'])[1 + head % 6]::payment_type,
      'notification', paid, paid + make_interval(days => (random() * 9)::int), paid, 'bench-' || n
    from (select n, (random() * 7)::int as head,
                 now() - make_interval(secs => random() * 730 * 86400) as paid
          from generate_series(${from}::int, ${to}::int) as n) as g`;
}

async function burst(url: string, mdaId: string, label: string) {
  const pool = new pg.Pool({ connectionString: url, max: BURST_CONNECTIONS });
  const clients = await Promise.all(
    Array.from({ length: BURST_CONNECTIONS }, () => pool.connect()),
  );
  const times: number[] = [];
  const began = performance.now();
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 0; i < BURST_PER_CONNECTION; i++) {
        const started = performance.now();
        await client.query('begin');
        await client.query(
          `insert into payments (receipt_number, amount_kobo, mda_id, channel, status, arrival, paid_at, source_reference)
           values ($1, 5000, $2, 'pos', 'paid', 'push', now(), $1)`,
          [`BURST/${label}/${c}/${i}`, mdaId],
        );
        await client.query('commit');
        times.push(performance.now() - started);
      }
    }),
  );
  const wallMs = performance.now() - began;
  for (const client of clients) client.release();
  await pool.end();
  times.sort((a, b) => a - b);
  const at = (q: number) => Number((times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(2));
  const payments = BURST_CONNECTIONS * BURST_PER_CONNECTION;
  return {
    label,
    payments,
    wallMs: Math.round(wallMs),
    perSecond: Math.round((payments / wallMs) * 1000),
    p50: at(0.5),
    p99: at(0.99),
  };
}

async function main() {
  const scratch = await openPgScratch(PG_SERVER_URL);
  const { db } = scratch.database;
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    payments: PAYMENTS,
    machine: { cpus: os.cpus().length, loadAtStart: os.loadavg() },
  };
  try {
    await scratch.database.migrate();
    const mdaIds = await seedMdas(db);

    const loadStarted = performance.now();
    for (let from = 1; from <= PAYMENTS; from += CHUNK) {
      await db.execute(insertChunk(mdaIds, from, Math.min(PAYMENTS, from + CHUNK - 1)));
    }
    await db.execute(sql`analyze`);
    results.loadSeconds = Number(((performance.now() - loadStarted) / 1000).toFixed(1));
    const [rows] = await db
      .select({
        days: sql<string>`(select count(*) from collection_daily_totals)`,
        months: sql<string>`(select count(*) from collection_monthly_totals)`,
      })
      .from(sql`(select 1) as one`);
    results.rollupRows = rows;
    console.log('loaded', results.loadSeconds, 's', rows);

    const today = new Date().toISOString().slice(0, 10);
    const year = `${today.slice(0, 4)}-01-01`;
    const cases = {
      'year to date, every MDA': { from: year, to: today, scope: { all: true } as const },
      'a quarter cut mid-month': {
        from: `${today.slice(0, 4)}-01-15`,
        to: `${today.slice(0, 4)}-04-14`,
        scope: { all: true } as const,
      },
      'one day': { from: today, to: today, scope: { all: true } as const },
      'two years, one MDA (MDA staff)': {
        from: `${Number(today.slice(0, 4)) - 2}-01-01`,
        to: today,
        scope: { all: false, mdaIds: [mdaIds[2] as string] } as const,
      },
    };
    const floor: Record<string, unknown> = {};
    for (const [name, filter] of Object.entries(cases)) {
      floor[name] = await timeQuery([filter], () => selectCollectionsByMdaAndChannel(db, filter), {
        seconds: 5,
        minRuns: 50,
        maxRuns: 2_000,
      });
      console.log('floor', name, floor[name]);
    }
    results.floor = floor;
    // The plans, so a slow case says why (read them in the results file).
    const explainPool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    const plans: Record<string, string> = {};
    for (const [name, filter] of Object.entries(cases)) {
      plans[name] = await explainStatement(explainPool, (spy) =>
        selectCollectionsByMdaAndChannel(spy, filter),
      );
    }
    await explainPool.end();
    results.plans = plans;

    let started = performance.now();
    const differences = await verifyCollectionTotals(db);
    results.verify = {
      ms: Math.round(performance.now() - started),
      differences: differences.length,
    };
    started = performance.now();
    const rebuilt = await rebuildCollectionTotals(db);
    results.rebuild = { ms: Math.round(performance.now() - started), ...rebuilt };
    console.log('verify', results.verify, 'rebuild', results.rebuild);

    // Each variant runs once per round, in a different order each round, after a checkpoint:
    // on a busy machine the first burst after the rebuild paid for its writes.
    const hotMda = mdaIds[0] as string;
    const fn = (await db.execute(
      sql`select pg_get_functiondef('collection_totals_add(jsonb)'::regprocedure) as def`,
    )) as unknown as { rows: { def: string }[] };
    const shipped = fn.rows[0]?.def as string;
    const oneShard = shipped.replaceAll('(pg_backend_pid() % 16)::smallint', '0::smallint');
    const variants: Record<string, () => Promise<unknown>> = {
      'sharded per session (as shipped)': async () => undefined,
      'one shard (every session on one row)': () => db.execute(sql.raw(oneShard)),
      'collection triggers off': () =>
        db.execute(sql`alter table payments disable trigger collection_totals_after_insert`),
    };
    const names = Object.keys(variants);
    const bursts = [];
    for (let round = 0; round < BURST_ROUNDS; round++) {
      for (let k = 0; k < names.length; k++) {
        const name = names[(k + round) % names.length] as string;
        await db.execute(sql.raw(shipped));
        await db.execute(sql`alter table payments enable trigger collection_totals_after_insert`);
        await variants[name]?.();
        await db.execute(sql`checkpoint`);
        bursts.push({ round, ...(await burst(scratch.url, hotMda, name)) });
      }
    }
    await db.execute(sql.raw(shipped));
    await db.execute(sql`alter table payments enable trigger collection_totals_after_insert`);
    results.burst = bursts;
    started = performance.now();
    results.compaction = {
      ...(await compactCollectionTotals(db, '9999-01-01')),
      ms: Math.round(performance.now() - started),
    };
    for (const b of bursts) console.log('burst', b);
    results.machine = { ...(results.machine as object), loadAtEnd: os.loadavg() };
  } finally {
    await scratch.drop();
  }
  const file = path.join(
    import.meta.dirname,
    'results',
    `rollups-${new Date().toISOString().slice(0, 10)}-postgres.json`,
  );
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log('wrote', file);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
