/**
 * The Service performance page on the DEMO data (docs/indicators.md), on PGlite or PostgreSQL:
 *
 *   DATA_DIR=/tmp/revdesk-demo npx tsx bench/indicatorsDemo.bench.ts      # PGlite, seeded once
 *   DATABASE_URL=postgres://…/<scratch> npx tsx bench/indicatorsDemo.bench.ts
 *
 * Seeds the demo data as src/server/main.ts does (each part skipped when already there), then:
 * 1. each indicator's computation alone, for the current month and last month;
 * 2. the snapshots cleared, as on a server just started: GET /api/v1/indicators (the current
 *    month, last month) through the real app (buildApp + inject, no job worker), timed;
 * 3. the snapshot job from nothing, timed, and the same GETs while it runs (a view every 250 ms);
 * 4. with every closed month stored: BENCH_RUNS views (default 20) of the current month, last
 *    month and a year ago, p50/p95, the load average beside each.
 * BENCH_KEEP_SNAPSHOTS=1 leaves the stored snapshots alone (skips 2 and 3).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/open';
import { indicatorSnapshots } from '../src/server/db/schema';
import { seedAllDemoData } from '../src/server/db/seed/all';
import { createSimulators } from '../src/server/integrations/simulators';
import { COMPUTE } from '../src/server/modules/indicators/compute';
import { computeFigure } from '../src/server/modules/indicators/service';
import { snapshotClosedMonths } from '../src/server/modules/indicators/snapshots';
import { todayInLagos } from '../src/shared/dates';
import type { IndicatorKey } from '../src/shared/indicators/definitions';
import { addMonths, monthOf } from '../src/shared/indicators/months';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const ms = (t: number) => Number((performance.now() - t).toFixed(1));
const load = () => os.loadavg()[0]?.toFixed(1);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SEED: 'demo' });
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  const { db } = database;
  const simulators = createSimulators(config);
  let t = performance.now();
  await seedAllDemoData(db, config, simulators);
  console.log('seed ms', ms(t), 'load', load());
  const today = todayInLagos();
  const current = monthOf(today);
  const last = addMonths(current, -1);
  for (const month of [current, last]) {
    for (const key of Object.keys(COMPUTE) as IndicatorKey[]) {
      t = performance.now();
      await computeFigure(db, key, month, today);
      console.log('compute', month, key.padEnd(28), ms(t));
    }
  }

  const app = await buildApp({ config, database, simulators, runJobs: false });
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username: 'admin', password: config.demoPassword },
  });
  const headers = { authorization: `Bearer ${(login.json() as { token: string }).token}` };
  const view = async (month?: string) => {
    const started = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/v1/indicators${month ? `?month=${month}` : ''}`,
      headers,
    });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
    return ms(started);
  };
  const views = async (label: string, month: string | undefined, runs: number) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) times.push(await view(month));
    console.log(
      'view',
      label.padEnd(34),
      'p50',
      pct(times, 50),
      'p95',
      pct(times, 95),
      'first',
      times[0],
      'load',
      load(),
    );
  };

  if (!process.env.BENCH_KEEP_SNAPSHOTS) {
    await db.delete(indicatorSnapshots);
    await views('no snapshots: current month', undefined, 3);
    await views('no snapshots: last month', last, 3);
    // The job from nothing, and views meanwhile.
    t = performance.now();
    let done = false;
    const job = snapshotClosedMonths(db, today, { pauseMs: 25 }).finally(() => {
      done = true;
    });
    const during: number[] = [];
    while (!done) {
      during.push(await view());
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log('job stored', await job, 'ms', ms(t), 'load', load());
    console.log('views during the job', JSON.stringify(during));
  }
  await views('current month', undefined, RUNS);
  await views('last month', last, RUNS);
  await views('a year ago', addMonths(current, -12), RUNS);
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
