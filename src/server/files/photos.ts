import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { AppError, fieldError } from '../errors';
import { NOTHING_CSP } from '../security/headers';
import { type ImageType, sniffImageType } from './images';
import { readImageField } from './uploadRoute';

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
export function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  return readImageField(request, {
    field: 'photo',
    noun: 'photo',
    missing: 'Choose a photo',
    tooLarge: 'The photo must be at most 2 MB',
  });
}

/**
 * What every stored photo becomes (ADR 0023): a JPEG (the certificate embeds JPEG or PNG, and a
 * photo needs no transparency), at most 1024 px on its longest side (a passport photo on a
 * certificate or a profile avatar never needs more), never enlarged.
 */
export const PHOTO_OUTPUT: ImageType = { mime: 'image/jpeg', extension: 'jpg' };
export const PHOTO_MAX_SIDE = 1024;
/**
 * Decompression bombs: a 2 MB file can claim a billion pixels. 40 megapixels holds any phone
 * or camera photo people take of a person, and caps the decoded image near 160 MB.
 */
export const PHOTO_MAX_INPUT_PIXELS = 40_000_000;

const NOT_AN_IMAGE = 'The photo must be a JPEG, PNG or WebP image';

/** The sniffed type's name as sharp's metadata() spells it. */
const SHARP_FORMAT: Record<ImageType['mime'], string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * The photo as RevDesk stores it: decoded and re-encoded by sharp, so what is kept is pixels and
 * nothing else. Turned upright by its EXIF orientation, then every piece of metadata dropped
 * (EXIF with GPS, XMP, ICC, comments: sharp writes none unless told to), shrunk to fit
 * PHOTO_MAX_SIDE. The first bytes must say JPEG, PNG or WebP and the decoder must agree; what
 * does not decode whole (HTML after JPEG magic bytes, a truncated file, a PNG header over junk)
 * is refused with 422 naming the field `photo`.
 */
export async function normalizePhoto(bytes: Buffer): Promise<{ bytes: Buffer; type: ImageType }> {
  if (bytes.length > PHOTO_MAX_BYTES) throw fieldError('photo', 'The photo must be at most 2 MB');
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw fieldError('photo', NOT_AN_IMAGE);
  try {
    // failOn 'warning': a decoder that had to guess (truncated data, bad markers) refuses.
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: PHOTO_MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (format !== SHARP_FORMAT[sniffed.mime]) throw fieldError('photo', NOT_AN_IMAGE);
    const output = await image
      .autoOrient()
      .resize({
        width: PHOTO_MAX_SIDE,
        height: PHOTO_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return { bytes: output, type: PHOTO_OUTPUT };
  } catch (err) {
    if (err instanceof AppError) throw err;
    // sharp's errors say why libvips refused (too many pixels, bad data); the officer needs
    // only to know the file is not a photo RevDesk can use.
    if ((err as Error).message?.includes('pixel limit')) {
      throw fieldError('photo', 'The photo has too many pixels; send one of at most 40 megapixels');
    }
    throw fieldError('photo', NOT_AN_IMAGE);
  }
}

/**
 * The headers a stored photo is served with: shown in place (never saved under a name the
 * browser picks) and, opened on its own, allowed to load and run nothing. The global hook
 * (security/headers.ts) adds nosniff and the rest, and keeps a CSP a route set.
 */
export function photoHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-disposition': 'inline',
    'content-security-policy': NOTHING_CSP,
    // Personal data: never kept by the browser (ADR 0022).
    'cache-control': 'no-store',
  };
}
