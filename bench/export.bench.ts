/**
 * A list export streams (docs/decisions/0029-one-export-path.md): a 200,000-row payment export
 * must keep the server's memory flat. This exports the payment history as CSV and as XLSX
 * and samples the process's RSS and V8 heap every 20 ms meanwhile.
 *
 *   npm run bench:export                                          # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:export
 *   BENCH_ROWS=50000 npm run bench:export
 *
 * The real app (buildApp) listens on loopback in this process; the file is downloaded over
 * HTTP and each chunk dropped as it arrives, as a browser saving it to disk would. The server
 * and the reader share the process, so the figures hold both (the reader keeps nothing).
 * Results go to bench/results/export-<kind>.json.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import type { Database } from '../src/server/db/client';
import { mdas } from '../src/server/db/schema';
import { EXPORT_PAGE_SIZE } from '../src/server/export/exportList';
import { openScratchDatabase } from './lib/scratch';
import { createBenchOfficer, inProcessConfig, signIn } from './lib/server';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const MB = 1024 * 1024;

/** Paid payments of one MDA, one a minute back from now, in one statement. */
async function seedPayments(database: Database, mdaId: string) {
  await database.db.execute(sql`
    insert into payments (receipt_number, rrr, amount_kobo, mda_id, payer_name, payer_phone,
      channel, status, description, order_id, source_reference, arrival, paid_at, created_at,
      updated_at)
    select 'BIRS/2026/' || lpad(n::text, 8, '0'),
      '2' || lpad(((n::bigint * 739391173) % 100000000000)::text, 11, '0'),
      50000 + n * 7, ${mdaId}::uuid, 'Payer ' || n || ' Ebiowei', '+23480' || lpad(n::text, 8, '0'),
      'remita', 'paid', 'Bench payment', 'RD' || lpad(n::text, 10, '0'),
      'RT' || lpad(n::text, 12, '0'), 'notification',
      now() - interval '1 minute' * n, now() - interval '1 minute' * n,
      now() - interval '1 minute' * n
    from generate_series(1, ${ROWS}::int) n`);
}

type Sample = { rssMb: number; heapMb: number; liveMb: number };

/** `liveMb`: V8's heap and the Buffers outside it (a socket's unsent bytes are Buffers). */
const sample = (): Sample => {
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  return { rssMb: rss / MB, heapMb: heapUsed / MB, liveMb: (heapUsed + arrayBuffers) / MB };
};

const gc = () => (globalThis as { gc?: () => void }).gc?.();

/** A slow reader's pace: it takes this many bytes a second, far below what the server writes. */
const SLOW_BYTES_PER_SECOND = 256 * 1024;
/** How long the slow reader reads before it stops (the download cancelled). */
const SLOW_SECONDS = Number(process.env.BENCH_SLOW_SECONDS ?? 20);

/**
 * One download. `heapPeakMb` is V8's heap at its fullest, garbage included (how lazily V8
 * collects moves it); `livePeakMb` is the heap and Buffers just after a forced collection, once
 * a second: what the export really holds. A slow reader (`slow`) takes SLOW_BYTES_PER_SECOND for
 * SLOW_SECONDS and cancels: were the stream written faster than the reply drains, what it has
 * not sent would pile up in the live heap.
 */
async function measureExport(
  base: string,
  auth: Record<string, string>,
  format: 'csv' | 'xlsx',
  reading: 'fast' | 'slow' = 'fast',
) {
  gc();
  const before = sample();
  let peak = before;
  let livePeakMb = before.liveMb;
  const timer = setInterval(() => {
    const now = sample();
    peak = {
      ...peak,
      rssMb: Math.max(peak.rssMb, now.rssMb),
      heapMb: Math.max(peak.heapMb, now.heapMb),
    };
  }, 20);
  const liveTimer = setInterval(() => {
    gc();
    livePeakMb = Math.max(livePeakMb, sample().liveMb);
  }, 1000);
  const started = performance.now();
  const url = `${base}/api/v1/payments?format=${format}&sort=-createdAt`;
  const headers = { ...auth, 'accept-encoding': 'identity' };
  let bytes = 0;
  let firstByteMs = 0;
  if (reading === 'fast') {
    const res = await fetch(url, { headers });
    if (res.status !== 200 || !res.body)
      throw new Error(`${format}: ${res.status} ${await res.text()}`);
    const reader = res.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.value.byteLength;
    }
  } else {
    // node:http, read with for-await: while the loop sleeps nothing is read, the socket is
    // paused and the server's writes back up, as a slow client's would.
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(url, { headers }, resolve).on('error', reject),
    );
    if (res.statusCode !== 200) throw new Error(`${format}: ${res.statusCode}`);
    for await (const chunk of res) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += (chunk as Buffer).byteLength;
      const due = (bytes / SLOW_BYTES_PER_SECOND) * 1000 - (performance.now() - started);
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      if (performance.now() - started > SLOW_SECONDS * 1000) {
        res.destroy();
        break;
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  clearInterval(liveTimer);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    format,
    reading,
    rows: reading === 'slow' ? null : ROWS,
    megabytes: round(bytes / MB),
    seconds: round(seconds),
    firstByteMs: Math.round(firstByteMs),
    rssBeforeMb: round(before.rssMb),
    rssPeakMb: round(peak.rssMb),
    rssGrowthMb: round(peak.rssMb - before.rssMb),
    heapBeforeMb: round(before.heapMb),
    heapPeakMb: round(peak.heapMb),
    heapGrowthMb: round(peak.heapMb - before.heapMb),
    liveBeforeMb: round(before.liveMb),
    livePeakMb: round(livePeakMb),
    liveGrowthMb: round(livePeakMb - before.liveMb),
  };
}

async function main() {
  const { database, drop } = await openScratchDatabase(SERVER_URL);
  await database.migrate();
  const config = inProcessConfig('export');
  const app = await buildApp({ config, database, runJobs: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    await createBenchOfficer(database.db);
    const [mda] = await database.db
      .insert(mdas)
      .values({ code: 'BENCH', name: 'Bench Ministry', category: 'ministry' })
      .returning({ id: mdas.id });
    const seeding = performance.now();
    await seedPayments(database, mda?.id as string);
    console.log(`${ROWS} payments in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    const auth = await signIn(base);

    const figures = {
      date: new Date().toISOString().slice(0, 10),
      database: database.kind,
      node: process.version,
      pageSize: EXPORT_PAGE_SIZE,
      results: [
        await measureExport(base, auth, 'csv'),
        await measureExport(base, auth, 'xlsx'),
        await measureExport(base, auth, 'csv', 'slow'),
        await measureExport(base, auth, 'xlsx', 'slow'),
      ],
    };
    console.table(figures.results);
    const file = path.join(
      'bench/results',
      process.env.BENCH_RESULTS_FILE ?? `export-${database.kind}.json`,
    );
    writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`written to ${file}`);
  } finally {
    await app.close();
    await drop();
  }
}

await main();
