import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { letterhead } from '../db/schema';
import { mimeOfKey } from '../files/images';
import { createDatabaseFileStore, type FileStore } from '../files/store';
import { DEFAULT_LETTERHEAD, type Letterhead } from './pdf';

/**
 * The letterhead the documents print, read when a document is made: the administrator's
 * setting (modules/letterhead), else the service's name the code knows and no crest. A crest
 * whose file is gone prints as no crest rather than failing the document.
 */
export async function readLetterhead(
  db: Db,
  files: FileStore = createDatabaseFileStore(db),
): Promise<Letterhead> {
  const [row] = await db
    .select({ serviceName: letterhead.serviceName, crestKey: letterhead.crestKey })
    .from(letterhead)
    .where(eq(letterhead.id, 1))
    .limit(1);
  if (!row) return DEFAULT_LETTERHEAD;
  const mime = row.crestKey ? mimeOfKey(row.crestKey) : null;
  if (!row.crestKey || (mime !== 'image/png' && mime !== 'image/jpeg')) {
    return { serviceName: row.serviceName, crest: null };
  }
  const bytes = await files.get(row.crestKey);
  return { serviceName: row.serviceName, crest: bytes ? { bytes, mime } : null };
}
