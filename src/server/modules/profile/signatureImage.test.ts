import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors';
import { phoneJpeg, refusalOf } from '../../files/testImages';
import { normalizeSignature, SIGNATURE_MAX_HEIGHT, SIGNATURE_MAX_WIDTH } from './signatureImage';

/** Dark strokes on a transparent ground, as a signature is drawn or scanned and cleaned up. */
async function transparentPng(width: number, height: number): Promise<Buffer> {
  const stroke = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M5 ${height - 5} C ${width / 3} 0, ${width / 2} ${height}, ${width - 5} 5" stroke="#102080" stroke-width="4" fill="none"/></svg>`,
  );
  return sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([{ input: stroke }])
    .png()
    .withExifMerge({ IFD0: { Software: 'RevDeskScanner' } })
    .toBuffer();
}

const refusal = (bytes: Buffer) => refusalOf(normalizeSignature(bytes));

const fieldOf = (err: AppError) => (err.details as { issues: { path: string }[] }).issues[0]?.path;

describe('normalizeSignature', () => {
  it('keeps a PNG a PNG, its transparency kept and its metadata dropped', async () => {
    const input = await transparentPng(300, 100);
    expect((await sharp(input).metadata()).exif?.includes(Buffer.from('RevDeskScanner'))).toBe(
      true,
    );
    const { bytes, type } = await normalizeSignature(input);
    expect(type.mime).toBe('image/png');
    const after = await sharp(bytes).metadata();
    expect([after.format, after.width, after.height, after.hasAlpha, after.depth]).toEqual([
      'png',
      300,
      100,
      true,
      'uchar',
    ]);
    expect(after.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('RevDeskScanner'))).toBe(false);
    // The ground is still transparent, the stroke still there.
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0);
    expect(Math.max(...data.filter((_, i) => i % 4 === 3))).toBe(255);
  });

  it('keeps a JPEG a JPEG, upright, without EXIF or GPS', async () => {
    // Orientation 6: stored landscape, shown rotated 90° clockwise.
    const input = await phoneJpeg(200, 100, 6, '#f0f0e8');
    const { bytes, type } = await normalizeSignature(input);
    expect(type.mime).toBe('image/jpeg');
    const after = await sharp(bytes).metadata();
    expect([after.format, after.width, after.height]).toEqual(['jpeg', 100, 200]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('RevDeskPhone'))).toBe(false);
  });

  it('shrinks a large one to fit the signature line, never enlarges a small one', async () => {
    const wide = await normalizeSignature(await transparentPng(3000, 600));
    const tall = await normalizeSignature(await phoneJpeg(1000, 1000, 1, '#f0f0e8'));
    const small = await normalizeSignature(await transparentPng(90, 30));
    const size = async (b: Buffer) => {
      const { width, height } = await sharp(b).metadata();
      return [width, height];
    };
    expect(await size(wide.bytes)).toEqual([SIGNATURE_MAX_WIDTH, 240]);
    expect(await size(tall.bytes)).toEqual([SIGNATURE_MAX_HEIGHT, SIGNATURE_MAX_HEIGHT]);
    expect(await size(small.bytes)).toEqual([90, 30]);
  });

  it('takes a 16-bit PNG and answers one of 8 bits, which the PDF library embeds', async () => {
    const input = await sharp(await transparentPng(60, 20))
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect((await sharp(input).metadata()).depth).toBe('ushort');
    const { bytes } = await normalizeSignature(input);
    expect((await sharp(bytes).metadata()).depth).toBe('uchar');
  });

  it('refuses with 422 naming `signature` what only starts like a PNG or JPEG', async () => {
    const jpeg = await phoneJpeg(64, 64, 1, '#f0f0e8');
    const png = await transparentPng(64, 64);
    const webp = await sharp(png).webp().toBuffer();
    const cases = {
      'polyglot (JPEG header + HTML)': Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.from('<html><script>alert(document.cookie)</script></html>'),
      ]),
      'truncated JPEG': jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      'truncated PNG': png.subarray(0, png.length - 30),
      'PNG header over junk': Buffer.concat([png.subarray(0, 8), Buffer.alloc(500, 0x41)]),
      'JPEG bytes then a PNG': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]),
      'a real WebP': webp,
      SVG: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'over 200 KB': Buffer.concat([png, Buffer.alloc(200 * 1024)]),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      const err = await refusal(bytes);
      expect(err.code, name).toBe('VALIDATION_FAILED');
      expect(fieldOf(err), name).toBe('signature');
    }
  });

  it('refuses a decompression bomb: a small file of too many pixels', async () => {
    const bomb = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(200 * 1024);
    const err = await refusal(bomb);
    expect(fieldOf(err)).toBe('signature');
    expect(err.message).toMatch(/too many pixels/);
  });
});
