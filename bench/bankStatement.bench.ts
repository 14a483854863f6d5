/**
 * docs/architecture.md §9 and docs/bank.md: "a month of 100,000 statement lines for one account is
 * matched in a job that keeps the page responsive". This measures how long the fetch job takes
 * to read a month from the bank simulator day by day, store every line once and match the
 * credits to the ledger, and how quickly a read route answers meanwhile.
 *
 *   npm run bench:bank-statement                      # PGlite in memory
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:bank-statement
 *   BENCH_LINES=20000 npm run bench:bank-statement
 *
 * The real app (buildApp) listens on loopback in this process with its simulators and its job
 * worker, as in demo mode: the job and the officer's requests share one event loop and one
 * database, which is what "the page still answering" is about. The ledger holds
 * `BENCH_PAYMENTS` paid payments (default 2,000) whose RRRs or receipt numbers the statement's
 * credits name, so the matcher has real work; the rest of the lines are the simulator's noise.
 * Results go to bench/results/bank-statement-<kind>.json.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { systemActor } from '../src/server/auth/actor';
import { mdas, payments } from '../src/server/db/schema';
import { createSimulators } from '../src/server/integrations/simulators';
import { createBankAccountService } from '../src/server/modules/bank/accounts/service';
import type { StatementFetchView } from '../src/shared/bank/accounts';
import { addDays } from '../src/shared/dates';
import { openScratchDatabase } from './lib/scratch';
import { createBenchOfficer, inProcessConfig, signIn } from './lib/server';

const LINES = Number(process.env.BENCH_LINES ?? 100_000);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 2_000);
const DAYS = 30;
const FIRST_DAY = '2026-09-01';
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const ACCOUNT = '1098765432';

function quantiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1) ?? 0) };
}

async function main() {
  const loadAtStart = os.loadavg().map((l) => Number(l.toFixed(2)));
  const { database, drop } = await openScratchDatabase(SERVER_URL);
  await database.migrate();
  const config = {
    ...inProcessConfig('bank', 'on'),
    fidelityTimeoutMs: 120_000,
  };
  const simulators = createSimulators(config);
  const app = await buildApp({ config, database, simulators });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const db = database.db;

  const seed = systemActor('seed');
  await createBenchOfficer(db);
  const [mda] = await db
    .insert(mdas)
    .values({ code: 'BENCH', name: 'Bench Ministry', isActive: true })
    .returning({ id: mdas.id });
  if (!mda) throw new Error('no MDA');
  await createBankAccountService({ db }).createAccount(seed, {
    bank: 'fidelity',
    accountNumber: ACCOUNT,
    name: 'Bench Collection Account',
    mdaId: mda.id,
  });

  // The ledger's side: paid payments over the month, each named by one credit of the
  // statement (an RRR, or every third a receipt number), one in twenty split across two lines.
  const paidRows = Array.from({ length: PAYMENTS }, (_, i) => {
    const day = addDays(FIRST_DAY, i % DAYS);
    return {
      receiptNumber: `BENCH/2026/${String(i + 1).padStart(9, '0')}`,
      rrr: String(290_000_000_000 + i),
      amountKobo: 500_000 + (i % 997) * 100,
      mdaId: mda.id,
      channel: 'remita' as const,
      status: 'paid' as const,
      arrival: 'notification' as const,
      paidAt: new Date(`${day}T10:00:00+01:00`),
    };
  });
  for (let i = 0; i < paidRows.length; i += 1_000) {
    await db.insert(payments).values(paidRows.slice(i, i + 1_000));
  }
  const perDay = Math.max(0, Math.ceil((LINES - PAYMENTS * 1.05) / DAYS));
  await simulators.batch(async () => {
    simulators.fidelity.registerAccount(ACCOUNT, perDay);
    for (const [i, row] of paidRows.entries()) {
      simulators.fidelity.expectCredit({
        accountNumber: ACCOUNT,
        valueDate: addDays(FIRST_DAY, i % DAYS),
        amountKobo: row.amountKobo,
        narration: i % 3 === 2 ? `DEP RCPT ${row.receiptNumber}` : `REMITA RRR ${row.rrr}`,
        isSplit: i % 20 === 7,
      });
    }
  });
  const bankLines = simulators.fidelity.statementBetween(
    ACCOUNT,
    FIRST_DAY,
    addDays(FIRST_DAY, DAYS - 1),
  ).length;

  const auth = await signIn(base);

  const started = performance.now();
  const queued = await fetch(`${base}/api/v1/bank/statements/fetch`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      accountNumber: ACCOUNT,
      from: FIRST_DAY,
      to: addDays(FIRST_DAY, DAYS - 1),
    }),
  });
  if (queued.status !== 202) throw new Error(`fetch: ${queued.status} ${await queued.text()}`);
  const { jobId } = (await queued.json()) as { jobId: string };

  // While the job runs: the progress as the page polls it (every 700 ms), and two read routes
  // an officer would be on, asked back to back (the collection accounts, the payment history).
  const progressMs: number[] = [];
  const readMs: Record<string, number[]> = { accounts: [], payments: [] };
  let job: StatementFetchView;
  let isRunning = true;
  const reader = (async () => {
    while (isRunning) {
      for (const [name, url] of [
        ['accounts', '/api/v1/bank/accounts'],
        ['payments', '/api/v1/payments?page=1&pageSize=50'],
      ] as const) {
        const asked = performance.now();
        const res = await fetch(`${base}${url}`, { headers: auth });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        readMs[name]?.push(performance.now() - asked);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  for (;;) {
    const asked = performance.now();
    const res = await fetch(`${base}/api/v1/bank/statements/fetch/${jobId}`, { headers: auth });
    job = (await res.json()) as StatementFetchView;
    progressMs.push(performance.now() - asked);
    if (job.status === 'succeeded' || job.status === 'failed') break;
    await new Promise((resolve) => setTimeout(resolve, 700));
  }
  const finished = performance.now();
  isRunning = false;
  await reader;

  const states = (await db.execute(
    sql`select coalesce(state::text, 'debit') as state, count(*)::int as n from bank_statement_lines group by 1 order by 1`,
  )) as unknown as { rows: { state: string; n: number }[] };
  const seconds = (finished - started) / 1000;
  const figures = {
    date: new Date().toISOString().slice(0, 10),
    database: database.kind,
    bankLines,
    ledgerPayments: PAYMENTS,
    status: job.status,
    error: job.error ?? null,
    stored: job.stored,
    byState: Object.fromEntries(states.rows.map((r) => [r.state, r.n])),
    fetchStoreAndMatchSeconds: Number(seconds.toFixed(1)),
    linesPerSecond: Math.round(job.stored / seconds),
    progressAnswerMs: quantiles(progressMs),
    whileRunning: {
      'GET /bank/accounts ms': quantiles(readMs.accounts ?? []),
      'GET /payments ms': quantiles(readMs.payments ?? []),
    },
    cpus: os.cpus().length,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: os.loadavg().map((l) => Number(l.toFixed(2))),
  };
  await app.close();
  await drop();
  const file = path.join('bench/results', `bank-statement-${database.kind}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(JSON.stringify(figures, null, 2));
  console.log(`written to ${file}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
