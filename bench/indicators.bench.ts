/**
 * The Service performance page at ten million payments (docs/indicators.md), on PostgreSQL:
 *
 *   npm run bench:indicators                           # 10,000,000 payments on the local server
 *   BENCH_PAYMENTS=2000000 npm run bench:indicators    # fewer, on a busy machine
 *
 * DATABASE_URL names the server (default the local `test` one); the bench makes its own
 * scratch database there and drops it at the end (BENCH_KEEP=1 keeps it; BENCH_REUSE=<name>
 * runs again on a kept one without loading).
 *
 * 1. The ledger as bench:reports loads it (its functions, reports.bench.ts): BENCH_PAYMENTS
 *    payments over three years, the collection totals rebuilt from them (BENCH_SKIP_VERIFY
 *    leaves out their check against the ledger).
 * 2. The closed months' snapshots, as the hourly job stores them (snapshotClosedMonths): the
 *    24 months before this one, timed; then each indicator of the current month alone.
 * 3. GET /api/v1/indicators through the real app (buildApp + inject), BENCH_RUNS runs each
 *    (≥ 200), p50/p95/p99 and the load average beside each: the current month (23 stored
 *    months and this one computed live), last month and a year ago (read from snapshots), and
 *    last month as the board's PDF (docs/indicators.md, not under the page's budget).
 * Results go to bench/results/indicators-<date>-postgres[-<n>m].json.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { COMPUTE } from '../src/server/modules/indicators/compute';
import { computeFigure } from '../src/server/modules/indicators/service';
import { snapshotClosedMonths } from '../src/server/modules/indicators/snapshots';
import { todayInLagos } from '../src/shared/dates';
import type { IndicatorKey } from '../src/shared/indicators/definitions';
import { addMonths, monthOf } from '../src/shared/indicators/months';
import { openPgScratch } from './lib/scratch';
import {
  createBenchAdmin,
  load,
  loadLedger,
  log,
  measure,
  seedMdasAndHeads,
  signIn,
} from './reports.bench';

const PG_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 10_000_000);
const RUNS = Math.max(200, Number(process.env.BENCH_RUNS ?? 200));

async function main() {
  const reuse = process.env.BENCH_REUSE;
  const scratch = await openPgScratch(PG_URL, { keep: !!process.env.BENCH_KEEP, reuse });
  if (process.env.BENCH_KEEP || reuse) log(`scratch database ${scratch.name} (kept)`);
  const { db } = scratch.database;
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    payments: PAYMENTS,
    runs: RUNS,
    machine: { cpus: os.cpus().length, loadAtStart: load() },
    note: 'The machine was shared with other sessions: read the load average beside each figure; re-run quietly before quoting.',
  };
  const file = path.join(
    import.meta.dirname,
    'results',
    `indicators-${new Date().toISOString().slice(0, 10)}-postgres${PAYMENTS === 10_000_000 ? '' : `-${PAYMENTS / 1_000_000}m`}.json`,
  );
  const write = () => writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  try {
    if (!reuse) {
      await scratch.database.migrate();
      const { mdaIds, headCodes } = await seedMdasAndHeads(db);
      await createBenchAdmin(db);
      log(`loading ${PAYMENTS.toLocaleString('en')} payments`);
      results.ledger = await loadLedger(db, mdaIds, headCodes);
      // The loader drops the payments' indexes (the reports never read payments); the arrears
      // indicators read a record's own payments through this one, so it is built again, as
      // shipped (without it every record's payments are a sequential scan, and the planner's
      // cost then brings in JIT compilation, ~100 ms a statement).
      await db.execute(
        sql`create index if not exists payments_subject_idx on payments (subject_kind, subject_id)`,
      );
      await db.execute(sql`analyze payments`);
      write();
    }

    const today = todayInLagos();
    let started = performance.now();
    const stored = await snapshotClosedMonths(db, today);
    results.snapshots = {
      figuresStored: stored,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      loadAfter: load(),
    };
    log('snapshots', JSON.stringify(results.snapshots));
    await db.execute(sql`vacuum analyze indicator_snapshots`);
    write();

    // Each indicator of the current month alone (what the live month costs, by indicator).
    const perIndicator: Record<string, unknown> = {};
    for (const key of Object.keys(COMPUTE) as IndicatorKey[]) {
      perIndicator[key] = await measure(() => computeFigure(db, key, monthOf(today), today));
      log('compute', key, JSON.stringify(perIndicator[key]));
    }
    results.currentMonthByIndicator = perIndicator;
    write();

    const config = {
      ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'none', SIMULATORS: 'off' }),
      dataDir: path.join(os.tmpdir(), 'revdesk-bench-indicators'),
      secretsKey: Buffer.alloc(32, 7),
    };
    const app = await buildApp({ config, database: scratch.database, runJobs: false });
    try {
      const headers = await signIn(app);
      const current = monthOf(today);
      const endpoints = [
        { name: 'the current month (live, 23 months stored)', url: '/api/v1/indicators' },
        {
          name: 'last month (24 months stored)',
          url: `/api/v1/indicators?month=${addMonths(current, -1)}`,
        },
        {
          name: 'a year ago (24 months stored)',
          url: `/api/v1/indicators?month=${addMonths(current, -12)}`,
        },
        {
          name: 'last month as the PDF',
          url: `/api/v1/indicators?month=${addMonths(current, -1)}&format=pdf`,
        },
      ];
      const http = [];
      for (const endpoint of endpoints) {
        started = performance.now();
        const first = await app.inject({ method: 'GET', url: endpoint.url, headers });
        const firstMs = Number((performance.now() - started).toFixed(1));
        // The PDF is measured where this build has it; the page itself must answer.
        if (first.statusCode !== 200 && endpoint.url.endsWith('format=pdf')) {
          log('skipped', endpoint.url, first.statusCode);
          continue;
        }
        if (first.statusCode !== 200) {
          throw new Error(`${endpoint.url}: ${first.statusCode} ${first.body.slice(0, 300)}`);
        }
        const figures = await measure(async () => {
          const answer = await app.inject({ method: 'GET', url: endpoint.url, headers });
          if (answer.statusCode !== 200) throw new Error(`${endpoint.url}: ${answer.statusCode}`);
        });
        const row = { ...endpoint, bytes: first.rawPayload.length, firstMs, ...figures };
        log('http', JSON.stringify(row));
        http.push(row);
        results.http = http;
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

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
