/**
 * `npm run rollups:verify` compares the collection totals every report reads (ADR 0034) and
 * the payment history's totals (ADR 0019, 0035) with the payments ledger, and the demand notice
 * totals (migration demand_notice_totals) with the notices, and lists each day or month where
 * they differ; exit code 0 when they agree, 1 when they do not, 2 when the database could not
 * be read.
 * `npm run rollups:rebuild` fills them again from the ledger and the notices (writers to
 * payments and to demand notices wait for the few seconds it takes), folds the shards the
 * writers that waited left on closed days, then verifies.
 * Both also check the registry-quality figure's kept tables (taxpayer_match_values and
 * taxpayer_last_activity, migration registry_kept_values) against a recount, and rebuild fills
 * them again.
 * `tsx src/server/cli/rollups.ts compact` folds the shards of closed days and months into one
 * row each (what the hourly job does, ADR 0034), then verifies.
 *
 * DATABASE_URL, or PGlite under DATA_DIR (stop RevDesk first: PGlite is one process's database).
 */

import { todayInLagos } from '../../shared/dates';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import {
  rebuildRegistryKept,
  verifyRegistryKept,
} from '../modules/indicators/figures/registryKept';
import {
  compactCollectionTotals,
  compactDemandNoticeTotals,
  compactPaymentHistoryTotals,
  rebuildCollectionTotals,
  rebuildDemandNoticeTotals,
  rebuildPaymentHistoryTotals,
  verifyCollectionTotals,
  verifyDemandNoticeTotals,
  verifyPaymentHistoryTotals,
} from '../modules/reports/rollups';

async function main(): Promise<number> {
  const command = process.argv[2];
  if (command !== 'verify' && command !== 'rebuild' && command !== 'compact') {
    console.log(
      'Usage: npm run rollups:verify | npm run rollups:rebuild | tsx src/server/cli/rollups.ts compact',
    );
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
      const noticesStarted = Date.now();
      const notices = await rebuildDemandNoticeTotals(database.db);
      console.log(
        `Rebuilt the demand notice totals from the notices in ${Date.now() - noticesStarted} ms: ${notices.days} day rows, ${notices.months} month rows.`,
      );
      const historyStarted = Date.now();
      const history = await rebuildPaymentHistoryTotals(database.db);
      console.log(
        `Rebuilt the payment history's totals from the ledger in ${Date.now() - historyStarted} ms: ${history.days} day rows, ${history.months} month rows.`,
      );
    }
    if (command === 'rebuild') {
      const registryStarted = Date.now();
      const registry = await rebuildRegistryKept(database.db);
      console.log(
        `Rebuilt the registry's kept values and last activity in ${Date.now() - registryStarted} ms: ${registry.values} value rows, ${registry.taxpayers} taxpayers.`,
      );
    }
    const registryDifferences = await verifyRegistryKept(database.db);
    if (registryDifferences.length === 0) {
      console.log("The registry's kept values and last activity agree with a recount.");
    } else {
      console.log(
        `The registry's kept tables differ from a recount (first ${registryDifferences.length}):`,
      );
      for (const d of registryDifferences) {
        console.log(`  ${d.table} ${d.key}: kept ${d.kept ?? '-'}, recount ${d.recount ?? '-'}`);
      }
    }
    const historyDifferences = await verifyPaymentHistoryTotals(database.db);
    if (historyDifferences.length === 0) {
      console.log("The payment history's totals agree with the payments ledger.");
    } else {
      console.log(
        `The payment history's totals differ from the ledger (first ${historyDifferences.length}):`,
      );
      for (const d of historyDifferences) {
        console.log(
          `  ${d.level} ${d.period} MDA ${d.mdaId} ${d.status}: ledger ${d.ledgerCount} / ${d.ledgerKobo} kobo, totals ${d.rollupCount} / ${d.rollupKobo} kobo`,
        );
      }
    }
    if (command === 'rebuild' || command === 'compact') {
      const started = Date.now();
      const today = todayInLagos();
      const folded = await compactCollectionTotals(database.db, today);
      const noticesFolded = await compactDemandNoticeTotals(database.db, today);
      const historyFolded = await compactPaymentHistoryTotals(database.db, today);
      console.log(
        `Folded the shards of closed days and months in ${Date.now() - started} ms: collection totals ${folded.days} day rows and ${folded.months} month rows, demand notice totals ${noticesFolded.days} and ${noticesFolded.months}, payment history totals ${historyFolded.days} and ${historyFolded.months}.`,
      );
    }
    const noticeDifferences = await verifyDemandNoticeTotals(database.db);
    if (noticeDifferences.length === 0) {
      console.log('The demand notice totals agree with the demand notices.');
    } else {
      console.log(
        `The demand notice totals differ from the notices (first ${noticeDifferences.length}):`,
      );
      for (const d of noticeDifferences) {
        console.log(
          `  ${d.level} ${d.period} MDA ${d.mdaId} ${d.status}: notices ${d.notices.count} / ${d.notices.totalKobo} / ${d.notices.paidKobo} / ${d.notices.outstandingKobo} kobo, totals ${d.rollup.count} / ${d.rollup.totalKobo} / ${d.rollup.paidKobo} / ${d.rollup.outstandingKobo} kobo (count / total / paid / outstanding)`,
        );
      }
    }
    const differences = await verifyCollectionTotals(database.db);
    if (differences.length === 0) {
      console.log('The collection totals agree with the payments ledger.');
      if (
        noticeDifferences.length === 0 &&
        historyDifferences.length === 0 &&
        registryDifferences.length === 0
      ) {
        return 0;
      }
      console.log('Run `npm run rollups:rebuild` to fill them again.');
      return 1;
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
