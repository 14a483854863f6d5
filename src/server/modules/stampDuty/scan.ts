import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { STAMP_SCAN_MAX_BYTES } from '../../../shared/stampDuty/schemas';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { AppError, fieldError } from '../../errors';
import { sniffImageType } from '../../files/images';
import { PHOTO_MAX_INPUT_PIXELS } from '../../files/photos';
import { createDatabaseFileStore } from '../../files/store';
import { readImageField } from '../../files/uploadRoute';
import { recordAudit } from '../audit/service';
import { findInstrumentForUpdate, selectInstrument, updateInstrument } from './queries';

/**
 * The scan of an instrument (the signed deed, lease or receipt as presented for stamping): one
 * PDF, JPEG or PNG of at most 5 MB, recognised by its bytes, kept in stored_files like photos
 * (ADR 0016). A later scan replaces it; the earlier bytes stay for the audit trail (ADR 0016).
 */

const MB = STAMP_SCAN_MAX_BYTES / (1024 * 1024);

/** For `@fastify/multipart`: one byte past the limit is read, so the refusal names the field. */
export const STAMP_SCAN_MULTIPART_LIMITS = {
  fileSize: STAMP_SCAN_MAX_BYTES + 1,
  files: 1,
  fields: 2,
  parts: 3,
};

type ScanType = { contentType: 'application/pdf' | 'image/jpeg' | 'image/png'; extension: string };

const BY_EXTENSION: Record<string, ScanType['contentType']> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The content type of a stored scan, from the extension the server gave its key. */
export function scanContentTypeOf(key: string | null): ScanType['contentType'] | null {
  if (!key) return null;
  return BY_EXTENSION[key.split('.').pop() ?? ''] ?? null;
}

const refused = (message: string) => fieldError('file', message);

/** The multipart field `file`: 415 when not multipart, 422 naming the field when missing or too large. */
export async function readScanUpload(request: FastifyRequest): Promise<Buffer> {
  const bytes = await readImageField(request, {
    field: 'file',
    noun: 'scan',
    missing: 'Choose the scan of the instrument: a PDF, JPEG or PNG',
    tooLarge: `The scan must be at most ${MB} MB: scan it at a lower resolution`,
  });
  if (bytes.length > STAMP_SCAN_MAX_BYTES) {
    throw refused(`The scan must be at most ${MB} MB: scan it at a lower resolution`);
  }
  return bytes;
}

/**
 * What the scan is, by its bytes, never by its name or the browser's word: a whole PDF (header
 * and end-of-file marker) or a JPEG or PNG that decodes. Anything else is a 422 naming `file`.
 */
export async function checkScan(bytes: Buffer): Promise<ScanType> {
  if (bytes.length === 0) throw refused('The scan is empty: choose the file again');
  if (bytes.length > STAMP_SCAN_MAX_BYTES) {
    throw refused(`The scan must be at most ${MB} MB: scan it at a lower resolution`);
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF')) {
      throw refused('The PDF is cut short: save it again and retry');
    }
    return { contentType: 'application/pdf', extension: 'pdf' };
  }
  const image = sniffImageType(bytes);
  if (!image || image.mime === 'image/webp') {
    throw refused('The scan must be a PDF, a JPEG or a PNG');
  }
  try {
    const { format } = await sharp(bytes, {
      failOn: 'warning',
      limitInputPixels: PHOTO_MAX_INPUT_PIXELS,
    }).metadata();
    if (format !== image.mime.slice('image/'.length)) throw new Error(`${format}`);
  } catch {
    throw refused('The image cannot be opened: it is damaged');
  }
  return image.mime === 'image/png'
    ? { contentType: 'image/png', extension: 'png' }
    : { contentType: 'image/jpeg', extension: 'jpg' };
}

const notFound = () => new AppError('NOT_FOUND', 'No stamp duty instrument has this id.');

export function createStampScanService({ db }: { db: Db }) {
  return {
    /**
     * Keeps the scan of an instrument not cancelled: the bytes, the instrument's key and the
     * audit row in one transaction, so a refusal or a failure keeps nothing.
     */
    async attachScan(actor: Actor, id: string, bytes: Buffer): Promise<void> {
      const type = await checkScan(bytes);
      await db.transaction(async (tx) => {
        const row = await findInstrumentForUpdate(tx, id);
        if (!row) throw notFound();
        if (row.status === 'cancelled') {
          throw new AppError(
            'CONFLICT',
            'This instrument is cancelled: its scan is no longer kept.',
            { details: { status: row.status } },
          );
        }
        const key = `stamp-scans/${row.id}/${randomUUID()}.${type.extension}`;
        await createDatabaseFileStore(tx).put(key, bytes);
        await updateInstrument(tx, id, { scanFileKey: key });
        await recordAudit(tx, actor, {
          action: 'stamp_duty.scan_attached',
          entityType: 'stamp_instrument',
          entityId: id,
          before: { scanFileKey: row.scanFileKey },
          after: { scanFileKey: key, contentType: type.contentType, bytes: bytes.length },
        });
      });
    },

    /** The scan's bytes; 404 when the instrument has none. Opening a deed is audited. */
    async openScan(actor: Actor, id: string) {
      const row = await selectInstrument(db, id);
      if (!row) throw notFound();
      const contentType = scanContentTypeOf(row.scanFileKey);
      const bytes = row.scanFileKey ? await createDatabaseFileStore(db).get(row.scanFileKey) : null;
      if (!row.scanFileKey || !contentType || !bytes) {
        throw new AppError('NOT_FOUND', 'This instrument has no scan attached.');
      }
      await recordAudit(db, actor, {
        action: 'stamp_duty.scan_opened',
        entityType: 'stamp_instrument',
        entityId: id,
        after: { scanFileKey: row.scanFileKey },
      });
      const extension = row.scanFileKey.split('.').pop();
      return {
        bytes,
        contentType,
        fileName: `instrument-${row.certificateNumber ?? row.id.slice(0, 8)}.${extension}`,
      };
    },
  };
}
