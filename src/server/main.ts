import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { seedDemoAssessments } from './db/seed/assessments';
import { type DemoSignIn, seedDemo, seedDemoTaxpayers } from './db/seed/demo';
import { seedDemoPayments } from './db/seed/payments';
import { seedDemoTccs } from './db/seed/tcc';
import { seedDemoTradeCategories } from './db/seed/tradeCategories';
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
  const database = await openConfiguredDatabase(config);
  await database.migrate();
  // Releases before stored_files kept uploads in DATA_DIR/files; each instance brings its own.
  const imported = await importLocalFiles(database.db, config.filesDir);
  if (imported > 0) {
    process.stdout.write(
      `Copied ${imported} uploaded file${imported === 1 ? '' : 's'} from ${config.filesDir} into the database.\n`,
    );
  }
  const signIns = config.seed === 'demo' ? await seedDemo(database.db, config) : [];
  // Made before the app so the demo seed can write its RRRs into them (DATA_DIR/simulators.json).
  const simulators = config.simulators ? createSimulators(config) : undefined;
  if (config.seed === 'demo') {
    await seedDemoTaxpayers(database.db, config);
    await seedDemoTradeCategories(database.db, config);
    if (simulators) {
      await seedDemoPayments(database.db, config, simulators);
      // After the payments: their seed is skipped once the ledger holds any payment.
      await seedDemoAssessments(database.db, config, simulators);
      // After the assessments: direct-assessment and presumptive certificates read their years.
      await seedDemoTccs(database.db, config);
    }
  }
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
