import sharp from 'sharp';
import { AppError, fieldError } from '../../errors';
import { type ImageType, sniffImageType } from '../../files/images';
import { PHOTO_MAX_INPUT_PIXELS } from '../../files/photos';

/**
 * The chairman's signature re-encoded as photos are (ADR 0023): decoded whole by sharp and
 * written again, so what is stored and embedded in every certificate is pixels and nothing else.
 */

/** What the upload may weigh: a signature is a small image. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;

/**
 * The certificate prints the signature in a 150 × 48 pt box (tcc/certificate/document.ts), about
 * 2.1 × 0.7 inches: 1200 × 400 px is some 570 dpi there, finer than any office printer, and
 * keeps the PDF of every certificate small. A larger image is shrunk to fit, never enlarged.
 */
export const SIGNATURE_MAX_WIDTH = 1200;
export const SIGNATURE_MAX_HEIGHT = 400;

const NOT_AN_IMAGE = 'The signature must be a PNG or JPEG image';

/**
 * The signature as RevDesk stores it. A PNG stays a PNG, transparency kept (a signature is
 * usually dark strokes on a transparent ground, laid over the signature line); a JPEG has no
 * transparency to keep and stays a JPEG, which keeps a scanned or photographed signature a tenth
 * of its size as a PNG. Either way: turned upright by its EXIF orientation, every piece of
 * metadata dropped (sharp writes none unless told to), converted to 8-bit sRGB (what the PDF
 * library embeds), shrunk to fit SIGNATURE_MAX_WIDTH × SIGNATURE_MAX_HEIGHT. What does not decode
 * whole as the type its first bytes claim (HTML after JPEG magic bytes, a truncated file) is
 * refused with 422 naming the field `signature`.
 */
export async function normalizeSignature(
  bytes: Buffer,
): Promise<{ bytes: Buffer; type: ImageType }> {
  if (bytes.length > SIGNATURE_MAX_BYTES) {
    throw fieldError('signature', 'The signature image must be at most 200 KB');
  }
  const sniffed = sniffImageType(bytes);
  if (!sniffed || sniffed.mime === 'image/webp') throw fieldError('signature', NOT_AN_IMAGE);
  const isPng = sniffed.mime === 'image/png';
  try {
    // failOn 'warning': a decoder that had to guess (truncated data, bad markers) refuses.
    // The photos' pixel limit (ADR 0023) stops a decompression bomb here too.
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: PHOTO_MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (format !== (isPng ? 'png' : 'jpeg')) throw fieldError('signature', NOT_AN_IMAGE);
    const resized = image
      .autoOrient()
      .resize({
        width: SIGNATURE_MAX_WIDTH,
        height: SIGNATURE_MAX_HEIGHT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .toColourspace('srgb');
    const output = isPng
      ? await resized.png({ compressionLevel: 9 }).toBuffer()
      : await resized.flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
    return { bytes: output, type: sniffed };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as Error).message?.includes('pixel limit')) {
      throw fieldError(
        'signature',
        'The signature image has too many pixels; send one of at most 40 megapixels',
      );
    }
    throw fieldError('signature', NOT_AN_IMAGE);
  }
}
