import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { loadConfig } from './config';
import { claimDataDir } from './db/backup/dataDirLock';
import { openConfiguredDatabase } from './db/open';
import { seedAllDemoData } from './db/seed/all';
import type { DemoSignIn } from './db/seed/demo';
import { importLocalFiles } from './files/store';
import { createSimulators } from './integrations/simulators';

function printDemoSignIns(url: string, signIns: DemoSignIn[], password: string) {
  const width = Math.max(...signIns.map((s) => s.username.length));
  const lines = signIns.map((s) => `  ${s.username.padEnd(width)}  ${s.label}`);
  process.stdout.write(
    [
      '',
      `RevDesk is running at ${url}  (demo data)`,
      '',
      `Demo sign-ins (password: ${password}):`,
      ...lines,
      '',
      '',
    ].join('\n'),
  );
}

async function main() {
  const config = loadConfig();
  // The embedded database is this process's alone (db/backup/dataDirLock.ts).
  if (!config.databaseUrl) {
    mkdirSync(config.dataDir, { recursive: true });
    claimDataDir(config.dataDir);
  }
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  // Releases before stored_files kept uploads in DATA_DIR/files; each instance brings its own.
  const imported = await importLocalFiles(database.db, config.filesDir);
  if (imported > 0) {
    process.stdout.write(
      `Copied ${imported} uploaded file${imported === 1 ? '' : 's'} from ${config.filesDir} into the database.\n`,
    );
  }
  // Made before the app so the demo seed can write its RRRs into them (DATA_DIR/simulators.json).
  const simulators = config.simulators ? createSimulators(config) : undefined;
  const signIns =
    config.seed === 'demo' ? await seedAllDemoData(database.db, config, simulators) : [];
  const app = await buildApp({ config, database, ...(simulators ? { simulators } : {}) });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}`;
  if (config.seed === 'demo') printDemoSignIns(url, signIns, config.demoPassword);
  else process.stdout.write(`\nRevDesk is running at ${url}\n\n`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
