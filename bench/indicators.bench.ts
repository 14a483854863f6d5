import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { COMPUTE } from '../src/server/modules/indicators/compute';
import { computeFigure } from '../src/server/modules/indicators/service';
import { snapshotClosedMonths } from '../src/server/modules/indicators/snapshots';
import { todayInLagos } from '../src/shared/dates';
import type { IndicatorKey } from '../src/shared/indicators/definitions';
import { addMonths, monthOf } from '../src/shared/indicators/months';
import { loadAverage as load, logWithLoad as log, resultsFile, timeRuns } from './lib/measure';
import { openPgScratch, PG_SERVER_URL, scratchOptionsFromEnv } from './lib/scratch';
import { createBenchOfficer, inProcessConfig, signInApp } from './lib/server';
import { loadLedger, seedMdasAndHeads } from './reports.bench';

const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 10_000_000);
const RUNS = Math.max(200, Number(process.env.BENCH_RUNS ?? 200));
const measure = (run: (i: number) => Promise<unknown>) => timeRuns(RUNS, run);

async function main() {
  const reuse = process.env.BENCH_REUSE;
  const scratch = await openPgScratch(PG_SERVER_URL, scratchOptionsFromEnv());
  const { db } = scratch.database;
  const { file, results, write } = resultsFile(
    `indicators-${new Date().toISOString().slice(0, 10)}-postgres${PAYMENTS === 10_000_000 ? '' : `-${PAYMENTS / 1_000_000}m`}.json`,
    { payments: PAYMENTS, runs: RUNS },
  );
  try {
    if (!reuse) {
      await scratch.database.migrate();
      const { mdaIds, headCodes } = await seedMdasAndHeads(db);
      await createBenchOfficer(db);
      log(`loading ${PAYMENTS.toLocaleString('en')} payments`);
      results.ledger = await loadLedger(db, mdaIds, headCodes);
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

    const config = inProcessConfig('indicators');
    const app = await buildApp({ config, database: scratch.database, runJobs: false });
    try {
      const headers = await signInApp(app);
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
