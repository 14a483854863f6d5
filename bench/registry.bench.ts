/**
 * The registry-quality and certificate-turnaround indicators at scale (docs/indicators.md):
 * each figure's statement alone, p50/p95 over BENCH_RUNS runs, on BENCH_TAXPAYERS taxpayers
 * (default 200,000; 1 % in pairs sharing a phone, 0.5 % a NIN, 0.5 % a name and date of birth,
 * 3 % with no phone, registered over the last 1,500 days) and BENCH_TCCS certificates approved in one month (default 20,000, four
 * history rows each), with the plan of one run. The registry figure is timed for the open month
 * and for a day ten days back (the registrations since taken off the kept counts). Then the
 * payment burst with a taxpayer named (50 connections × BENCH_BURST paid payments, BENCH_ROUNDS
 * rounds): one taxpayer, a taxpayer per connection, and one taxpayer with the last-activity
 * trigger off (BENCH_SKIP_BURST=1 leaves it out).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/registry.bench.ts
 *
 * A scratch database on the DATABASE_URL server, dropped at the end; results go to
 * bench/results/registry-<date>-postgres-<n>k.json.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/server/db/client';
import {
  registryDuplicates,
  registryStatement,
} from '../src/server/modules/indicators/figures/registry';
import { tccWithin14Days } from '../src/server/modules/indicators/figures/turnaround';
import { todayInLagos } from '../src/shared/dates';
import { lastDayOf, monthOf } from '../src/shared/indicators/months';
import { openPgScratch, PG_SERVER_URL } from './lib/scratch';

const TAXPAYERS = Number(process.env.BENCH_TAXPAYERS ?? 200_000);
const TCCS = Number(process.env.BENCH_TCCS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BURST_CONNECTIONS = 50;
const BURST_PER_CONNECTION = Number(process.env.BENCH_BURST ?? 20);
const BURST_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * 50 connections each recording BENCH_BURST paid payments, one transaction each, all naming
 * `btinOf(connection)` on today: the last-activity trigger's cost on the hot insert path
 * (ADR 0035's burst, with a taxpayer named). Payments per second and ms per payment.
 */
async function burst(url: string, mdaId: string, btinOf: (c: number) => string) {
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
        const ref = `BURST/${Date.now()}/${c}/${i}/${Math.random()}`;
        await client.query('begin');
        await client.query(
          `insert into payments (receipt_number, amount_kobo, mda_id, revenue_head_code, channel,
             status, arrival, paid_at, source_reference, btin)
           values ($1, 500000, $2, '12000000', 'pos', 'paid', 'push', now(), $1, $3)`,
          [ref, mdaId, btinOf(c)],
        );
        await client.query('commit');
        times.push(performance.now() - started);
      }
    }),
  );
  const wallMs = performance.now() - began;
  for (const client of clients) client.release();
  await pool.end();
  const n = BURST_CONNECTIONS * BURST_PER_CONNECTION;
  return {
    payments: n,
    perSecond: Math.round((n / wallMs) * 1000),
    msPerPayment: { p50: percentile(times, 50), p95: percentile(times, 95) },
  };
}

const LAST_ACTIVITY = ['taxpayer_last_activity_after_insert'];

async function bursts(db: Db, url: string) {
  const [mda] = (
    (await db.execute(sql`
      insert into mdas (code, name) values ('BURST', 'Burst Ministry') returning id`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const btin = (n: number) => lpadBtin(n);
  // The first of the day writes the date; the rest of one taxpayer's day only read it. A
  // taxpayer per connection: 50 first writes a day, then reads.
  const variants: Record<string, { btinOf: (c: number) => string; off: boolean }> = {
    'one taxpayer': { btinOf: () => btin(1), off: false },
    'a taxpayer per connection': { btinOf: (c) => btin(c + 1), off: false },
    'one taxpayer, last-activity trigger off': { btinOf: () => btin(1), off: true },
  };
  const names = Object.keys(variants);
  const results = [];
  for (let round = 0; round < BURST_ROUNDS; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(k + round) % names.length] as string;
      const variant = variants[name] as (typeof variants)[string];
      for (const trigger of LAST_ACTIVITY) {
        const toggle = variant.off ? 'disable' : 'enable';
        await db.execute(sql.raw(`alter table payments ${toggle} trigger ${trigger}`));
      }
      // A new day for the taxpayers: the first payment of each writes again.
      await db.execute(sql`update taxpayer_last_activity set active_on = null`);
      await db.execute(sql`checkpoint`);
      const result = {
        round,
        label: name,
        load: Number(os.loadavg()[0]?.toFixed(2)),
        ...(await burst(url, mda?.id as string, variant.btinOf)),
      };
      console.log(result);
      results.push(result);
    }
  }
  for (const trigger of LAST_ACTIVITY) {
    await db.execute(sql.raw(`alter table payments enable trigger ${trigger}`));
  }
  return results;
}

const lpadBtin = (g: number) => String(1_000_000_000 + g).padStart(10, '0');

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function timed(label: string, run: () => Promise<unknown>) {
  await run(); // warm
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    ms.push(performance.now() - t0);
  }
  const result = {
    label,
    p50: Math.round(percentile(ms, 50) * 10) / 10,
    p95: Math.round(percentile(ms, 95) * 10) / 10,
  };
  console.log(result);
  return result;
}

async function main() {
  const scratch = await openPgScratch(PG_SERVER_URL);
  await scratch.database.migrate();
  const db = scratch.database.db as Db;
  try {
    const month = monthOf(todayInLagos());
    const asOf = lastDayOf(month);
    const t0 = performance.now();
    // Set-based: individuals with unique NINs and phones, then the duplicates and gaps made by
    // overwriting a few rows' columns with a neighbour's.
    await db.execute(sql`
      insert into taxpayers (btin, kind, display_name, first_name, last_name, date_of_birth, nin,
                             phone, created_at)
      select lpad((1000000000 + g)::text, 10, '0'), 'individual', 'Bench Person ' || g,
             'First' || g, 'Last' || (g % 5000), date '1960-01-01' + (g % 15000),
             lpad((20000000000 + g)::text, 11, '0'),
             '+234809' || lpad(g::text, 7, '0'),
             now() - (g % 1500) * interval '1 day'
        from generate_series(1, ${TAXPAYERS}) g`);
    await db.execute(sql`
      update taxpayers set phone = '+234809' || lpad((g - 1)::text, 7, '0')
        from generate_series(2, ${TAXPAYERS}, 200) g
       where btin = lpad((1000000000 + g)::text, 10, '0')`);
    await db.execute(sql`
      update taxpayers set nin = null, national_tax_id = lpad((20000000000 + g - 1)::text, 11, '0')
        from generate_series(3, ${TAXPAYERS}, 400) g
       where btin = lpad((1000000000 + g)::text, 10, '0')`);
    await db.execute(sql`
      update taxpayers t set first_name = p.first_name, last_name = p.last_name,
                             date_of_birth = p.date_of_birth
        from generate_series(5, ${TAXPAYERS}, 400) g
        join taxpayers p on p.btin = lpad((1000000000 + g - 1)::text, 10, '0')
       where t.btin = lpad((1000000000 + g)::text, 10, '0')`);
    await db.execute(sql`
      update taxpayers set phone = null
        from generate_series(7, ${TAXPAYERS}, 33) g
       where btin = lpad((1000000000 + g)::text, 10, '0')`);
    // Certificates approved this month, each with its history through the three stages.
    await db.execute(sql`
      insert into tccs (number, kind, status, btin, holder, holder_name, purpose,
                        source_of_income, years, created_at, issued_at, expires_on,
                        signed_payload, signing_key_id)
      select 'BENCH/TCC/' || g, 'direct-assessment', 'approved',
             lpad((1000000000 + g)::text, 10, '0'), '{}'::jsonb, 'bench', 'contract', 'Salary',
             '[]'::jsonb, ${asOf}::date - (g % 20) - 3, ${asOf}::date - (g % 20),
             ${asOf}::date + 200, 'x', 'bench'
        from generate_series(1, ${TCCS}) g`);
    await db.execute(sql`
      insert into tcc_history (tcc_id, action, from_status, to_status, at)
      select id, s.action::tcc_history_action, null, s.status::tcc_status,
             created_at + s.n * (issued_at - created_at) / 3
        from tccs,
             (values (0, 'generated', 'pending_director_assessment'),
                     (1, 'approved', 'pending_director_collection'),
                     (2, 'approved', 'pending_chairman'),
                     (3, 'approved', 'approved')) as s(n, action, status)`);
    await db.execute(sql`analyze`);
    const loadSeconds = Math.round((performance.now() - t0) / 100) / 10;
    console.log({ loadSeconds });

    const registry = await timed('registry-duplicates', () => registryDuplicates(db, month, asOf));
    // A day ten days back, as the snapshot job computes a month closed ten days ago: the
    // registrations since (about 1/70 of the registry here) are taken off the kept counts.
    const tenDaysBack = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const closed = await timed('registry-duplicates, a day ten days back', () =>
      registryDuplicates(db, monthOf(tenDaysBack), tenDaysBack),
    );
    const figure = await registryDuplicates(db, month, asOf);
    const tcc = await timed('tcc-within-14-days', () => tccWithin14Days(db, month, asOf));
    const plan = (await db.execute(sql`
      explain (analyze, buffers, format text) ${registryStatement(asOf)}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    const closedPlan = (await db.execute(sql`
      explain (analyze, buffers, format text) ${registryStatement(tenDaysBack)}`)) as unknown as {
      rows: { 'QUERY PLAN': string }[];
    };
    // Last: each round empties every active_on, which leaves the tables' dead rows behind.
    const burstResults = process.env.BENCH_SKIP_BURST ? [] : await bursts(db, scratch.url);
    const out = {
      date: new Date().toISOString(),
      database: 'postgres',
      taxpayers: TAXPAYERS,
      certificates: TCCS,
      runs: RUNS,
      loadSeconds,
      uptime: os.loadavg().map((l) => Number(l.toFixed(2))),
      results: [registry, closed, tcc],
      paymentBurst: burstResults,
      registryFigure: figure,
      registryPlan: plan.rows.map((r) => r['QUERY PLAN']),
      registryPlanTenDaysBack: closedPlan.rows.map((r) => r['QUERY PLAN']),
    };
    const file = path.join(
      'bench/results',
      `registry-${out.date.slice(0, 10)}-postgres-${TAXPAYERS / 1000}k.json`,
    );
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    console.log(`written ${file}`);
  } finally {
    await scratch.drop();
  }
}

await main();
