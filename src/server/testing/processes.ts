import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Real RevDesk server processes for the tests that kill one (DESIGN.md §8: crash tests): the
 * same `src/server/main.ts` that `npm start` runs, with the environment given and nothing of
 * the test runner's.
 */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export type RevDeskProcess = {
  url: string;
  pid: number;
  /** What it printed so far, for a failing test's message. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, nothing is flushed. Resolves once it is gone. */
  kill9(): Promise<void>;
  /** SIGTERM: the orderly shutdown. Resolves once it has exited. */
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts a server and resolves once `/api/ready` answers 200 (or rejects with its output). */
export async function startRevDesk(
  env: Record<string, string>,
  options: { readyTimeoutMs?: number } = {},
): Promise<RevDeskProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`RevDesk exited with ${child.exitCode} before it was ready:\n${printed}`);
    }
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  if (Date.now() >= deadline) {
    child.kill('SIGKILL');
    throw new Error(`RevDesk was not ready in time:\n${printed}`);
  }
  return {
    url,
    pid: child.pid as number,
    output: () => printed,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
