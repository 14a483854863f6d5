import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { type BatchUploadWords, type FileAndMda, readFileAndMda } from '../files/batchUpload';
import { createDatabaseFileStore } from '../files/store';
import { releaseUploadSlot, takeUploadSlot } from './queries';

/**
 * The upload path every background upload takes (docs/decisions/0030-jobs-and-uploads.md):
 *
 *   multipart (files/batchUpload.ts) → size, type and content checks (sheet.ts, in the kind's
 *   service) → the job and its rows queued, the file kept with them (keepUploadedFile) → the
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
