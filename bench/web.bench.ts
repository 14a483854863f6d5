/**
 * The web's first load on a phone and on a desktop (docs/architecture.md §9 "Web"): Lighthouse 12, mobile
 * and desktop presets, on the sign-in page, a taxpayer list, payment history, the dashboard and
 * the executive dashboard (charts).
 *
 *   npx vite build --outDir /tmp/web && BENCH_WEB_DIR=/tmp/web npm run bench:web
 *   BENCH_LABEL=before npm run bench:web    # the label of this run's column in bench/README.md
 *
 * It builds nothing itself: it starts the real server (`npm start`, demo data, a scratch data
 * directory) on the built web in BENCH_WEB_DIR (default dist/web), signs the demo officers in
 * through the API, runs Lighthouse on each page, writes the figures to
 * bench/results/web-<label>.json and the table to bench/README.md's "Web" section. The JS + CSS
 * figure is the brotli size of the files each page loaded (docs/architecture.md §9 counts every request),
 * besides what this server really sent. Figures only: nothing here asserts a time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { measurePage, type PageFigures, type Preset } from './lib/lighthouse';
import { stopServer } from './lib/server';

const PORT = Number(process.env.BENCH_PORT ?? 3195);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const WEB_DIR = path.resolve(process.env.BENCH_WEB_DIR ?? 'dist/web');
const LABEL = process.env.BENCH_LABEL ?? 'after';
const DEMO_PASSWORD = 'revdesk-demo';

/** The pages measured, and the demo officer who may read each (null: signed out). */
const PAGES: { name: string; path: string; officer: string | null }[] = [
  { name: 'sign-in', path: '/auth/login', officer: null },
  { name: 'taxpayer list', path: '/birs/taxpayer/individual-taxpayer', officer: 'admin' },
  { name: 'payment history', path: '/birs/taxs/payment-history', officer: 'officer_da' },
  { name: 'dashboard', path: '/birs/dashboard', officer: 'admin' },
  // The executive dashboard, a chart page: it alone loads the chart library's chunks, and its
  // first paint is held to 1 s on the demo data (docs/reports.md "Charts").
  { name: 'executive dashboard', path: '/governor/dashboard', officer: 'executive' },
];
const PRESETS: Preset[] = ['mobile', 'desktop'];

/**
 * Lighthouse now and then fails to record a page load's trace (its runtime error NO_NAVSTART,
 * "Please run Lighthouse again"): the page is measured again, up to twice, rather than the whole
 * run lost. Any other failure stops the run.
 */
async function measureWithRetries(
  options: Parameters<typeof measurePage>[0],
): Promise<PageFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measurePage(options);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART/.test(String(error))) throw error;
      console.log(`${options.path}: Lighthouse lost the trace (NO_NAVSTART); measuring again`);
    }
  }
}

/** Starts the server as playwright.config.ts does, and waits for /api/ready. */
async function startDemoServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/start.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      WEB_DIR,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Migrating and seeding the demo data takes a while when the two cores are busy.
  for (let waited = 0; waited < 180_000 && child.exitCode === null; waited += 500) {
    try {
      if ((await fetch(`${BASE_URL}/api/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  child.kill();
  throw new Error('the server did not become ready');
}

/** Signs a demo officer in through the API and returns the session cookie ("name=value"). */
async function signIn(username: string): Promise<string> {
  const response = await fetch(`${BASE_URL}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie()[0]?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`${username} could not sign in: ${response.status}`);
  return cookie;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function markdownTable(figures: PageFigures[]): string {
  const rows = figures.map(
    (f) =>
      `| ${f.page} | ${f.preset} | ${f.performance} | ${f.accessibility} | ${(f.fcpMs / 1000).toFixed(1)} | ${(f.lcpMs / 1000).toFixed(1)} | ${f.tbtMs} | ${(f.speedIndexMs / 1000).toFixed(1)} | ${kb(f.jsCssBrotliBytes)} | ${kb(f.jsCssWireBytes)} | ${f.jsCssRequests} | ${f.requests} |`,
  );
  return [
    '| page | preset | performance | accessibility | FCP s | LCP s | TBT ms | SI s | JS+CSS KiB (brotli) | JS+CSS KiB (as sent) | JS+CSS requests | requests |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** Replaces this run's table in the README's "Web" section; other runs' tables stay. */
function writeReadme(figures: PageFigures[]): void {
  const readmePath = 'bench/README.md';
  const readme = readFileSync(readmePath, 'utf8');
  const heading = '## Web (npm run bench:web)';
  const start = readme.indexOf(heading);
  const before = start === -1 ? `${readme.trimEnd()}\n\n` : readme.slice(0, start);
  const rest = start === -1 ? '' : readme.slice(start + heading.length);
  const nextSection = rest.search(/\n## /);
  const after = nextSection === -1 ? '' : rest.slice(nextSection);
  const section = start === -1 ? '' : nextSection === -1 ? rest : rest.slice(0, nextSection);
  // Each labelled run is a "### <label>" block inside the section.
  const blocks = new Map<string, string>();
  for (const match of section.matchAll(/\n### ([^\n]+)\n([\s\S]*?)(?=\n### |$)/g)) {
    blocks.set(match[1] ?? '', (match[2] ?? '').trim());
  }
  blocks.set(
    LABEL,
    `${new Date().toISOString().slice(0, 10)}, \`results/web-${LABEL}.json\`:\n\n${markdownTable(figures)}`,
  );
  const intro =
    'Lighthouse 12 (simulated throttling) on the built app with the demo data, one run per page ' +
    'and preset. "JS+CSS KiB (brotli)" is what the page loads as brotli copies would weigh ' +
    '(docs/architecture.md §9: sign-in ≤ 120 KB, a signed-in page ≤ 300 KB); "as sent" is what this ' +
    "run's server really sent.";
  const body = [...blocks].map(([label, text]) => `### ${label}\n\n${text}`).join('\n\n');
  writeFileSync(readmePath, `${before}${heading}\n\n${intro}\n\n${body}\n${after}`);
}

async function main(): Promise<void> {
  if (!existsSync(path.join(WEB_DIR, 'index.html'))) {
    throw new Error(`no built web in ${WEB_DIR}: run npx vite build --outDir ${WEB_DIR} first`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'revdesk-bench-web-'));
  let server: ChildProcess | undefined;
  try {
    server = await startDemoServer(dataDir);
    const cookies = new Map<string, string>();
    const figures: PageFigures[] = [];
    for (const preset of PRESETS) {
      for (const page of PAGES) {
        let cookie: string | undefined;
        if (page.officer) {
          cookie = cookies.get(page.officer) ?? (await signIn(page.officer));
          cookies.set(page.officer, cookie);
        }
        const measured = await measureWithRetries({
          ...page,
          baseUrl: BASE_URL,
          preset,
          cookie,
          webDir: WEB_DIR,
        });
        console.log(JSON.stringify(measured));
        figures.push(measured);
      }
    }
    const resultsPath = `bench/results/web-${LABEL}.json`;
    writeFileSync(
      resultsPath,
      `${JSON.stringify({ label: LABEL, date: new Date().toISOString(), webDir: WEB_DIR, figures }, null, 2)}\n`,
    );
    writeReadme(figures);
    console.log(`\n${markdownTable(figures)}\n\nwritten to ${resultsPath} and bench/README.md`);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
