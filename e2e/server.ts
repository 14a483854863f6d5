import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { startInstance } from '../src/server/testing/instances';

/** E2E_PORT and E2E_WEB_DIR let two runs share a machine (each its own ports and build). */
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Migrating and seeding the demo data takes about 15 s; two workers start theirs at once. */
const START_TIMEOUT_MS = 180_000;

/**
 * Each Playwright worker has a RevDesk server of its own (ADR 0027), on its own port and its
 * own empty database seeded with the demo data (docs/architecture.md §11.7), so workers never see each
 * other's writes and spec files can run side by side. A worker replaced after a failure starts
 * a new server on the same port once the old one has stopped. What a server logged is kept in
 * test-results/ as server-<n>.log.
 */
export const test = base.extend<object, { server: { url: string } }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter's pattern.
    async ({}, use, workerInfo) => {
      const dataDir = path.join(
        os.tmpdir(),
        `revdesk-e2e-${process.pid}-${workerInfo.workerIndex}-${Date.now()}`,
      );
      const instance = startInstance(FIRST_PORT + workerInfo.parallelIndex, {
        DATA_DIR: dataDir,
        SEED: 'demo',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        LOG_LEVEL: 'warn',
        WEB_DIR: process.env.E2E_WEB_DIR ?? 'dist/web',
      });
      try {
        await instance.ready;
        await use({ url: instance.url });
      } finally {
        await instance.stop();
        mkdirSync(workerInfo.project.outputDir, { recursive: true });
        writeFileSync(
          path.join(workerInfo.project.outputDir, `server-${workerInfo.workerIndex}.log`),
          instance.output(),
        );
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});
