import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../errors';
import { normalizePhoto, PHOTO_MAX_SIDE } from './photos';
import { phoneJpeg, refusalOf } from './testImages';

const refusal = (bytes: Buffer) => refusalOf(normalizePhoto(bytes));

function fieldOf(err: AppError): string | undefined {
  return (err.details as { issues: { path: string }[] }).issues[0]?.path;
}

describe('normalizePhoto', () => {
  it('re-encodes a JPEG with EXIF GPS into a JPEG with no metadata at all', async () => {
    const input = await phoneJpeg(300, 200);
    const before = await sharp(input).metadata();
    expect(before.exif?.includes(Buffer.from('RevDeskPhone'))).toBe(true);

    const { bytes, type } = await normalizePhoto(input);
    expect(type.mime).toBe('image/jpeg');
    const after = await sharp(bytes).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('RevDeskPhone'))).toBe(false);
    // Smaller than the cap: kept at its size, never enlarged.
    expect([after.width, after.height]).toEqual([300, 200]);
  });

  it('turns the photo upright by its EXIF orientation, then shrinks it to the cap', async () => {
    // Orientation 6: stored landscape, shown rotated 90° clockwise, so portrait once upright.
    const input = await phoneJpeg(2000, 1000, 6);
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const { bytes } = await normalizePhoto(input);
    const after = await sharp(bytes).metadata();
    expect([after.width, after.height]).toEqual([PHOTO_MAX_SIDE / 2, PHOTO_MAX_SIDE]);
    expect(after.orientation).toBeUndefined();
  });

  it('takes PNG and WebP, transparency and all, and answers a JPEG', async () => {
    const transparent = { width: 40, height: 30, channels: 4 as const };
    for (const encode of ['png', 'webp'] as const) {
      const input = await sharp({
        create: { ...transparent, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        [encode]()
        .toBuffer();
      const { bytes } = await normalizePhoto(input);
      const after = await sharp(bytes).metadata();
      expect([after.format, after.width, after.height, after.hasAlpha]).toEqual([
        'jpeg',
        40,
        30,
        false,
      ]);
    }
  });

  it('refuses, naming the field, what only starts like an image', async () => {
    const jpeg = await phoneJpeg(64, 64);
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const cases = {
      polyglot,
      'truncated JPEG': jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      'PNG header over junk': Buffer.concat([png.subarray(0, 8), Buffer.alloc(500, 0x41)]),
      'truncated PNG': png.subarray(0, png.length - 30),
      'JPEG bytes then a PNG': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]),
      SVG: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const err = await refusal(bytes);
      expect(err.code, name).toBe('VALIDATION_FAILED');
      expect(fieldOf(err), name).toBe('photo');
    }
  });

  it('refuses a decompression bomb: a small file of too many pixels', async () => {
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const err = await refusal(bomb);
    expect(fieldOf(err)).toBe('photo');
    expect(err.message).toMatch(/too many pixels/);
  });
});
