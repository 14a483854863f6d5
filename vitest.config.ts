import { defineConfig } from 'vitest/config';

/**
 * Unit tests beside the code; API tests (`*.api.test.ts`) through the real app on PGlite, and
 * on PostgreSQL too when TEST_DATABASE_URL is set (DESIGN.md §8).
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
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          root: '.',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts', 'node_modules/**'],
          setupFiles: ['src/server/testing/failOnConsoleError.ts'],
        },
      },
      apiProject('api-pglite', 'src/server/testing/globalSetup.pglite.ts'),
      ...(process.env.TEST_DATABASE_URL
        ? [apiProject('api-postgres', 'src/server/testing/globalSetup.postgres.ts')]
        : []),
    ],
  },
});
