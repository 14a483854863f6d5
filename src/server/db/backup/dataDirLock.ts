import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it,
 * and PGlite's own postmaster.pid does not name a real process. So the server writes
 * DATA_DIR/revdesk.pid while it holds the embedded database, and `npm run backup` / `restore`
 * (and a second `npm start`) refuse while that process lives. A pid left by a killed server
 * names a dead process and is taken over.
 */
export const LOCK_FILE = 'revdesk.pid';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `RevDesk (process ${pid}) is using the embedded database in ${dataDir}. Stop it first: PGlite cannot be shared by two processes.`,
    );
  }
}

function isRunningNode(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it exists but belongs to someone else — still alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A reused pid of some other program is not RevDesk; where /proc is missing, assume it is.
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return /node|tsx/.test(cmdline);
  } catch {
    return true;
  }
}

/** The pid of a live process holding DATA_DIR, or null. */
export function dataDirHolder(dataDir: string): number | null {
  const file = path.join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isRunningNode(pid) ? pid : null;
}

/** Throws DataDirInUseError when another live process holds DATA_DIR. */
export function assertDataDirFree(dataDir: string): void {
  const pid = dataDirHolder(dataDir);
  if (pid !== null) throw new DataDirInUseError(dataDir, pid);
}

/** Claims DATA_DIR for this process until it exits; returns the release. */
export function claimDataDir(dataDir: string): () => void {
  assertDataDirFree(dataDir);
  const file = path.join(dataDir, LOCK_FILE);
  writeFileSync(file, `${process.pid}\n`);
  const release = () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // Already gone.
    }
  };
  process.once('exit', release);
  return release;
}
