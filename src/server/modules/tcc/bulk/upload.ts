import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { TCC_BATCH_MAX_BYTES, TCC_BATCH_MAX_ROWS } from '../../../../shared/tcc/bulk';
import { AppError } from '../../../errors';
import { multipartReadError } from '../../../files/multipart';
import type { TccBatchUpload } from './service';

/** For `@fastify/multipart`: one payroll file of at most 5 MB and the MDA chosen in the panel. */
export const TCC_BATCH_MULTIPART_LIMITS = {
  fileSize: TCC_BATCH_MAX_BYTES,
  files: 1,
  fields: 2,
  parts: 3,
} as const;

/** @fastify/multipart's limit errors, in the officer's words; a broken body is a 400 (files/multipart.ts). */
function uploadError(err: unknown): unknown {
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError(
        'PAYLOAD_TOO_LARGE',
        `The file is larger than 5 MB. Split it into smaller files of at most ${TCC_BATCH_MAX_ROWS.toLocaleString('en-US')} employees.`,
      );
    case 'FST_FILES_LIMIT':
      return new AppError('INVALID_FILE', 'Upload one file at a time.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('INVALID_FILE', 'The upload holds more fields than the panel sends.');
    default:
      return multipartReadError(err);
  }
}

/** The multipart body of POST /tcc-batches: the `file` part and the `mdaId` field, in any order. */
export async function readTccBatchUpload(request: FastifyRequest): Promise<TccBatchUpload> {
  if (!request.isMultipart()) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the payroll file as multipart/form-data, in the field "file", with the field "mdaId".',
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
  if (!file) {
    throw new AppError('INVALID_FILE', 'Choose a .csv or .xlsx file to upload (field "file").');
  }
  if (file.bytes.length === 0) throw new AppError('INVALID_FILE', `${file.fileName} is empty.`);
  return { ...file, mdaId };
}
