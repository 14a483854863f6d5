import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';

/** E2E_PORT and E2E_WEB_DIR let two runs share a machine (each its own ports and build). */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

/** How long a server may take to migrate and seed the demo data before the worker gives up. */
const START_TIMEOUT_MS = 180_000;

type Server = { url: string };

/**
 * Each Playwright worker has a RevDesk server of its own, on its own port and its own empty
 * database seeded with the demo data (STYLE.md §7), so workers never see each other's writes
 * and spec files can run side by side. A worker that is replaced after a failure starts a new
 * server on the same port once the old one has stopped.
 */
export const test = base.extend<object, { server: Server }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's pattern.
    async ({}, use, workerInfo) => {
      const port = FIRST_PORT + workerInfo.parallelIndex;
      const dataDir = path.join(
        os.tmpdir(),
        `revdesk-e2e-${process.pid}-${workerInfo.workerIndex}-${Date.now()}`,
      );
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          SEED: 'demo',
          LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
          LOG_LEVEL: 'warn',
          WEB_DIR: process.env.E2E_WEB_DIR ?? 'dist/web',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const url = `http://127.0.0.1:${port}`;
      try {
        await waitUntilReady(child, url);
        await use({ url });
      } finally {
        await stop(child);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

/** Polls /api/ready until it answers 200; fails at once, with the server's errors, if it exits. */
async function waitUntilReady(child: ChildProcess, url: string): Promise<void> {
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    process.stderr.write(chunk);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`the RevDesk server exited (${code}) before it was ready:\n${errors}`)),
    ),
  );
  const ready = (async () => {
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const answer = await fetch(`${url}/api/ready`).catch(() => null);
      if (answer?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the RevDesk server at ${url} was not ready in ${START_TIMEOUT_MS / 1000} s`);
  })();
  // Once ready, the server's later exit (at the worker's end) is no failure.
  exited.catch(() => undefined);
  await Promise.race([ready, exited]);
}

/** Asks the server to shut down (SIGTERM), and kills it if it has not within 10 s. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
