import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ProfileSignature } from '../../../shared/officers';
import type { Actor } from '../../auth/actor';
import type { Db } from '../../db/client';
import { officers } from '../../db/schema';
import { AppError } from '../../errors';
import { mimeOfKey } from '../../files/images';
import type { FileStore } from '../../files/store';
import { readImageField } from '../../files/uploadRoute';
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
export function readSignatureUpload(request: FastifyRequest): Promise<Buffer> {
  return readImageField(request, {
    field: 'signature',
    noun: 'signature',
    missing: 'Choose a signature image',
    tooLarge: 'The signature image must be at most 200 KB',
  });
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
