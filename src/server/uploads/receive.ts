import type { FastifyRequest } from 'fastify';
import type { Actor } from '../auth/actor';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { type BatchUploadWords, type FileAndMda, readFileAndMda } from '../files/batchUpload';
import { createDatabaseFileStore } from '../files/store';
import { insertJob } from '../jobs/queries';
import { notifyJobQueued } from '../jobs/wake';
import { recordAudit } from '../modules/audit/service';
import { releaseUploadSlot, takeUploadSlot } from './queries';

/**
 * The upload path every background upload takes (docs/decisions/0030-jobs-and-uploads.md):
 *
 *   multipart (files/batchUpload.ts) → size, type and content checks (sheet.ts, in the kind's
 *   service) → the job, its rows, the kept file and the audit row in one transaction
 *   (queueUploadJob) → the
 *   worker's progress → the result file.
 *
 * `receiveUpload` holds the officer's upload slot from the first byte to the job queued: one
 * upload at a time per officer, across instances, so no officer can keep the server busy
 * reading several large files at once.
 */

export const UPLOAD_IN_PROGRESS_MESSAGE =
  'You are already uploading a file. Wait until it has been read (a few seconds), then send the next.';

export async function receiveUpload<T>(
  request: FastifyRequest,
  db: Db,
  words: BatchUploadWords,
  queue: (upload: FileAndMda) => Promise<T>,
): Promise<T> {
  const officerId = request.actor.officerId;
  const token = officerId ? await takeUploadSlot(db, officerId) : null;
  if (officerId && !token) {
    // The body is not read: a refused upload costs the server nothing.
    throw new AppError('CONFLICT', UPLOAD_IN_PROGRESS_MESSAGE, {
      details: { reason: 'upload-in-progress' },
    });
  }
  try {
    return await queue(await readFileAndMda(request, words));
  } finally {
    if (officerId && token) await releaseUploadSlot(db, officerId, token);
  }
}

/**
 * Keeps an accepted upload's file with its job, in the job's transaction (ADR 0016), so the
 * file an officer sent can be read back whatever happens to the job. A refused file is never
 * kept: the caller's checks ran before.
 */
export async function keepUploadedFile(
  tx: Db,
  jobId: string,
  upload: { fileName: string; bytes: Buffer },
): Promise<string> {
  const ext = /\.(csv|xlsx)$/i.exec(upload.fileName)?.[1]?.toLowerCase() ?? 'bin';
  const key = `uploads/${jobId}/original.${ext}`;
  await createDatabaseFileStore(tx).put(key, upload.bytes);
  return key;
}

/** What a kind's service hands the upload path once its checks have passed. */
export type UploadJob = {
  kind: string;
  upload: { fileName: string; bytes: Buffer };
  /** Rows in the file, and those already settled at upload (refused by the kind's row rules). */
  total: number;
  settledAtUpload: number;
  /** When the settled rows were settled: the job's start and end when every row is. */
  at: Date;
  /** Writes the job's rows, in the job's transaction. */
  insertRows(tx: Db, jobId: string): Promise<void>;
  /** The audit action and what the kind adds to the file's name, key, size and row count. */
  audit: { action: string; after: Record<string, unknown> };
};

/**
 * Queues an accepted upload: the job, its rows, the kept file and the audit row in one
 * transaction, then wakes the worker. A file whose every row was settled at upload has its
 * result now: its job is finished and no worker is woken.
 */
export async function queueUploadJob(
  db: Db,
  actor: Actor,
  job: UploadJob,
): Promise<{ jobId: string }> {
  const isSettled = job.settledAtUpload === job.total;
  const jobId = await db.transaction(async (tx) => {
    const inserted = await insertJob(tx, {
      kind: job.kind,
      fileName: job.upload.fileName,
      total: job.total,
      processed: job.settledAtUpload,
      createdBy: actor.officerId,
      ...(isSettled ? { status: 'succeeded', startedAt: job.at, finishedAt: job.at } : {}),
    });
    await job.insertRows(tx, inserted.id);
    const fileKey = await keepUploadedFile(tx, inserted.id, job.upload);
    await recordAudit(tx, actor, {
      action: job.audit.action,
      entityType: 'job',
      entityId: inserted.id,
      after: {
        fileName: job.upload.fileName,
        fileKey,
        bytes: job.upload.bytes.length,
        total: job.total,
        ...job.audit.after,
      },
    });
    return inserted.id;
  });
  if (!isSettled) notifyJobQueued(db);
  return { jobId };
}
