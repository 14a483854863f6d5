/**
 * docs/architecture.md §9: "a 10,000-row RRR CSV is checked with a progress bar and a downloadable
 * result, never a frozen page". This measures how long the batch check takes end to end
 * against the Remita simulator, and how quickly the progress endpoint answers meanwhile.
 *
 *   npm run bench:rrr-batch                      # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:rrr-batch
 *   BENCH_ROWS=2000 npm run bench:rrr-batch
 *
 * The real app (buildApp) listens on loopback in this process, with its simulators and its
 * job worker, exactly as in demo mode; the file is uploaded and polled over HTTP. Against the
 * real Remita the time is set by Remita's answers (about 200 ms each, four at a time).
 * Results go to bench/results/rrr-batch-<kind>.json.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { systemActor } from '../src/server/auth/actor';
import { demoRemitaCredentials } from '../src/server/db/seed/mdas';
import { createSimulators } from '../src/server/integrations/simulators';
import { createMdaService } from '../src/server/modules/mdas/service';
import { secretBoxFromConfig } from '../src/server/secrets';
import type { JobView } from '../src/shared/payments';
import { openScratchDatabase } from './lib/scratch';
import { createBenchOfficer, inProcessConfig, signIn } from './lib/server';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const SERVER_URL = process.env.BENCH_DATABASE_URL;

async function main() {
  const { database, drop } = await openScratchDatabase(SERVER_URL);
  await database.migrate();
  const config = inProcessConfig('batch', 'on');
  const simulators = createSimulators(config);
  const app = await buildApp({ config, database, simulators });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const seed = systemActor('seed');
  await createBenchOfficer(database.db);
  const credentials = demoRemitaCredentials(0);
  const mda = await createMdaService({
    db: database.db,
    secrets: secretBoxFromConfig(config),
  }).createMda(seed, {
    code: 'BENCH',
    name: 'Bench Ministry',
    shortName: null,
    category: 'ministry',
    isActive: true,
    merchantId: credentials.merchantId,
    serviceTypeIds: credentials.serviceTypeIds,
    apiKey: credentials.apiKey,
  });
  // A month's file: mostly unpaid bills, one in fifty paid (recorded in the ledger), some failed.
  const rrrs = Array.from(
    { length: ROWS },
    (_, i) =>
      simulators.remita.addInvoice({
        merchantId: credentials.merchantId,
        serviceTypeId: credentials.serviceTypeIds[0] as string,
        amountKobo: 250_000,
        orderId: `BENCH-${i}`,
        payerName: 'Preye Ebikeme',
        payerEmail: 'preye@example.com',
        payerPhone: '08035550000',
        description: 'Bench fees',
        statusCode: i % 50 === 0 ? '00' : i % 17 === 0 ? '02' : '021',
      }).rrr,
  );

  const auth = await signIn(base);

  const form = new FormData();
  form.append('file', new Blob([`rrr\n${rrrs.join('\n')}\n`], { type: 'text/csv' }), 'rrrs.csv');
  form.append('mdaId', mda.id);
  const started = performance.now();
  const upload = await fetch(`${base}/api/v1/remita/rrr/status-batch`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  if (upload.status !== 202) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const { jobId } = (await upload.json()) as { jobId: string };
  const accepted = performance.now();

  // Poll as the dialog does (every 700 ms) and time each answer: the page must never freeze.
  const pollMs: number[] = [];
  let job: JobView;
  for (;;) {
    const asked = performance.now();
    const res = await fetch(`${base}/api/v1/jobs/${jobId}`, { headers: auth });
    job = (await res.json()) as JobView;
    pollMs.push(performance.now() - asked);
    if (job.status === 'succeeded' || job.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 700));
  }
  const finished = performance.now();
  const result = await fetch(`${base}/api/v1/jobs/${jobId}/result.csv`, { headers: auth });
  const resultBytes = (await result.arrayBuffer()).byteLength;

  pollMs.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(pollMs[Math.min(pollMs.length - 1, Math.floor(q * pollMs.length))] ?? 0);
  const figures = {
    date: new Date().toISOString().slice(0, 10),
    database: database.kind,
    rows: ROWS,
    status: job.status,
    counts: job.counts,
    uploadMs: Math.round(accepted - started),
    checkSeconds: Number(((finished - accepted) / 1000).toFixed(1)),
    rowsPerSecond: Math.round(ROWS / ((finished - accepted) / 1000)),
    progressPolls: pollMs.length,
    progressAnswerMs: { p50: at(0.5), p99: at(0.99), max: Math.round(pollMs.at(-1) ?? 0) },
    resultCsvBytes: resultBytes,
    cpus: os.cpus().length,
  };
  await app.close();
  await drop();
  const file = path.join('bench/results', `rrr-batch-${database.kind}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.table(figures);
  console.log(`written to ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
