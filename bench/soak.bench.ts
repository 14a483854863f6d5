/**
 * `npm run bench:soak`: the real server under a mixed workload of every role for a while
 * (SOAK_MINUTES, default 20), sampling its memory and counting errors (docs/architecture.md §9; the
 * production hardening work: no growth beyond a stated bound, zero errors).
 *
 * The server runs as `npm start` does, with demo data (PGlite under a scratch DATA_DIR, or
 * PostgreSQL when SOAK_DATABASE_URL is set) and its Remita simulator. Each of the 17 demo
 * officers signs in; every GET the OpenAPI document lists that the officer may call (first
 * page, no required query) and the detail pages reached from those lists make the reads.
 * Writes: registrations, Remita notifications (for RRRs Remita does not know: checked, refused
 * and audited), and sign-in/sign-out. Every answer but a 2xx — or the 409/422 a write may give —
 * is an error. Memory is the server process's resident set (/proc), sampled every 15 s.
 *
 * Bound: after the first SOAK_WARMUP_MINUTES (default 3) the resident set grows by at most
 * SOAK_GROWTH_MIB (default 64) to the end. Figures go to results/soak-<date>-<db>.json.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { individualInput } from '../src/server/testing/factories';
import { type RevDeskProcess, startRevDesk } from '../src/server/testing/processes';
import { USER_TYPES } from '../src/shared/userTypes';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 20);
const WARMUP_MINUTES = Number(process.env.SOAK_WARMUP_MINUTES ?? Math.min(3, MINUTES / 4));
const GROWTH_MIB = Number(process.env.SOAK_GROWTH_MIB ?? 64);
const LANES = Number(process.env.SOAK_CONNECTIONS ?? 8);
const SAMPLE_MS = 15_000;
const PASSWORD = 'revdesk-demo';

type Operation = { method: 'GET'; path: string; params: string[] };
type Officer = { userType: string; headers: Record<string, string>; reads: string[] };
type Sample = {
  atSeconds: number;
  rssMiB: number;
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
};

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kib / 1024) * 10) / 10;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return (
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function signIn(url: string, username: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (res.status !== 200)
    throw new Error(`${username} cannot sign in: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** GET operations of the document: lists (no path parameter) and details (one). */
async function readOperations(url: string): Promise<Operation[]> {
  const document = (await (await fetch(`${url}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        { security?: unknown[]; parameters?: { in: string; name: string; required?: boolean }[] }
      >
    >;
  };
  const out: Operation[] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    const get = methods.get;
    // Public routes are rate-limited per address by design: the soak is the officers' day.
    if (
      !get ||
      get.security?.length === 0 ||
      route.includes('/_sim') ||
      route.endsWith('/export') ||
      /\.(csv|xlsx|pdf)$/.test(route)
    )
      continue;
    const parameters = get.parameters ?? [];
    if (parameters.some((p) => p.in === 'query' && p.required)) continue;
    const params = parameters.filter((p) => p.in === 'path').map((p) => p.name);
    if (params.length <= 1) out.push({ method: 'GET', path: route, params });
  }
  return out;
}

/** Detail paths for `/x/{p}` from the items of the list `/x` this officer may read. */
function detailPaths(list: string, body: unknown, details: Operation[]): string[] {
  const items = (body as { items?: Record<string, unknown>[] })?.items;
  if (!Array.isArray(items)) return [];
  const out: string[] = [];
  for (const detail of details) {
    const [param] = detail.params;
    if (!param || detail.path !== `${list}/{${param}}`) continue;
    for (const item of items.slice(0, 5)) {
      const value = item[param] ?? item.id;
      if (typeof value === 'string' || typeof value === 'number') {
        out.push(detail.path.replace(`{${param}}`, encodeURIComponent(String(value))));
      }
    }
  }
  return out;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-soak-'));
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    SEED: 'demo',
    SIMULATORS: 'on',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  };
  if (process.env.SOAK_DATABASE_URL) env.DATABASE_URL = process.env.SOAK_DATABASE_URL;
  const database = env.DATABASE_URL ? 'postgres' : 'pglite';
  console.log(`soak: ${MINUTES} min on ${database}, ${LANES} connections; seeding the demo data…`);
  const server: RevDeskProcess = await startRevDesk(env);
  try {
    const operations = await readOperations(server.url);
    const lists = operations.filter((o) => o.params.length === 0);
    const details = operations.filter((o) => o.params.length === 1);
    // Calibration: each officer keeps the reads it may make and that answer 200.
    const officers: Officer[] = [];
    for (const userType of USER_TYPES) {
      const username = userType.toLowerCase();
      const headers = await signIn(server.url, username);
      const reads: string[] = [];
      for (const list of lists) {
        const res = await fetch(`${server.url}${list.path}`, { headers });
        if (res.status !== 200) continue;
        reads.push(list.path);
        const type = res.headers.get('content-type') ?? '';
        if (!type.includes('json')) {
          await res.arrayBuffer();
          continue;
        }
        for (const detail of detailPaths(list.path, await res.json(), details)) {
          const answer = await fetch(`${server.url}${detail}`, { headers });
          await answer.arrayBuffer();
          if (answer.status === 200) reads.push(detail);
        }
      }
      officers.push({ userType, headers, reads });
    }
    const registrar = officers.find((o) => o.userType === 'OFFICER_DA') as Officer;
    console.log(
      `soak: ${officers.reduce((n, o) => n + o.reads.length, 0)} reads over ${officers.length} officers; running`,
    );

    let latencies: number[] = [];
    let requests = 0;
    let errors = 0;
    const errorExamples: string[] = [];
    const samples: Sample[] = [];
    const began = performance.now();
    const endAt = began + MINUTES * 60_000;
    let serial = 0;

    const call = async (
      method: string,
      target: string,
      headers: Record<string, string>,
      body?: unknown,
      allowed: number[] = [],
    ) => {
      const start = performance.now();
      try {
        const res = await fetch(`${server.url}${target}`, {
          method,
          headers:
            body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        await res.arrayBuffer();
        if (!res.ok && !allowed.includes(res.status)) {
          errors += 1;
          if (errorExamples.length < 20) errorExamples.push(`${method} ${target} → ${res.status}`);
        }
      } catch (err) {
        errors += 1;
        if (errorExamples.length < 20) errorExamples.push(`${method} ${target} → ${String(err)}`);
      }
      requests += 1;
      latencies.push(performance.now() - start);
    };

    const lane = async (index: number) => {
      while (performance.now() < endAt) {
        serial += 1;
        const officer = officers[(serial + index) % officers.length] as Officer;
        const roll = serial % 50;
        if (roll === 0) {
          await call(
            'POST',
            '/api/v1/taxpayers/individuals',
            registrar.headers,
            individualInput({ firstName: `Soak${String.fromCharCode(97 + (serial % 26))}` }),
            [409, 422],
          );
        } else if (roll === 1) {
          const rrr = String(100_000_000_000 + ((serial * 7919) % 899_999_999_999));
          await call('POST', '/api/v1/remita/notifications', {}, [
            { rrr, amount: 1000, transactiondate: '2026-11-24', debitdate: '2026-11-24' },
          ]);
        } else if (roll === 2) {
          const headers = await signIn(server.url, officer.userType.toLowerCase()).catch(
            () => null,
          );
          requests += 1;
          if (!headers) errors += 1;
          else await call('POST', '/api/v1/auth/logout', headers, {}, []);
        } else {
          const read = officer.reads[serial % Math.max(1, officer.reads.length)];
          if (read) await call('GET', read, officer.headers);
        }
      }
    };

    const sampler = (async () => {
      for (;;) {
        const left = endAt - performance.now();
        if (left <= 0) break;
        await sleep(Math.min(SAMPLE_MS, left));
        const sorted = latencies.sort((a, b) => a - b);
        samples.push({
          atSeconds: Math.round((performance.now() - began) / 1000),
          rssMiB: rssMiB(server.pid),
          requests,
          errors,
          p50Ms: percentile(sorted, 0.5),
          p99Ms: percentile(sorted, 0.99),
        });
        latencies = [];
        const last = samples.at(-1) as Sample;
        console.log(
          `  ${last.atSeconds}s rss ${last.rssMiB} MiB, ${last.requests} requests, ${last.errors} errors, p50 ${last.p50Ms} ms, p99 ${last.p99Ms} ms`,
        );
      }
    })();
    await Promise.all([...Array.from({ length: LANES }, (_, i) => lane(i)), sampler]);

    const afterWarmup = samples.filter((s) => s.atSeconds >= WARMUP_MINUTES * 60);
    const startRss = median(afterWarmup.slice(0, 3).map((s) => s.rssMiB));
    const endRss = median(afterWarmup.slice(-3).map((s) => s.rssMiB));
    const growth = Math.round((endRss - startRss) * 10) / 10;
    const passed = errors === 0 && growth <= GROWTH_MIB;
    const result = {
      date: new Date().toISOString(),
      database,
      minutes: MINUTES,
      connections: LANES,
      warmupMinutes: WARMUP_MINUTES,
      boundMiB: GROWTH_MIB,
      loadAverage: os.loadavg(),
      requests,
      requestsPerSecond: Math.round(requests / (MINUTES * 60)),
      errors,
      errorExamples,
      rssAfterWarmupMiB: startRss,
      rssAtEndMiB: endRss,
      growthMiB: growth,
      passed,
      samples,
    };
    const file = path.join('bench/results', `soak-${result.date.slice(0, 10)}-${database}.json`);
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(
      `soak ${passed ? 'passed' : 'FAILED'}: ${requests} requests (${result.requestsPerSecond}/s), ${errors} errors, resident set ${startRss} → ${endRss} MiB (${growth >= 0 ? '+' : ''}${growth}, bound ${GROWTH_MIB}). ${file}`,
    );
    if (!passed) process.exitCode = 1;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
