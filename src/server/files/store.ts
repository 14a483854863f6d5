import { readdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storedFiles } from '../db/schema';

/**
 * Where uploaded files live: the `stored_files` table, so every instance on one database
 * serves every file and backups hold them (docs/deploy.md §6). The interface is small so a
 * later change can put the files on object storage without touching the modules that use it.
 */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
}

/** Keys are made by the server (never by a client): folders and a file name of safe characters. */
const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9.-]+)*$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe file key: ${key}`);
  return key;
}

export function createDatabaseFileStore(db: Db): FileStore {
  return {
    async put(key, bytes) {
      await db
        .insert(storedFiles)
        .values({ key: checkKey(key), bytes })
        .onConflictDoUpdate({ target: storedFiles.key, set: { bytes, storedAt: sql`now()` } });
    },
    async get(key) {
      const [row] = await db
        .select({ bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(eq(storedFiles.key, checkKey(key)));
      return row?.bytes ?? null;
    },
  };
}

/**
 * Copies the files an earlier release kept under DATA_DIR/files into the database: a key
 * already stored is left as it is. Run at start, before the server listens. The folder is then
 * renamed `files.imported-<time>` (kept as it was, in case it is wanted), so later starts do
 * not read it all again; a missing folder has nothing to copy. Answers how many were copied.
 */
export async function importLocalFiles(db: Db, root: string): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(root, { recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let copied = 0;
  for (const entry of entries) {
    const key = entry.split(path.sep).join('/');
    // Folders, half-written files and anything the server did not name are not files to keep.
    if (!SAFE_KEY.test(key) || key.includes('..') || key.endsWith('.partial')) continue;
    const file = path.join(root, entry);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (err) {
      // A folder; or gone, because an instance sharing this DATA_DIR imported it first.
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EISDIR' || code === 'ENOENT') continue;
      throw err;
    }
    const inserted = await db
      .insert(storedFiles)
      .values({ key, bytes })
      .onConflictDoNothing()
      .returning({ key: storedFiles.key });
    copied += inserted.length;
  }
  try {
    await rename(root, `${root}.imported-${new Date().toISOString().replaceAll(':', '')}`);
  } catch (err) {
    // Another instance sharing this DATA_DIR renamed it first.
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  return copied;
}
