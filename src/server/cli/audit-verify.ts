/**
 * `npm run audit:verify`: walks the audit trail's hash chain in the configured database
 * (DATABASE_URL, or PGlite under DATA_DIR) and says whether it is intact. Exit code 0 when it
 * is, 1 when a row was altered or deleted, 2 when the database could not be read.
 *
 * It only reads, so it may run against a replica or a restored backup; it records nothing
 * (the admin screen's "Verify chain" records its verification). PGlite is one process's
 * database: stop RevDesk before verifying a PGlite DATA_DIR, or use the screen.
 */
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { describeVerification, verifyAuditChain } from '../modules/audit/chain';

async function main(): Promise<number> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(
      'Usage: npm run audit:verify\nVerifies the audit trail of DATABASE_URL, or of PGlite under DATA_DIR.',
    );
    return 0;
  }
  const database = await openConfiguredDatabase(loadConfig());
  try {
    const result = await verifyAuditChain(database.db);
    console.log(describeVerification(result));
    return result.intact ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const failure = err as { code?: string; cause?: { code?: string } };
    const code = failure.cause?.code ?? failure.code;
    // 42P01 undefined table, 42883 undefined function: a database RevDesk has not migrated.
    const message =
      code === '42P01' || code === '42883'
        ? 'This database has no audit chain yet: start RevDesk once against it to migrate it.'
        : err instanceof Error
          ? err.message
          : String(err);
    console.error(`audit:verify could not read the audit trail: ${message}`);
    process.exit(2);
  },
);
