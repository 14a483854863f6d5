/**
 * `npm run restore -- <backup folder> [--force]`: restores a folder made by `npm run backup`
 * into PGlite under DATA_DIR (RevDesk stopped; a DATA_DIR holding data is moved aside with
 * --force) or into DATABASE_URL (every instance stopped; --force replaces RevDesk's tables).
 * Checks every file's checksum before, and the database against the backup's inventory
 * after. docs/deploy.md "Backups".
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError } from '../db/backup/archive';
import { restore } from '../db/backup/backup';
import { DataDirInUseError } from '../db/backup/dataDirLock';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' } },
  });
  const from = positionals[0];
  if (values.help || !from) {
    console.log('Usage: npm run restore -- <backup folder> [--force]');
    return values.help ? 0 : 2;
  }
  const { manifest, movedAside } = await restore(loadConfig(), { from, force: values.force });
  const rows = Object.values(manifest.inventory.tables).reduce((a, b) => a + b, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${rows} rows in ${Object.keys(manifest.inventory.tables).length} tables, audit chain intact (${manifest.inventory.audit.rows} entries).${movedAside ? `\nThe data that was there is in ${movedAside}.` : ''}`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof BackupError || err instanceof DataDirInUseError;
    console.error(`restore failed: ${err instanceof Error ? err.message : String(err)}`);
    if (!known && err instanceof Error && err.stack) console.error(err.stack);
    process.exit(1);
  },
);
