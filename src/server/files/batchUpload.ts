import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { refuseUnstorableField } from '../security/unstorableText';
import { multipartReadError } from './multipart';

/**
 * The multipart body of a batch upload (the RRR status check of docs/product.md §3, the MDA payroll of
 * bulk TCCs, docs/product.md §2): a `file` part and an `mdaId` field, in whichever order the browser
 * sent them. Each upload keeps its own words: the file it expects, its size limit, its dialog.
 */
export type FileAndMda = {
  fileName: string;
  bytes: Buffer;
  mdaId: string | null;
  /** The other text fields sent (trimmed), e.g. the SSC schedule's `category` and `month`. */
  fields?: Record<string, string>;
};

/** What an upload says to the officer when its body is not what its dialog sends. */
export type BatchUploadWords = {
  /** The body is not multipart/form-data. */
  notMultipart: string;
  /** There is no `file` part. */
  noFile: string;
  /** The file is over the upload's `fileSize` limit. */
  tooLarge: string;
  /** More than one file was sent. */
  oneFileOnly: string;
  /** More fields or parts than the dialog sends. */
  tooManyFields: string;
};

/** @fastify/multipart's limit errors, in the officer's words; a broken body is a 400 (multipart.ts). */
function uploadError(err: unknown, words: BatchUploadWords): unknown {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', words.tooLarge);
    case 'FST_FILES_LIMIT':
      return new AppError('INVALID_FILE', words.oneFileOnly);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('INVALID_FILE', words.tooManyFields);
    default:
      return multipartReadError(err);
  }
}

/**
 * Reads the `file` part and the optional `mdaId` field (trimmed; null when absent or empty).
 * 415 when the body is not multipart, 413 over the size limit, 422 when the file is missing
 * or empty; whether the MDA is one the officer may choose is the service's rule.
 */
export async function readFileAndMda(
  request: FastifyRequest,
  words: BatchUploadWords,
): Promise<FileAndMda> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', words.notMultipart);
  let file: { fileName: string; bytes: Buffer } | null = null;
  let mdaId: string | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = { fileName: part.filename || 'upload.csv', bytes };
      } else if (part.fieldname === 'mdaId' && typeof part.value === 'string' && part.value) {
        mdaId = part.value.trim();
      } else if (part.type === 'field' && typeof part.value === 'string') {
        // The multipart limits of each upload bound how many fields there can be.
        fields[part.fieldname] = part.value.trim();
      }
    }
  } catch (err) {
    throw uploadError(err, words);
  }
  if (!file) throw new AppError('INVALID_FILE', words.noFile);
  // The file's name and the MDA are stored with the job; the app-wide hook cannot see them (ADR 0022).
  refuseUnstorableField('file', file.fileName);
  if (mdaId !== null) refuseUnstorableField('mdaId', mdaId);
  for (const [name, value] of Object.entries(fields)) refuseUnstorableField(name, value);
  if (file.bytes.length === 0) throw new AppError('INVALID_FILE', `${file.fileName} is empty.`);
  return { ...file, mdaId, fields };
}
