import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';
import { PNG } from 'pngjs';

/**
 * What a phone reads from the QR code on a PDF's first page: the page rendered to an image
 * (pdf-parse, pdf.js) and the code found in it (jsQR), as a bank's scanner would. For tests that
 * check a document's QR code end to end; null when no code is found.
 */
export async function scanPdfQr(pdf: Uint8Array, page = 1): Promise<string | null> {
  const parser = new PDFParse({ data: pdf });
  try {
    const shot = await parser.getScreenshot({ scale: 3, partial: [page] });
    const image = shot.pages[0];
    if (!image) return null;
    const png = PNG.sync.read(Buffer.from(image.data));
    return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
  } finally {
    await parser.destroy();
  }
}

/**
 * The QR code on whichever of the first `pages` pages holds one (a notice's comes after its
 * computation, often on page 2); null when none does.
 */
export async function scanPdfQrOnAnyPage(pdf: Uint8Array, pages = 3): Promise<string | null> {
  for (let page = 1; page <= pages; page += 1) {
    try {
      const found = await scanPdfQr(pdf.slice(), page);
      if (found) return found;
    } catch {
      // No such page: the document is shorter.
      return null;
    }
  }
  return null;
}
