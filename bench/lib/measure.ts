import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

/** What the benchmarks keep of an endpoint under load. */
export type Drive = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  timeouts: number;
  /** The server's own CPU time per answered request (user + system), when its pid was given. */
  cpuMsPerRequest?: number;
};

/**
 * A process's CPU time so far (user + system) in milliseconds, from /proc (Linux), or null
 * where there is none to read.
 */
export function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, hence the last ')').
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime: fields 14 and 15
    return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** USER_HZ, 100 on every Linux this runs on (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * A driver of the server on `port` with autocannon: each call drives one endpoint for `seconds`
 * (the driver's own by default), each request with the next path of `paths`, and logs its line.
 * A slow endpoint at 50 connections queues requests for seconds: those that time out are
 * counted, not thrown, as they are the finding. Any other failure is the bench's own fault, and
 * figures of refused requests would measure the refusal.
 */
export function driverOn(options: {
  port: number;
  connections: number;
  seconds: number;
  timeoutSeconds: number;
  /** The server's process, to measure its CPU time per request. */
  pid?: number;
}) {
  const { port } = options;
  return async (
    name: string,
    paths: string[],
    headers: Record<string, string>,
    seconds = options.seconds,
  ): Promise<Drive> => {
    let i = 0;
    const cpuBefore = processCpuMs(options.pid);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: options.connections,
      duration: seconds,
      timeout: options.timeoutSeconds,
      headers,
      requests: [
        {
          setupRequest: (req) => {
            i += 1;
            return { ...req, path: paths[i % paths.length] as string };
          },
        },
      ],
    });
    if (result.non2xx > 0 || result.errors > result.timeouts) {
      throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
    const cpuAfter = processCpuMs(options.pid);
    const answered = result.requests.total;
    const row: Drive = {
      name,
      rps: Number(result.requests.average.toFixed(1)),
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      timeouts: result.timeouts,
      ...(cpuBefore !== null && cpuAfter !== null && answered > 0
        ? { cpuMsPerRequest: Number(((cpuAfter - cpuBefore) / answered).toFixed(3)) }
        : {}),
    };
    const cpu = row.cpuMsPerRequest === undefined ? '' : `, ${row.cpuMsPerRequest} ms CPU each`;
    console.log(
      `  ${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.timeouts} timeouts${cpu}`,
    );
    // Wait for what is still queued in the server (its pool answers in order), so the next
    // endpoint does not pay for this one.
    await fetch(`http://127.0.0.1:${port}${paths[0]}`, { headers });
    return row;
  };
}

/**
 * A query run one at a time over `inputs` in turn (the floor): at least `minRuns` times, then
 * until `seconds` have passed, at most `maxRuns`. Percentiles in milliseconds.
 */
export async function timeQuery(
  inputs: readonly unknown[],
  run: (input: unknown) => Promise<unknown>,
  limits: { seconds: number; minRuns: number; maxRuns: number },
) {
  const times: number[] = [];
  const began = performance.now();
  for (
    let i = 0;
    i < limits.maxRuns && (i < limits.minRuns || performance.now() - began < limits.seconds * 1000);
    i++
  ) {
    const started = performance.now();
    await run(inputs[i % inputs.length]);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number((times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(2));
  return { runs: times.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

/** The statement a query function sends, caught by a drizzle logger, then EXPLAIN ANALYZEd. */
export async function explainStatement(
  pool: pg.Pool,
  run: (db: Db) => Promise<unknown>,
  options = 'analyze, buffers',
): Promise<string> {
  let caught: { query: string; params: unknown[] } | undefined;
  const spy = drizzle(pool, {
    schema,
    logger: {
      logQuery: (query, params) => {
        caught = { query, params };
      },
    },
  }) as unknown as Db;
  await run(spy);
  if (!caught) throw new Error('no statement was caught');
  const result = await pool.query(
    `explain (${options}) ${caught.query}`,
    caught.params as unknown[],
  );
  return result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
}

/** The load averages (1, 5, 15 minutes): beside every figure, as other work shares the cores. */
export const loadAverage = () => os.loadavg().map((l) => Number(l.toFixed(2)));

/** A log line with the time of day and the load average. */
export const logWithLoad = (...args: unknown[]) =>
  console.log(new Date().toISOString().slice(11, 19), `load ${loadAverage().join(' ')}`, ...args);

/** p50/p95/p99/max of times in milliseconds (nearest rank). */
export function quantiles(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0).toFixed(2));
  return { runs: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

/** `run` `runs` times one after the other (after five not counted), with the load average. */
export async function timeRuns(runs: number, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await run(i);
  const loadBefore = loadAverage();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return { ...quantiles(times), loadBefore, loadAfter: loadAverage() };
}

/**
 * A run's results, begun with the date, the machine and its load, and written whole to
 * bench/results/`name` by each `write()` (so a run cut short keeps what it measured).
 */
export function resultsFile(name: string, fields: Record<string, unknown>) {
  const file = path.join(import.meta.dirname, '..', 'results', name);
  const results: Record<string, unknown> = {
    date: new Date().toISOString(),
    ...fields,
    machine: { cpus: os.cpus().length, loadAtStart: loadAverage() },
    note: 'The machine was shared with other sessions: read the load average beside each figure; re-run quietly before quoting.',
  };
  return {
    file,
    results,
    write: () => writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`),
  };
}
