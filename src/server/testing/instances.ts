import { type ChildProcess, spawn } from 'node:child_process';
import {
  createServer as createHttpServer,
  request as httpRequest,
  type IncomingHttpHeaders,
} from 'node:http';
import { createServer, type Server } from 'node:net';
import pg from 'pg';

/**
 * Real RevDesk processes for the many-instances test (docs/architecture.md §9 "Many instances",
 * docs/deploy.md), the crash tests (processes.ts) and the browser tests' servers
 * (e2e/server.ts, ADR 0027): each is `node --import tsx src/server/main.ts` with its own
 * environment, as `npm start` runs the server once the web app is built.
 */

export type Instance = {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  pid: number;
  /** Everything the process wrote, stdout and stderr together. */
  output(): string;
  /** Resolves once the server printed that it is running; rejects if the process ended first. */
  ready: Promise<void>;
  /** SIGTERM (RevDesk shuts down gracefully), then SIGKILL if it has not ended. */
  stop(): Promise<void>;
  /** SIGKILL at once: no shutdown hook runs (the crash tests). Resolves once it has ended. */
  kill9(): Promise<void>;
};

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function withoutEmpty(env: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

export function startInstance(port: number, env: Record<string, string>): Instance {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: process.cwd(),
    // Only what RevDesk needs: nothing of the test runner's environment (NODE_ENV=test…).
    // An empty value leaves the variable unset, to test RevDesk's own default (HOST: '').
    env: withoutEmpty({
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('RevDesk is running at')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() =>
      reject(new Error(`RevDesk on port ${port} ended before it was ready:\n${output}`)),
    );
  });
  // Awaited by the test; the catch only stops an unobserved rejection after a stop().
  ready.catch(() => {});
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid ?? -1,
    output: () => output,
    ready,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
    },
    async kill9() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export type Answer = { status: number; headers: IncomingHttpHeaders; body: string; bytes: Buffer };

/**
 * One HTTP request with the headers exactly as given, Host included: behind a reverse proxy
 * every instance sees the public host, which `fetch` would not let a test set.
 */
export function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: bytes.toString('utf8'),
            bytes,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A new, empty database on the server of `serverUrl`; `drop` removes it (connections ended). */
export async function createEmptyDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export type RemitaTap = {
  /** What to give RevDesk as REMITA_BASE_URL. */
  baseUrl: string;
  /** How many status checks (`…/{rrr}/{hash}/status.reg`) each RRR received. */
  statusChecks: Map<string, number>;
  /** Status checks of these RRRs wait until `release()`: a test can look while work is in hand. */
  hold(rrrs: Iterable<string>): { firstHeld: Promise<void>; release(): void };
  close(): Promise<void>;
};

const STATUS_CALL = /\/(\d{12})\/[0-9a-fA-F]+\/status\.reg$/;

/**
 * Stands between the instances and the one Remita simulator (on `simulatorUrl`) and counts the
 * status checks by RRR: how a test sees that a batch row was checked once, whichever instance
 * checked it. Everything else is passed through as it is.
 */
export async function startRemitaTap(simulatorUrl: string): Promise<RemitaTap> {
  const statusChecks = new Map<string, number>();
  let held = new Set<string>();
  let gate: Promise<void> = Promise.resolve();
  let onFirstHeld: (() => void) | null = null;
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const rrr = STATUS_CALL.exec(req.url ?? '')?.[1];
      if (rrr) statusChecks.set(rrr, (statusChecks.get(rrr) ?? 0) + 1);
      if (rrr && held.has(rrr)) {
        onFirstHeld?.();
        await gate;
      }
      const headers = { ...req.headers };
      delete headers.host;
      try {
        const answer = await call(`${simulatorUrl}${req.url ?? '/'}`, {
          method: req.method ?? 'GET',
          headers: headers as Record<string, string>,
          body: Buffer.concat(chunks),
        });
        res.writeHead(answer.status, {
          'content-type': answer.headers['content-type'] ?? 'text/plain',
        });
        res.end(answer.body);
      } catch (err) {
        res.writeHead(502).end(err instanceof Error ? err.message : String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    baseUrl: `http://127.0.0.1:${address.port}/_sim/remita`,
    statusChecks,
    hold(rrrs) {
      held = new Set(rrrs);
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const firstHeld = new Promise<void>((resolve) => {
        onFirstHeld = resolve;
      });
      return { firstHeld, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
