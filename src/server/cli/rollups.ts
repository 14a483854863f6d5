/**
 * `npm run rollups:verify` compares the collection totals every report reads (ADR 0034) with
 * the payments ledger and lists each day or month where they differ; exit code 0 when they
 * agree, 1 when they do not, 2 when the database could not be read.
 * `npm run rollups:rebuild` fills them again from the ledger (writers to payments wait for
 * the few seconds it takes), then verifies.
 *
 * DATABASE_URL, or PGlite under DATA_DIR (stop RevDesk first: PGlite is one process's database).
 */
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { rebuildCollectionTotals, verifyCollectionTotals } from '../modules/reports/rollups';

async function main(): Promise<number> {
  const command = process.argv[2];
  if (command !== 'verify' && command !== 'rebuild') {
    console.log('Usage: npm run rollups:verify | npm run rollups:rebuild');
    return command === '--help' || command === '-h' ? 0 : 2;
  }
  const database = await openConfiguredDatabase(loadConfig());
  try {
    if (command === 'rebuild') {
      const started = Date.now();
      const rebuilt = await rebuildCollectionTotals(database.db);
      console.log(
        `Rebuilt the collection totals from the ledger in ${Date.now() - started} ms: ${rebuilt.days} day rows, ${rebuilt.months} month rows.`,
      );
    }
    const differences = await verifyCollectionTotals(database.db);
    if (differences.length === 0) {
      console.log('The collection totals agree with the payments ledger.');
      return 0;
    }
    console.log(`The collection totals differ from the ledger (first ${differences.length}):`);
    for (const d of differences) {
      console.log(
        `  ${d.level} ${d.period} MDA ${d.mdaId} head '${d.revenueHeadCode}' ${d.channel} ${d.subjectKind || '-'} ${d.type || '-'}: ledger ${d.ledgerCount} / ${d.ledgerKobo} kobo, totals ${d.rollupCount} / ${d.rollupKobo} kobo`,
      );
    }
    console.log('Run `npm run rollups:rebuild` to fill them again from the ledger.');
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const failure = err as { code?: string; cause?: { code?: string; message?: string } };
    const code = failure.cause?.code ?? failure.code;
    // 42P01 undefined table: a database RevDesk has not migrated.
    const reason =
      code === '42P01'
        ? 'this database has no collection totals yet: start RevDesk once against it to migrate it.'
        : (failure.cause?.message ?? (err instanceof Error ? err.message : String(err)));
    console.error(`rollups: ${reason}`);
    process.exit(2);
  },
);
