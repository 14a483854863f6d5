import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import type { Inventory } from './inventory';

/**
 * A backup is a folder (docs/architecture.md §7, docs/deploy.md "Backups"):
 *   manifest.json     what it holds: the inventory to compare after a restore, each file's sha256
 *   database.tar.gz   PGlite's dump of its data directory   — or —
 *   database.dump     pg_dump's custom format (PostgreSQL)
 *   data/             everything else under DATA_DIR: the generated keys, the demo simulators' state (uploaded files live in the database: ADR 0016)
 * It holds the keys that open the sealed Remita credentials: keep it as safely as the data.
 */
export const MANIFEST = 'manifest.json';
export const DATA_COPY = 'data';
export const MANIFEST_FORMAT = 1;

export type Manifest = {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  revdeskVersion: string;
  database: 'pglite' | 'postgres';
  /** The database file's name inside the backup. */
  databaseFile: string;
  inventory: Inventory;
  /** Every file in the backup but the manifest, relative, with its size and sha256. */
  files: { path: string; bytes: number; sha256: string }[];
};

export class BackupError extends Error {}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function listFiles(root: string, dir = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(root, rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/** A new, private folder for one backup: <parent>/revdesk-<UTC timestamp>. */
export function newBackupFolder(parent: string, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  const folder = path.resolve(parent, `revdesk-${stamp}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  if (readdirSync(folder).length > 0) throw new BackupError(`${folder} exists and is not empty.`);
  chmodSync(folder, 0o700);
  return folder;
}

/** Copies DATA_DIR into the backup, leaving out the names given (the database, the lock). */
export function copyDataDir(dataDir: string, folder: string, leaveOut: string[]): void {
  const target = path.join(folder, DATA_COPY);
  mkdirSync(target, { recursive: true });
  try {
    statSync(dataDir);
  } catch {
    return;
  }
  for (const entry of readdirSync(dataDir)) {
    if (leaveOut.includes(entry)) continue;
    cpSync(path.join(dataDir, entry), path.join(target, entry), { recursive: true });
  }
}

export function writeManifest(folder: string, manifest: Omit<Manifest, 'files'>): Manifest {
  const files = listFiles(folder)
    .filter((f) => f !== MANIFEST)
    .map((f) => {
      const full = path.join(folder, f);
      return { path: f, bytes: statSync(full).size, sha256: sha256(full) };
    });
  const whole: Manifest = { ...manifest, files };
  writeFileSync(path.join(folder, MANIFEST), `${JSON.stringify(whole, null, 2)}\n`, {
    mode: 0o600,
  });
  return whole;
}

/** The manifest, once every file it lists is present and unchanged; BackupError otherwise. */
export function readVerifiedManifest(folder: string): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(folder, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(
      `${folder} is not a RevDesk backup: its ${MANIFEST} is missing or unreadable.`,
    );
  }
  if (manifest.format !== MANIFEST_FORMAT) {
    throw new BackupError(
      `${folder} is a backup of format ${manifest.format}; this RevDesk reads format ${MANIFEST_FORMAT}.`,
    );
  }
  for (const file of manifest.files) {
    const full = path.join(folder, file.path);
    let actual: string;
    try {
      actual = sha256(full);
    } catch {
      throw new BackupError(`The backup is incomplete: ${file.path} is missing.`);
    }
    if (actual !== file.sha256) {
      throw new BackupError(
        `The backup is damaged: ${file.path} is not the file that was backed up.`,
      );
    }
  }
  return manifest;
}
