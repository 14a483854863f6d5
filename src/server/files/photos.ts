import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../errors';
import { type ImageType, sniffImageType } from './images';
import { multipartReadError } from './multipart';

/**
 * Photos uploaded to RevDesk (taxpayers' photos, officers' profile pictures): one multipart
 * field `photo`, JPEG, PNG or WebP recognised by its bytes, at most 2 MB.
 */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** For `@fastify/multipart`: one photo per request, a few small fields at most. */
export const PHOTO_MULTIPART_LIMITS = {
  fileSize: PHOTO_MAX_BYTES,
  files: 1,
  fields: 5,
  parts: 6,
} as const;

/** The bytes of the `photo` field of a multipart request; 415 or 422 when there is none. */
export async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the photo as multipart/form-data.');
  }
  try {
    const part = await request.file();
    if (part?.fieldname !== 'photo') throw fieldError('photo', 'Choose a photo');
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError('photo', 'The photo must be at most 2 MB');
    }
    throw multipartReadError(err);
  }
}

/** The photo's type from its first bytes; 422 naming the field when it is not one we take. */
export function checkPhoto(bytes: Buffer): ImageType {
  const type = sniffImageType(bytes);
  if (!type) throw fieldError('photo', 'The photo must be a JPEG, PNG or WebP image');
  if (bytes.length > PHOTO_MAX_BYTES) throw fieldError('photo', 'The photo must be at most 2 MB');
  return type;
}
