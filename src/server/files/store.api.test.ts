import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { openTestDatabase } from '../testing/database';
import { createDatabaseFileStore, importLocalFiles } from './store';

let database: Database;
let folder: string;

beforeAll(async () => {
  database = await openTestDatabase();
  folder = mkdtempSync(path.join(tmpdir(), 'revdesk-files-'));
});

afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Every byte value, so an encoding that loses or alters one (text, escapes) is caught. */
const allBytes = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));

describe('the database file store', () => {
  it('gives back the bytes put under a key, byte for byte, and null for an unknown key', async () => {
    const files = createDatabaseFileStore(database.db);
    await files.put('taxpayers/1000000018/photo-a.png', allBytes);
    expect(await files.get('taxpayers/1000000018/photo-a.png')).toEqual(allBytes);
    expect(await files.get('taxpayers/1000000018/photo-b.png')).toBeNull();
  });

  it('replaces the bytes when a key is put again', async () => {
    const files = createDatabaseFileStore(database.db);
    await files.put('officers/x/signature-1.png', Buffer.from('first'));
    await files.put('officers/x/signature-1.png', Buffer.from('second'));
    expect((await files.get('officers/x/signature-1.png'))?.toString()).toBe('second');
  });

  it('refuses a key the server would never make', async () => {
    const files = createDatabaseFileStore(database.db);
    await expect(files.put('../etc/passwd', allBytes)).rejects.toThrow(/unsafe file key/);
    await expect(files.get('Taxpayers/A.png')).rejects.toThrow(/unsafe file key/);
  });
});

describe('importLocalFiles', () => {
  it('copies the files of DATA_DIR/files once, keeps what is stored, skips half-written files', async () => {
    const files = createDatabaseFileStore(database.db);
    const root = path.join(folder, 'files');
    const photos = path.join(root, 'taxpayers', '2000000013');
    mkdirSync(photos, { recursive: true });
    writeFileSync(path.join(photos, 'photo-old.jpg'), allBytes);
    writeFileSync(path.join(photos, 'photo-new.jpg'), 'on disk');
    writeFileSync(path.join(photos, 'photo-cut.jpg.partial'), 'half');
    await files.put('taxpayers/2000000013/photo-new.jpg', Buffer.from('in the database'));

    expect(await importLocalFiles(database.db, root)).toBe(1);
    expect(await files.get('taxpayers/2000000013/photo-old.jpg')).toEqual(allBytes);
    expect((await files.get('taxpayers/2000000013/photo-new.jpg'))?.toString()).toBe(
      'in the database',
    );
    expect(await files.get('taxpayers/2000000013/photo-cut.jpg.partial')).toBeNull();
    // Kept aside, so the next start has nothing to read again.
    expect(existsSync(root)).toBe(false);
    expect(readdirSync(folder)).toEqual([expect.stringMatching(/^files\.imported-/)]);
    expect(await importLocalFiles(database.db, root)).toBe(0);
  });

  it('has nothing to copy when the folder does not exist', async () => {
    expect(await importLocalFiles(database.db, path.join(folder, 'missing'))).toBe(0);
  });
});
