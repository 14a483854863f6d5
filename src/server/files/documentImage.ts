import sharp from 'sharp';
import { AppError, fieldError } from '../errors';
import { type ImageType, sniffImageType } from './images';
import { PHOTO_MAX_INPUT_PIXELS } from './photos';

/**
 * An image a printed document embeds (the chairman's signature, the service's crest), checked
 * and re-encoded as photos are (ADR 0023): decoded whole by sharp and written again, so what is
 * stored and embedded in every PDF is pixels and nothing else.
 */
export type DocumentImageRules = {
  /** The form field, named by a refusal (422). */
  field: string;
  /** The image in words, starting a sentence: "The signature", "The crest". */
  noun: string;
  maxBytes: number;
  /** A larger image is shrunk to fit, never enlarged. */
  maxWidth: number;
  maxHeight: number;
};

/**
 * A PNG stays a PNG, transparency kept (a signature's strokes or a crest laid on the page); a
 * JPEG has no transparency to keep and stays a JPEG, a tenth of its size as a PNG. Either way:
 * turned upright by its EXIF orientation, every piece of metadata dropped (sharp writes none
 * unless told to), converted to 8-bit sRGB (what the PDF library embeds), shrunk to fit. What is
 * over the size, not a PNG or JPEG by its first bytes, or does not decode whole as the type they
 * claim (HTML after JPEG magic bytes, a truncated file) is refused with 422 naming the field.
 */
export async function normalizeDocumentImage(
  bytes: Buffer,
  rules: DocumentImageRules,
): Promise<{ bytes: Buffer; type: ImageType }> {
  const { field, noun } = rules;
  const notAnImage = `${noun} must be a PNG or JPEG image`;
  if (bytes.length > rules.maxBytes) {
    throw fieldError(
      field,
      `${noun} image must be at most ${Math.round(rules.maxBytes / 1024)} KB`,
    );
  }
  const sniffed = sniffImageType(bytes);
  if (!sniffed || sniffed.mime === 'image/webp') throw fieldError(field, notAnImage);
  const isPng = sniffed.mime === 'image/png';
  try {
    // failOn 'warning': a decoder that had to guess (truncated data, bad markers) refuses.
    // The photos' pixel limit (ADR 0023) stops a decompression bomb here too.
    const image = sharp(bytes, { failOn: 'warning', limitInputPixels: PHOTO_MAX_INPUT_PIXELS });
    const { format } = await image.metadata();
    if (format !== (isPng ? 'png' : 'jpeg')) throw fieldError(field, notAnImage);
    const resized = image
      .autoOrient()
      .resize({
        width: rules.maxWidth,
        height: rules.maxHeight,
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
        field,
        `${noun} image has too many pixels; send one of at most 40 megapixels`,
      );
    }
    throw fieldError(field, notAnImage);
  }
}
