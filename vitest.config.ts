import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests beside the code; API tests (`*.api.test.ts`) through the real app on PGlite, and
 * on PostgreSQL too when TEST_DATABASE_URL is set (docs/architecture.md §8).
 */
const apiProject = (name: string, globalSetup: string) => ({
  test: {
    name,
    root: '.',
    include: ['src/server/**/*.api.test.ts'],
    globalSetup: [globalSetup],
    setupFiles: ['src/server/testing/failOnConsoleError.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file has its own app and database (openTestDatabase), so files need no fresh module
    // graph each: importing the server once per worker, not once per file, halves the run.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // One worker per core, not Vitest's cores − 1: API tests spend much of their time waiting
    // on PostgreSQL or on a timer, and a 2-core CI machine would otherwise run one file at a time.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        test: {
          name: 'unit',
          root: '.',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', 'node_modules/**'],
          setupFiles: ['src/server/testing/failOnConsoleError.ts'],
          isolate: false,
        },
      },
      apiProject('api-pglite', 'src/server/testing/globalSetup.pglite.ts'),
      ...(process.env.TEST_DATABASE_URL
        ? [apiProject('api-postgres', 'src/server/testing/globalSetup.postgres.ts')]
        : []),
    ],
  },
});
