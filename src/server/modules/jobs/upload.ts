import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { BATCH_MAX_BYTES } from '../../../shared/payments';
import { AppError } from '../../errors';
import { multipartReadError } from '../../files/multipart';
import type { BatchUpload } from './service';

/** For `@fastify/multipart`: one CSV of at most 2 MB and the MDA chosen in the dialog. */
export const BATCH_MULTIPART_LIMITS = {
  fileSize: BATCH_MAX_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
} as const;

function tooLarge(): AppError {
  return new AppError(
    'PAYLOAD_TOO_LARGE',
    'The file is larger than 2 MB (413). Split it into smaller files of at most 10,000 RRRs.',
  );
}

/** @fastify/multipart's limit errors, in the officer's words; a broken body is a 400 (files/multipart.ts). */
function uploadError(err: unknown): unknown {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return new AppError('INVALID_FILE', 'Upload one .csv file at a time.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('INVALID_FILE', 'The upload holds more fields than the dialog sends.');
    default:
      return multipartReadError(err);
  }
}

/**
 * The multipart body of POST /remita/rrr/status-batch: the `file` part and the optional
 * `mdaId` field, in whichever order the browser sent them.
 */
export async function readBatchUpload(request: FastifyRequest): Promise<BatchUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the CSV as multipart/form-data, in the field "file".',
    );
  }
  let file: { fileName: string; bytes: Buffer } | null = null;
  let mdaId: string | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') file = { fileName: part.filename || 'upload.csv', bytes };
      } else if (part.fieldname === 'mdaId' && typeof part.value === 'string' && part.value) {
        mdaId = part.value.trim();
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (!file) throw new AppError('INVALID_FILE', 'Choose a .csv file to upload (field "file").');
  if (file.bytes.length === 0) {
    throw new AppError('INVALID_FILE', `${file.fileName} is empty.`);
  }
  return { ...file, mdaId };
}
