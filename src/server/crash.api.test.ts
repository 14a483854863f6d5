import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Config, loadConfig } from './config';
import type { Database } from './db/client';
import { openConfiguredDatabase } from './db/open';
import { auditEvents, payments, rrrCheckRows, taxpayers } from './db/schema';
import { notificationOf } from './integrations/remita/simulator';
import { addSimInvoice, createRemitaMda, type RemitaMda } from './integrations/remita/testing';
import { createSimulators, type Simulators, startSimulatorServer } from './integrations/simulators';
import { verifyAuditChain } from './modules/audit/chain';
import { TEST_SECRETS_KEY } from './testing/context';
import { createOfficer, individualInput, TEST_PASSWORD, uniquePhone } from './testing/factories';
import { type RevDeskProcess, startRevDesk } from './testing/processes';
import './testing/provided';

/**
 * Crash tests (docs/architecture.md §7: nothing that matters lives in one process's memory): a real
 * RevDesk process is killed with SIGKILL in the middle of a batch job, of a burst of Remita
 * notifications and (PGlite) of a stream of writes, restarted on the same data, and nothing
 * acknowledged is lost and nothing is recorded twice. Remita is a simulator in this test's own
 * process, as the real one is outside RevDesk, so it outlives every kill.
 */
const kind = inject('testDatabaseKind');
const TIMEOUT = 180_000;

let root: string;
let env: Record<string, string>;
let config: Config;
let remita: { url: string; close(): Promise<void> };
let simulators: Simulators;
let mda: RemitaMda;
let adminUsername: string;
let postgresName: string | null = null;
let server: RevDeskProcess | null = null;

async function adminQuery(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** The server's database, opened here while the server is stopped (PGlite is one process's). */
async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openConfiguredDatabase(config);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

async function start(): Promise<RevDeskProcess> {
  server = await startRevDesk(env);
  return server;
}

async function signIn(target: RevDeskProcess): Promise<Record<string, string>> {
  const res = await fetch(`${target.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: adminUsername, password: TEST_PASSWORD }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'revdesk-crash-'));
  const simulatorEnv = { NODE_ENV: 'test', DATA_DIR: path.join(root, 'sim'), LOG_LEVEL: 'silent' };
  simulators = createSimulators(loadConfig(simulatorEnv));
  remita = await startSimulatorServer(simulators, {
    selfUrl: () => server?.url ?? 'http://127.0.0.1:9',
    posProviderSecret: 'revdesk-demo-pos-secret',
  });
  const remitaUrl = remita.url;
  env = {
    NODE_ENV: 'development',
    SEED: 'none',
    SIMULATORS: 'off',
    DATA_DIR: path.join(root, 'data'),
    SECRETS_KEY: TEST_SECRETS_KEY.toString('base64'),
    REMITA_BASE_URL: `${remitaUrl}/remita`,
    EVAS_BASE_URL: `${remitaUrl}/evas`,
    REMITA_TIMEOUT_MS: '5000',
  };
  if (kind === 'postgres') {
    postgresName = `${inject('postgresTemplate')}_crash_${process.pid}`;
    await adminQuery(`create database ${postgresName} with template ${inject('postgresTemplate')}`);
    const url = new URL(inject('postgresUrl'));
    url.pathname = `/${postgresName}`;
    env.DATABASE_URL = url.toString();
  }
  config = loadConfig(env);
  await withDatabase(async (database) => {
    await database.migrate();
    const ctx = { db: database.db, config, simulators };
    mda = await createRemitaMda(ctx);
    adminUsername = (await createOfficer(ctx, { userType: 'ADMIN' })).username;
  });
}, TIMEOUT);

afterAll(async () => {
  await server?.kill9();
  await remita?.close();
  if (postgresName) await adminQuery(`drop database if exists ${postgresName} with (force)`);
  rmSync(root, { recursive: true, force: true });
});

async function untilTrue(check: () => Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

describe(`a server killed with SIGKILL and restarted on the same data (${kind})`, () => {
  it(
    'finishes a batch job it was killed in: every row checked once, each paid RRR recorded once',
    async () => {
      // Slow answers, so the kill lands part-way through the file.
      simulators.remita.registerMerchant({ ...mda.credentials, delayMs: 40 });
      const paid = Array.from(
        { length: 60 },
        () =>
          addSimInvoice({ simulators }, mda, { statusCode: '00', payerPhone: uniquePhone() }).rrr,
      );
      const pending = Array.from(
        { length: 140 },
        () => addSimInvoice({ simulators }, mda, { statusCode: '021' }).rrr,
      );
      const rrrs = [...paid, ...pending].sort();

      let running = await start();
      const headers = await signIn(running);
      const form = new FormData();
      form.append(
        'file',
        new Blob([`rrr\n${rrrs.join('\n')}\n`], { type: 'text/csv' }),
        'rrrs.csv',
      );
      form.append('mdaId', mda.id);
      const upload = await fetch(`${running.url}/api/v1/remita/rrr/status-batch`, {
        method: 'POST',
        headers,
        body: form,
      });
      expect(upload.status, await upload.clone().text()).toBe(202);
      const { jobId } = (await upload.json()) as { jobId: string };
      const progress = async (target: RevDeskProcess) => {
        const res = await fetch(`${target.url}/api/v1/jobs/${jobId}`, { headers });
        return (await res.json()) as { status: string; processed: number; total: number };
      };
      await untilTrue(async () => (await progress(running)).processed >= 30, 'the job to start');
      const before = await progress(running);
      await running.kill9();
      expect(before.status).toBe('running');
      expect(before.processed).toBeLessThan(rrrs.length);

      running = await start();
      // The embedded database resumes at once; PostgreSQL once the dead worker's lease is out.
      await untilTrue(
        async () => (await progress(running)).status === 'succeeded',
        'the job to finish after the restart',
        90_000,
      );
      await running.stop();
      server = null;

      await withDatabase(async ({ db }) => {
        const rows = await db.select().from(rrrCheckRows).where(eq(rrrCheckRows.jobId, jobId));
        expect(rows).toHaveLength(rrrs.length);
        expect(rows.filter((r) => r.outcome === null)).toEqual([]);
        expect(
          rows
            .filter((r) => r.outcome === 'paid')
            .map((r) => r.rrr)
            .sort(),
        ).toEqual([...paid].sort());
        const ledger = await db
          .select({ rrr: payments.rrr })
          .from(payments)
          .where(inArray(payments.rrr, paid));
        expect(ledger.map((r) => r.rrr).sort()).toEqual([...paid].sort());
      });
    },
    TIMEOUT,
  );

  it(
    'loses no acknowledged notification and records none twice when Remita sends them all again',
    async () => {
      simulators.remita.registerMerchant({ ...mda.credentials, delayMs: 0 });
      const invoices = Array.from({ length: 120 }, () =>
        addSimInvoice({ simulators }, mda, { statusCode: '00', payerPhone: uniquePhone() }),
      );
      const running = await start();
      const acknowledged: string[] = [];
      const send = async (target: RevDeskProcess, invoice: (typeof invoices)[number]) => {
        try {
          const res = await fetch(`${target.url}/api/v1/remita/notifications`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(notificationOf(invoice)),
          });
          if (res.status === 200 && (await res.text()) === 'OK') acknowledged.push(invoice.rrr);
        } catch {
          // The server died under this one: Remita will send it again.
        }
      };
      let next = 0;
      const lanes = Array.from({ length: 8 }, async () => {
        while (next < invoices.length) {
          const invoice = invoices[next] as (typeof invoices)[number];
          next += 1;
          await send(running, invoice);
        }
      });
      await untilTrue(async () => acknowledged.length >= 20, 'some notifications to be recorded');
      await running.kill9();
      await Promise.all(lanes);
      const acknowledgedBeforeKill = [...acknowledged];
      expect(acknowledgedBeforeKill.length).toBeLessThan(invoices.length);

      // Remita retries what it has no OK for; it may also resend what it has.
      const again = await start();
      for (const invoice of invoices) await send(again, invoice);
      await again.stop();
      server = null;

      const rrrs = invoices.map((i) => i.rrr);
      await withDatabase(async ({ db }) => {
        const ledger = await db
          .select({ rrr: payments.rrr, receiptNumber: payments.receiptNumber })
          .from(payments)
          .where(inArray(payments.rrr, rrrs));
        expect(ledger.map((r) => r.rrr).sort()).toEqual([...rrrs].sort());
        expect(new Set(ledger.map((r) => r.receiptNumber)).size).toBe(rrrs.length);
        for (const rrr of acknowledgedBeforeKill) expect(ledger.map((r) => r.rrr)).toContain(rrr);
        const recorded = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.action, 'payment.recorded'),
              sql`${auditEvents.after}->>'rrr' = any(${sql.param(rrrs)})`,
            ),
          );
        expect(recorded[0]?.n).toBe(rrrs.length);
        expect((await verifyAuditChain(db)).intact).toBe(true);
      });
    },
    TIMEOUT,
  );

  it.runIf(kind === 'pglite')(
    'keeps every acknowledged write of the embedded database, and its audit chain intact',
    async () => {
      const running = await start();
      const headers = { ...(await signIn(running)), 'content-type': 'application/json' };
      const acknowledged: string[] = [];
      let inFlight = 0;
      let attempted = 0;
      const lanes = Array.from({ length: 4 }, async (_, lane) => {
        for (let i = 0; i < 200; i += 1) {
          attempted += 1;
          inFlight += 1;
          try {
            const res = await fetch(`${running.url}/api/v1/taxpayers/individuals`, {
              method: 'POST',
              headers,
              body: JSON.stringify(
                individualInput({
                  firstName: `Crash${'ABCD'[lane]}${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${'abcdefghij'[Math.floor(i / 26) % 10]}`,
                }),
              ),
            });
            if (res.status === 201)
              acknowledged.push(
                ((await res.json()) as { taxpayer: { btin: string } }).taxpayer.btin,
              );
          } catch {
            return;
          } finally {
            inFlight -= 1;
          }
        }
      });
      await untilTrue(async () => acknowledged.length >= 25, 'some registrations to be stored');
      await running.kill9();
      await Promise.all(lanes);
      server = null;

      // It opens again after the kill, and what it acknowledged is there.
      const again = await start();
      await again.stop();
      server = null;
      await withDatabase(async ({ db }) => {
        const stored = await db
          .select({ btin: taxpayers.btin })
          .from(taxpayers)
          .where(sql`${taxpayers.firstName} like 'Crash%'`);
        const btins = stored.map((r) => r.btin);
        for (const btin of acknowledged) expect(btins).toContain(btin);
        // Only the registrations in flight at the kill may be there without an answer.
        expect(btins.length - acknowledged.length).toBeGreaterThanOrEqual(0);
        expect(btins.length - acknowledged.length).toBeLessThanOrEqual(4);
        const audited = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.action, 'taxpayer.registered'),
              sql`${auditEvents.after}->>'btin' = any(${sql.param(btins)})`,
            ),
          );
        expect(audited[0]?.n).toBe(btins.length);
        expect((await verifyAuditChain(db)).intact).toBe(true);
      });
      expect(attempted).toBeGreaterThan(acknowledged.length);
      expect(inFlight).toBe(0);
    },
    TIMEOUT,
  );
});
