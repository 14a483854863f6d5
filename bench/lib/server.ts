import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { systemActor } from '../../src/server/auth/actor';
import { loadConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import { createOfficerService } from '../../src/server/modules/officers/service';
import { USER_TYPE_LABELS, type UserType } from '../../src/shared/userTypes';

/**
 * Starts the real server (src/server/main.ts) in a child process on loopback, in production
 * mode without demo data, and resolves once /api/ready answers. The rate limit on sign-in is
 * lifted: the benchmarks sign in on purpose. Production wants a SECRETS_KEY: a scratch
 * database holds no secret, so any key of the run will do.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  readyTimeoutMs = 30_000,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      SECRETS_KEY: randomBytes(32).toString('base64'),
      TCC_SIGNING_KEY: randomBytes(32).toString('base64'),
      // Production needs real addresses; the benchmarks never call out to them.
      REMITA_BASE_URL: 'http://127.0.0.1:9/remita',
      EVAS_BASE_URL: 'http://127.0.0.1:9/evas',
      CARD_GATEWAY_BASE_URL: 'http://127.0.0.1:9/card',
      CARD_GATEWAY_SECRET: randomBytes(24).toString('hex'),
      BENJIS_BASE_URL: 'http://127.0.0.1:9/benjis',
      POS_PROVIDER_SECRET: randomBytes(24).toString('hex'),
      // A benchmark of the statement fetch gives its own bank (bench/bank-statement.ts).
      FIDELITY_BASE_URL: env.FIDELITY_BASE_URL ?? 'http://127.0.0.1:9/fidelity',
      FIDELITY_API_KEY: env.FIDELITY_API_KEY ?? 'bench-fidelity-key',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Production names where Remita's notifications come from (docs/deploy.md): loopback here.
      REMITA_NOTIFICATION_SOURCES: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitReady(child, port, readyTimeoutMs);
}

/**
 * Starts the ceiling harness's bare server (lib/bareServer.ts) on `port` with the statements of
 * `routesFile`, on PostgreSQL at `databaseUrl` or PGlite in `pgliteDir`.
 */
export function startBareServer(
  port: number,
  routesFile: string,
  database: { databaseUrl: string } | { pgliteDir: string },
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/bareServer.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BARE_PORT: String(port),
      BARE_ROUTES: routesFile,
      ...('databaseUrl' in database
        ? { BARE_DATABASE_URL: database.databaseUrl }
        : { BARE_PGLITE_DIR: database.pgliteDir }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return waitReady(child, port, 30_000);
}

/** Resolves once /api/ready on `port` answers; kills the child if it never does. */
async function waitReady(
  child: ChildProcess,
  port: number,
  readyTimeoutMs: number,
): Promise<ChildProcess> {
  // tsx compiles the server on start: a few seconds, more when the two cores are busy.
  const began = performance.now();
  while (performance.now() - began < readyTimeoutMs && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  child.kill();
  throw new Error(`the server on port ${port} did not become ready`);
}

/** Stops the server and waits until it has exited. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}

/** The password of every officer a bench makes with createBenchOfficer. */
export const BENCH_PASSWORD = 'Bench-Officer-2026!';

/** The username of the bench's officer of a user type: bench_admin, bench_officer_mda, … */
export const benchUsername = (userType: UserType) => `bench_${userType.toLowerCase()}`;

/**
 * The bench's officer of `userType` (the ADMIN unless named), signing in with BENCH_PASSWORD,
 * with `mdaPrivileges` for MDA staff; made through the officer service, as an administrator would.
 */
export function createBenchOfficer(
  db: Db,
  userType: UserType = 'ADMIN',
  mdaPrivileges: readonly string[] = [],
) {
  const username = benchUsername(userType);
  return createOfficerService({ db }).createOfficer(systemActor('seed'), {
    username,
    email: `${username}@bench.revdesk.ng`,
    firstName: 'Bench',
    surname: USER_TYPE_LABELS[userType],
    phoneNumber: '+2348030000000',
    userType,
    password: BENCH_PASSWORD,
    mdaPrivileges,
  });
}

/** Signs a bench officer in through `app` (inject, no socket); the bearer header. */
export async function signInApp(
  app: FastifyInstance,
  username = benchUsername('ADMIN'),
  password = BENCH_PASSWORD,
): Promise<Record<string, string>> {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
  });
  if (login.statusCode !== 200) throw new Error(`sign-in: ${login.statusCode} ${login.body}`);
  return { authorization: `Bearer ${(login.json() as { token: string }).token}` };
}

/**
 * Signs in on the server at `server` (a loopback port, or a base URL such as app.listen
 * answers); the bearer header of the session.
 */
export async function signIn(
  server: number | string,
  username = benchUsername('ADMIN'),
  password = BENCH_PASSWORD,
): Promise<Record<string, string>> {
  const base = typeof server === 'number' ? `http://127.0.0.1:${server}` : server;
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`bench sign-in refused: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** The port a bench's server listens on: BENCH_PORT, else the bench's own. */
export const benchPort = (fallback: number) => Number(process.env.BENCH_PORT ?? fallback);

/**
 * The configuration of the app a bench runs in its own process (buildApp): test mode, silent,
 * no demo data, its files under the temp folder's revdesk-bench-`name`, and a fixed secrets key
 * (a scratch database holds no secret). `simulators`: 'on' where the bench drives them.
 */
export function inProcessConfig(name: string, simulators: 'on' | 'off' = 'off') {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'none', SIMULATORS: simulators }),
    dataDir: path.join(os.tmpdir(), `revdesk-bench-${name}`),
    secretsKey: Buffer.alloc(32, 7),
  };
}
