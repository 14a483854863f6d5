import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

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

/** Signs in on the server of `port`; answers the bearer header of the session. */
export async function signIn(
  port: number,
  username: string,
  password: string,
): Promise<Record<string, string>> {
  const login = await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`bench sign-in refused: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}
