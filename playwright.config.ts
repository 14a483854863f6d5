import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** E2E_PORT and E2E_WEB_DIR let two runs share a machine (each its own port and build). */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** Every run starts from an empty database with the demo officers (STYLE.md §7). */
const DATA_DIR = path.join(os.tmpdir(), `revdesk-e2e-${process.pid}-${Date.now()}`);

/**
 * Browser tests (DESIGN.md §8) on the built app, served by the real server. Chromium comes
 * from Debian at /usr/bin/chromium: Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: BASE_URL,
    viewport: { width: 1440, height: 900 },
    // Pages fade in over 500 ms; axe would measure contrast mid-fade. One test checks the fade.
    contextOptions: { reducedMotion: 'reduce' },
    timezoneId: 'Africa/Lagos',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npm start',
    url: `${BASE_URL}/api/ready`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      SEED: 'demo',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_DIR ? { WEB_DIR: process.env.E2E_WEB_DIR } : {}),
    },
  },
});
