import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  CREST_MAX_BYTES,
  type LetterheadPatch,
  type LetterheadView,
} from '../../../shared/letterhead';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { letterhead } from '../../db/schema';
import { SERVICE_NAME } from '../../documents/pdf';
import { AppError } from '../../errors';
import { normalizeDocumentImage } from '../../files/documentImage';
import type { ImageType } from '../../files/images';
import { mimeOfKey } from '../../files/images';
import { createDatabaseFileStore, type FileStore } from '../../files/store';
import { readImageField } from '../../files/uploadRoute';
import { recordAudit } from '../audit/service';

/**
 * The letterhead every printed document carries (documents/letterhead.ts reads it): the
 * service's name and its crest, set by ADMIN. The crest is a PNG or JPEG checked and re-encoded
 * as the chairman's signature is (files/documentImage.ts); the file, the row and the audit
 * entry are written in one transaction, so a refused or failed upload leaves nothing behind.
 */

/**
 * The crest prints about 56 pt (2 cm) square at the head of a document: 600 px is some 770 dpi
 * there, finer than any office printer, and keeps every PDF small.
 */
export const CREST_MAX_SIDE = 600;

const ENTITY = { entityType: 'letterhead', entityId: 'letterhead' } as const;

export function normalizeCrest(bytes: Buffer): Promise<{ bytes: Buffer; type: ImageType }> {
  return normalizeDocumentImage(bytes, {
    field: 'crest',
    noun: 'The crest',
    maxBytes: CREST_MAX_BYTES,
    maxWidth: CREST_MAX_SIDE,
    maxHeight: CREST_MAX_SIDE,
  });
}

/** The bytes of the `crest` field of a multipart request; 415 or 422 when there is none. */
export function readCrestUpload(request: FastifyRequest): Promise<Buffer> {
  return readImageField(request, {
    field: 'crest',
    noun: 'crest',
    missing: 'Choose a crest image',
    tooLarge: 'The crest image must be at most 500 KB',
  });
}

const versionOf = (key: string | null) =>
  key ? createHash('sha256').update(key).digest('hex').slice(0, 12) : null;

type Row = { serviceName: string; crestKey: string | null; updatedAt: Date };

function viewOf(row: Row | undefined): LetterheadView {
  if (!row)
    return { serviceName: SERVICE_NAME, hasCrest: false, crestVersion: null, updatedAt: null };
  return {
    serviceName: row.serviceName,
    hasCrest: row.crestKey !== null,
    crestVersion: versionOf(row.crestKey),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function lockedRow(tx: Db): Promise<Row | undefined> {
  const [row] = await tx
    .select({
      serviceName: letterhead.serviceName,
      crestKey: letterhead.crestKey,
      updatedAt: letterhead.updatedAt,
    })
    .from(letterhead)
    .where(eq(letterhead.id, 1))
    .for('update')
    .limit(1);
  return row;
}

/** Writes the one row (made on first use with the default name), answering what it now is. */
async function upsert(
  tx: Db,
  actor: Actor,
  values: { serviceName?: string; crestKey?: string | null },
): Promise<Row> {
  const [row] = await tx
    .insert(letterhead)
    .values({
      id: 1,
      serviceName: values.serviceName ?? SERVICE_NAME,
      crestKey: values.crestKey ?? null,
      updatedBy: actor.officerId,
    })
    .onConflictDoUpdate({
      target: letterhead.id,
      set: { ...values, updatedBy: actor.officerId, updatedAt: sql`now()` },
    })
    .returning({
      serviceName: letterhead.serviceName,
      crestKey: letterhead.crestKey,
      updatedAt: letterhead.updatedAt,
    });
  if (!row) throw new Error('the letterhead row was not written');
  return row;
}

export function createLetterheadService({ db, files }: { db: Db; files: FileStore }) {
  return {
    async getLetterhead(): Promise<LetterheadView> {
      const [row] = await db
        .select({
          serviceName: letterhead.serviceName,
          crestKey: letterhead.crestKey,
          updatedAt: letterhead.updatedAt,
        })
        .from(letterhead)
        .where(eq(letterhead.id, 1))
        .limit(1);
      return viewOf(row);
    },

    async setServiceName(actor: Actor, patch: LetterheadPatch): Promise<LetterheadView> {
      return db.transaction(async (tx) => {
        const before = await lockedRow(tx);
        const row = await upsert(tx, actor, { serviceName: patch.serviceName });
        await recordAudit(tx, actor, {
          action: 'letterhead.name_changed',
          ...ENTITY,
          before: { serviceName: before?.serviceName ?? null },
          after: { serviceName: row.serviceName },
        });
        return viewOf(row);
      });
    },

    async setCrest(actor: Actor, upload: Buffer): Promise<LetterheadView> {
      // Checked and re-encoded before anything is written: a refused file is never kept.
      const { bytes, type } = await normalizeCrest(upload);
      const key = `letterhead/crest-${randomUUID()}.${type.extension}`;
      return db.transaction(async (tx) => {
        const before = await lockedRow(tx);
        // The file in the same transaction as the row (files live in the database, files/store.ts).
        await createDatabaseFileStore(tx).put(key, bytes);
        const row = await upsert(tx, actor, { crestKey: key });
        await recordAudit(tx, actor, {
          action: 'letterhead.crest_changed',
          ...ENTITY,
          before: { crest: before?.crestKey ?? null },
          after: { crest: key, bytes: bytes.length, type: type.mime },
        });
        return viewOf(row);
      });
    },

    async removeCrest(actor: Actor): Promise<LetterheadView> {
      return db.transaction(async (tx) => {
        const before = await lockedRow(tx);
        if (!before?.crestKey) return viewOf(before);
        const row = await upsert(tx, actor, { crestKey: null });
        await recordAudit(tx, actor, {
          action: 'letterhead.crest_removed',
          ...ENTITY,
          before: { crest: before.crestKey },
          after: { crest: null },
        });
        return viewOf(row);
      });
    },

    async getCrest(): Promise<{ bytes: Buffer; contentType: string }> {
      const [row] = await db
        .select({ crestKey: letterhead.crestKey })
        .from(letterhead)
        .where(eq(letterhead.id, 1))
        .limit(1);
      const key = row?.crestKey ?? null;
      const bytes = key ? await files.get(key) : null;
      const contentType = key ? mimeOfKey(key) : null;
      if (!key || !bytes || !contentType) {
        throw new AppError('NOT_FOUND', 'No crest has been uploaded.');
      }
      return { bytes, contentType };
    },
  };
}
