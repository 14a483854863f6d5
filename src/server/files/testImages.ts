import sharp from 'sharp';
import { AppError } from '../errors';

/**
 * Test images made on the fly (nothing committed), shared by the photo and signature tests
 * (ADR 0023): a JPEG as a phone writes one, with EXIF, GPS and an orientation.
 */
export async function phoneJpeg(
  width: number,
  height: number,
  orientation = 1,
  background: string | { r: number; g: number; b: number } = { r: 200, g: 80, b: 40 },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Make: 'RevDeskPhone', Model: 'Test 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E' },
    })
    .toBuffer();
}

/** The AppError `work` is refused with; throws if it succeeds or fails otherwise. */
export async function refusalOf(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err;
}
