/**
 * `npm run backup [-- --out <folder>]`: backs up the configured database (PGlite under DATA_DIR
 * with RevDesk stopped, or PostgreSQL through pg_dump while it runs) and DATA_DIR's files into
 * a new folder under `--out` (default ./backups). docs/deploy.md "Backups".
 */
import { parseArgs } from 'node:util';
import { APP_VERSION } from '../app';
import { loadConfig } from '../config';
import { BackupError } from '../db/backup/archive';
import { backup } from '../db/backup/backup';
import { DataDirInUseError } from '../db/backup/dataDirLock';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: 'backups' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    console.log(
      "Usage: npm run backup [-- --out <folder>]\nBacks up DATABASE_URL (pg_dump), or PGlite under DATA_DIR, with DATA_DIR's files.",
    );
    return 0;
  }
  const { folder, manifest } = await backup(loadConfig(), {
    outDir: values.out,
    version: APP_VERSION,
  });
  const rows = Object.values(manifest.inventory.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Backed up ${manifest.database === 'pglite' ? 'the embedded database' : 'PostgreSQL'}: ${Object.keys(manifest.inventory.tables).length} tables, ${rows} rows, audit chain of ${manifest.inventory.audit.rows} entries, ${manifest.files.length} files.\n${folder}`,
  );
  if (manifest.files.some((f) => f.path.endsWith('.key'))) {
    console.log(
      'It holds the keys DATA_DIR generated (sealed Remita credentials, certificate signing): keep it as safely as the data.',
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof BackupError || err instanceof DataDirInUseError;
    console.error(`backup failed: ${err instanceof Error ? err.message : String(err)}`);
    if (!known && err instanceof Error && err.stack) console.error(err.stack);
    process.exit(1);
  },
);
