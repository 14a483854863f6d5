import { createHash, randomUUID } from 'node:crypto';
import type {} from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ProfileSignature } from '../../../shared/officers';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { officers } from '../../db/schema';
import { AppError, fieldError } from '../../errors';
import { mimeOfKey } from '../../files/images';
import { multipartReadError } from '../../files/multipart';
import type { FileStore } from '../../files/store';
import { recordAudit } from '../audit/service';
import { normalizeSignature } from './signatureImage';

/**
 * The chairman's signature image, printed above their name on every Tax Clearance Certificate
 * they approve (docs/tax-rules.md, Tax Clearance Certificate: the chairman's signature line).
 * A PNG or JPEG (what a PDF embeds), recognised by its bytes, at most 200 KB, re-encoded
 * (signatureImage.ts, ADR 0023); stored as profile pictures are (src/server/files), the
 * officer's row pointing at the file.
 */

/** The bytes of the `signature` field of a multipart request; 415 or 422 when there is none. */
export async function readSignatureUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the signature as multipart/form-data.');
  }
  try {
    const part = await request.file();
    if (part?.fieldname !== 'signature') throw fieldError('signature', 'Choose a signature image');
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError('signature', 'The signature image must be at most 200 KB');
    }
    throw multipartReadError(err);
  }
}

function ownId(actor: Actor): string {
  if (!actor.officerId) throw new AppError('UNAUTHENTICATED');
  return actor.officerId;
}

const versionOf = (key: string | null) =>
  key ? createHash('sha256').update(key).digest('hex').slice(0, 12) : null;

export function createSignatureService({ db, files }: { db: Db; files: FileStore }) {
  async function ownKey(actor: Actor): Promise<string | null> {
    const [row] = await db
      .select({ key: officers.signatureKey })
      .from(officers)
      .where(eq(officers.id, ownId(actor)))
      .limit(1);
    if (!row) throw new AppError('UNAUTHENTICATED');
    return row.key;
  }

  return {
    async setSignature(actor: Actor, upload: Buffer): Promise<ProfileSignature> {
      const id = ownId(actor);
      const { bytes, type } = await normalizeSignature(upload);
      const key = `officers/${id}/signature-${randomUUID()}.${type.extension}`;
      // The file first: a row never points at a file that is not there.
      await files.put(key, bytes);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ key: officers.signatureKey })
          .from(officers)
          .where(eq(officers.id, id))
          .for('update')
          .limit(1);
        if (!row) throw new AppError('UNAUTHENTICATED');
        await tx.update(officers).set({ signatureKey: key }).where(eq(officers.id, id));
        await recordAudit(tx, actor, {
          action: 'officer.signature_changed',
          entityType: 'officer',
          entityId: id,
          before: { signature: row.key },
          after: { signature: key, bytes: bytes.length, type: type.mime },
        });
        return { hasSignature: true, signatureVersion: versionOf(key) };
      });
    },

    async getSignature(actor: Actor): Promise<{ bytes: Buffer; contentType: string }> {
      const key = await ownKey(actor);
      const bytes = key ? await files.get(key) : null;
      const contentType = key ? mimeOfKey(key) : null;
      if (!key || !bytes || !contentType) {
        throw new AppError('NOT_FOUND', 'You have not uploaded a signature image.');
      }
      return { bytes, contentType };
    },
  };
}
