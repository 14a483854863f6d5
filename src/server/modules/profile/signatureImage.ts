import { normalizeDocumentImage } from '../../files/documentImage';
import type { ImageType } from '../../files/images';

/**
 * The chairman's signature re-encoded as photos are (ADR 0023, files/documentImage.ts), so what
 * is stored and embedded in every certificate is pixels and nothing else.
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

/**
 * The signature as RevDesk stores it: a PNG stays a PNG (a signature is usually dark strokes on
 * a transparent ground, laid over the signature line), a JPEG a JPEG; upright, without metadata,
 * shrunk to fit. 422 naming the field `signature` for what is refused.
 */
export function normalizeSignature(bytes: Buffer): Promise<{ bytes: Buffer; type: ImageType }> {
  return normalizeDocumentImage(bytes, {
    field: 'signature',
    noun: 'The signature',
    maxBytes: SIGNATURE_MAX_BYTES,
    maxWidth: SIGNATURE_MAX_WIDTH,
    maxHeight: SIGNATURE_MAX_HEIGHT,
  });
}
