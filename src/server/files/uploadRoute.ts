import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ErrorBody } from '../../shared/errors';
import type { Permission } from '../../shared/permissions';
import { AppError, fieldError } from '../errors';
import { uploadBodyLimit } from '../security/bodyLimits';
import { multipartReadError } from './multipart';

/**
 * What every multipart upload route answers besides its own: 413 past the route's body limit
 * (security/bodyLimits.ts), 415 for a body that is not multipart, 422 for a file of the wrong
 * type, an empty or missing one, or one past the file limit; 401 and 403 from the gate.
 */
const UPLOAD_ERRORS = {
  401: ErrorBody,
  403: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  422: ErrorBody,
} as const;

type RouteSchema = { response: Record<number, z.ZodType> } & Record<string, unknown>;

/**
 * Who may upload: one permission, or any of several (the gate's `anyPermission`, ADR 0005), as
 * a TCC evidence file is added by an officer who generates any kind of certificate.
 */
type UploadAccess = { permission: Permission } | { anyPermission: readonly Permission[] };

/**
 * The options of a route that takes one file of at most `maxBytes` as multipart/form-data
 * (ADR 0030): its permission, a body limit sized to the file (ADR 0014), the media type it
 * consumes and the error answers every upload gives, beside the route's own schema.
 */
export function uploadRoute<S extends RouteSchema, A extends UploadAccess>(
  options: { maxBytes: number; schema: S } & A,
) {
  const { maxBytes, schema, ...access } = options;
  return {
    bodyLimit: uploadBodyLimit(maxBytes),
    schema: {
      ...schema,
      consumes: ['multipart/form-data'],
      response: { ...UPLOAD_ERRORS, ...schema.response },
    },
    // Exactly the access given: the gate refuses a route that declares both or neither.
    config: access as Omit<A, 'maxBytes' | 'schema'>,
  };
}

/** One image field of an upload form, and the words its refusals use. */
export type ImageField = {
  /** The form field the file comes in: `photo`, `signature`, `crest`. */
  field: string;
  /** "photo" in "Send the photo as multipart/form-data." */
  noun: string;
  /** 422 when the field is missing: "Choose a photo". */
  missing: string;
  /** 422 when the file passes the multipart `fileSize` limit: "The photo must be at most 2 MB". */
  tooLarge: string;
};

/**
 * The bytes of the image field of a multipart request: 415 when the body is not multipart, 422
 * naming the field when it is missing or too large. The image itself is checked by its bytes
 * later (files/photos.ts, files/documentImage.ts).
 */
export async function readImageField(request: FastifyRequest, image: ImageField): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the ${image.noun} as multipart/form-data.`);
  }
  try {
    const part = await request.file();
    if (part?.fieldname !== image.field) throw fieldError(image.field, image.missing);
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw fieldError(image.field, image.tooLarge);
    }
    throw multipartReadError(err);
  }
}
