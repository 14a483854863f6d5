import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database, Db } from '../db/client';
import { createSimulators, type Simulators } from '../integrations/simulators';
import type { JobKinds } from '../jobs/kinds';
import { createSettlements, type Settlements } from '../modules/payments/ledger/settlements';
import type { LogDestination } from '../observability/requestLog';
import { openTestDatabase } from './database';

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  database: Database;
  /** The Remita and EVAS simulators' state (answering under /_sim once the app listens). */
  simulators: Simulators;
  /** The app's settlements: a test that drives the ledger itself passes these to createLedger. */
  settlements: Settlements;
};

/** The Origin a browser on the app's own page would send in `app.inject` (Host is localhost:80). */
export const SAME_ORIGIN = 'http://localhost:80';

/** The SECRETS_KEY of every test app (src/server/secrets.ts). */
export const TEST_SECRETS_KEY = Buffer.from('revdesk-test-secrets-key-32bytes', 'utf8');

/** The TCC_SIGNING_KEY of every test app (ADR 0013): tests never write a key file. */
export const TEST_TCC_SIGNING_KEY = Buffer.from(
  'revdesk-test-tcc-signing-seed-32b',
  'utf8',
).subarray(0, 32);

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED: 'none',
      DATA_DIR: '/nonexistent',
    }),
    // Every inject comes from 127.0.0.1: the limit has its own test (rateLimit.api.test.ts).
    loginRateLimitPerMinute: 100_000,
    // Notification tests replay many from 127.0.0.1; the limit has its own test (security/).
    remitaNotificationRateLimitPerMinute: 100_000,
    remitaNotificationItemsPerMinute: 1_000_000,
    posPushRateLimitPerMinute: 100_000,
    // A fixed key: tests never write a key file, and can open what the app sealed.
    secretsKey: TEST_SECRETS_KEY,
    tccSigningKey: TEST_TCC_SIGNING_KEY,
    // The Remita and EVAS simulators answer under /_sim once the app listens (`listen: true`).
    simulators: true,
    remitaTimeoutMs: 2_000,
    ...overrides,
  };
}

export type TestContextOptions = {
  /**
   * Listen on a loopback port, so the Remita and EVAS clients reach the simulators over real
   * HTTP (and the simulators can post notifications back). `baseUrl` is then set.
   */
  listen?: boolean;
  /** Start the background job worker (default true). */
  runJobs?: boolean;
  /** The job kinds the app's worker runs, with a test's own kind registered in them. */
  jobKinds?: JobKinds;
  /** Where the app's log lines go (give the config a LOG_LEVEL other than silent too). */
  logDestination?: LogDestination;
  /** Extra routes a test needs (a route that fails, to see the 500's headers). */
  registerExtraRoutes?: (app: FastifyInstance) => void;
  /**
   * A migrated database of the test's own instead of a copy of the template (a migration's
   * test builds one from older migrations, testing/migrations.ts); closed with the context.
   */
  database?: Database;
};

/** The real app on its own fresh database. Call `close()` in afterAll. */
export async function createTestContext(
  overrides: Partial<Config> = {},
  options: TestContextOptions = {},
): Promise<TestContext & { baseUrl: string | null; close(): Promise<void> }> {
  const database = options.database ?? (await openTestDatabase());
  const config = testConfig(overrides);
  const simulators = createSimulators(config);
  const settlements = createSettlements();
  const app = await buildApp({
    config,
    database,
    simulators,
    settlements,
    runJobs: options.runJobs ?? true,
    ...(options.jobKinds ? { jobKinds: options.jobKinds } : {}),
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    registerExtraRoutes: options.registerExtraRoutes,
  });
  await app.ready();
  let baseUrl: string | null = null;
  if (options.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the test app is not listening');
    baseUrl = `http://127.0.0.1:${address.port}`;
  }
  return {
    app,
    db: database.db,
    config,
    database,
    simulators,
    settlements,
    baseUrl,
    close: async () => {
      const closing = app.close();
      // A test that let a client give up on a slow simulator leaves a connection Node counts
      // as busy until its keep-alive timeout (72 s): at the end of a test file, cut them all.
      if (options.listen) app.server.closeAllConnections();
      await closing;
      await database.close();
    },
  };
}
