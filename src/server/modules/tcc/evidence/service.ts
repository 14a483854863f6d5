import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { TCC_COMPLETED_STATUSES, TCC_STATUS_LABELS } from '../../../../shared/tcc/enums';
import type { TccView } from '../../../../shared/tcc/views';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { storedFiles, tccEvidence } from '../../../db/schema';
import { AppError } from '../../../errors';
import { sniffImageType } from '../../../files/images';
import { PHOTO_MAX_INPUT_PIXELS } from '../../../files/photos';
import { createDatabaseFileStore, type FileStore } from '../../../files/store';
import { recordAudit } from '../../audit/service';
import { assertMayGenerate, canReadKind, notFound } from '../common';
import { findTccForUpdate } from '../queries';
import { tccViewOf } from '../view';

/**
 * Evidence files of a certificate (a letter, a payslip, an ID card): a PDF or an image, seen by
 * every approver on the certificate's page. They come through the upload path
 * (docs/decisions/0030-jobs-and-uploads.md: the officer's upload slot, the multipart read, then
 * the checks here on size, type by bytes and content) and are kept in stored_files (ADR 0016)
 * with their row and audit row in one transaction; a refused file leaves nothing.
 */

/** At most 5 MB a file: a scanned letter or a phone photo of a document. */
export const TCC_EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
/** At most this many files a certificate. */
export const TCC_EVIDENCE_MAX_FILES = 10;

const MB = TCC_EVIDENCE_MAX_BYTES / (1024 * 1024);

type EvidenceType = { contentType: string; extension: string };

function refused(message: string): AppError {
  return new AppError('INVALID_FILE', message, { details: { field: 'file' } });
}

/**
 * What the file is, by its bytes (never by its name or the browser's word): a PDF whose header
 * and end-of-file marker are there, or a JPEG, PNG or WebP image that decodes. Anything else is
 * refused with 422 naming the reason.
 */
export async function checkEvidenceFile(fileName: string, bytes: Buffer): Promise<EvidenceType> {
  if (bytes.length === 0) throw refused(`${fileName} is empty.`);
  if (bytes.length > TCC_EVIDENCE_MAX_BYTES) {
    throw refused(`${fileName} is larger than ${MB} MB: scan it at a lower resolution.`);
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    // A PDF ends with %%EOF (a few bytes of whitespace may follow): one cut short does not.
    if (!bytes.subarray(-1024).toString('latin1').includes('%%EOF')) {
      throw refused(`${fileName} is not a whole PDF: it is cut short. Save it again and retry.`);
    }
    return { contentType: 'application/pdf', extension: 'pdf' };
  }
  const image = sniffImageType(bytes);
  if (!image) {
    throw refused(`${fileName} is not a PDF or an image (JPEG, PNG or WebP).`);
  }
  try {
    const { format } = await sharp(bytes, {
      failOn: 'warning',
      limitInputPixels: PHOTO_MAX_INPUT_PIXELS,
    }).metadata();
    const expected = image.mime.slice('image/'.length);
    if (format !== expected) throw new Error(`${format} is not ${expected}`);
  } catch {
    throw refused(`${fileName} is not an image that can be opened: it is damaged.`);
  }
  return { contentType: image.mime, extension: image.extension };
}

/** A name safe in a Content-Disposition header: what the officer's file was called, plainly. */
export function downloadName(fileName: string): string {
  const plain = fileName.replace(/[^\w.() -]+/g, '_').slice(-120);
  return plain || 'evidence';
}

export function createTccEvidenceService({ db, files }: { db: Db; files?: FileStore }) {
  return {
    /** Keeps one evidence file on a certificate not yet issued; answers the certificate. */
    async addEvidence(
      actor: Actor,
      id: string,
      upload: { fileName: string; bytes: Buffer },
      now = new Date(),
    ): Promise<TccView> {
      const type = await checkEvidenceFile(upload.fileName, upload.bytes);
      await db.transaction(async (tx) => {
        const row = await findTccForUpdate(tx, id);
        if (!row || !canReadKind(actor, row.kind)) throw notFound();
        assertMayGenerate(actor, row.kind);
        if ((TCC_COMPLETED_STATUSES as readonly string[]).includes(row.status)) {
          throw new AppError(
            'CONFLICT',
            `Certificate ${row.number} is ${TCC_STATUS_LABELS[row.status].toLowerCase()}: evidence is added while it is being decided.`,
          );
        }
        const [held] = await tx
          .select({ n: count() })
          .from(tccEvidence)
          .where(eq(tccEvidence.tccId, row.id));
        if (Number(held?.n ?? 0) >= TCC_EVIDENCE_MAX_FILES) {
          throw new AppError(
            'CONFLICT',
            `Certificate ${row.number} carries ${TCC_EVIDENCE_MAX_FILES} evidence files already, the most it may.`,
          );
        }
        const [inserted] = await tx
          .insert(tccEvidence)
          .values({
            tccId: row.id,
            fileKey: 'pending',
            fileName: upload.fileName,
            contentType: type.contentType,
            sizeBytes: upload.bytes.length,
            uploadedBy: actor.officerId,
            uploadedAt: now,
          })
          .returning({ id: tccEvidence.id });
        if (!inserted) throw new Error('tcc_evidence insert returned nothing');
        const fileKey = `tcc-evidence/${row.id}/${inserted.id}.${type.extension}`;
        await createDatabaseFileStore(tx).put(fileKey, upload.bytes);
        await tx.update(tccEvidence).set({ fileKey }).where(eq(tccEvidence.id, inserted.id));
        await recordAudit(tx, actor, {
          action: 'tcc.evidence_added',
          entityType: 'tcc',
          entityId: row.id,
          after: {
            number: row.number,
            evidenceId: inserted.id,
            fileName: upload.fileName,
            fileKey,
            contentType: type.contentType,
            bytes: upload.bytes.length,
          },
        });
      });
      return tccViewOf(db, actor, id, now);
    },

    /**
     * Removes one evidence file (added in error, the wrong page scanned) while the certificate is
     * being decided, by an officer who may add them: its row and stored bytes go, and the audit
     * row keeps what it was, in the same transaction. 409 once the certificate is approved: what
     * the approvers saw stays with what they approved.
     */
    async removeEvidence(
      actor: Actor,
      id: string,
      evidenceId: string,
      now = new Date(),
    ): Promise<TccView> {
      await db.transaction(async (tx) => {
        const row = await findTccForUpdate(tx, id);
        if (!row || !canReadKind(actor, row.kind)) throw notFound();
        assertMayGenerate(actor, row.kind);
        if ((TCC_COMPLETED_STATUSES as readonly string[]).includes(row.status)) {
          throw new AppError(
            'CONFLICT',
            `Certificate ${row.number} is ${TCC_STATUS_LABELS[row.status].toLowerCase()}: its evidence stays as the approvers saw it.`,
          );
        }
        const [removed] = await tx
          .delete(tccEvidence)
          .where(and(eq(tccEvidence.id, evidenceId), eq(tccEvidence.tccId, row.id)))
          .returning();
        if (!removed) {
          throw new AppError('NOT_FOUND', 'This certificate has no such evidence file.');
        }
        await tx.delete(storedFiles).where(eq(storedFiles.key, removed.fileKey));
        await recordAudit(tx, actor, {
          action: 'tcc.evidence_removed',
          entityType: 'tcc',
          entityId: row.id,
          before: {
            number: row.number,
            evidenceId: removed.id,
            fileName: removed.fileName,
            fileKey: removed.fileKey,
            contentType: removed.contentType,
            bytes: removed.sizeBytes,
            uploadedBy: removed.uploadedBy,
          },
        });
      });
      return tccViewOf(db, actor, id, now);
    },

    /** One evidence file's bytes for an officer who reads the certificate's kind; audited. */
    async openEvidence(actor: Actor, id: string, evidenceId: string) {
      const view = await tccViewOf(db, actor, id);
      const [evidence] = await db
        .select()
        .from(tccEvidence)
        .where(and(eq(tccEvidence.id, evidenceId), eq(tccEvidence.tccId, id)))
        .limit(1);
      if (!evidence) throw new AppError('NOT_FOUND', 'This certificate has no such evidence file.');
      const bytes = await (files ?? createDatabaseFileStore(db)).get(evidence.fileKey);
      if (!bytes) throw new AppError('NOT_FOUND', 'The evidence file is missing from storage.');
      await recordAudit(db, actor, {
        action: 'tcc.evidence_opened',
        entityType: 'tcc',
        entityId: id,
        after: { number: view.number, evidenceId, fileName: evidence.fileName },
      });
      return { bytes, contentType: evidence.contentType, fileName: evidence.fileName };
    },
  };
}
