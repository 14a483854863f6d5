import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import QRCode from 'qrcode';
import { SERVICE_NAME } from '../../payments/receipts/receipt';

export { SERVICE_NAME };

/**
 * pdfmake set up as for the e-receipt (payments/receipts/receipt.ts): its own Roboto, which
 * draws ₦, and no file or URL read but the fonts. pdfmake is one object per process; setting
 * the same fonts and policies again is harmless, so this module does not depend on the receipt
 * having been loaded first.
 */
const ROBOTO_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);

pdfmake.setFonts({
  Roboto: {
    normal: path.join(ROBOTO_DIR, 'Roboto-Regular.ttf'),
    bold: path.join(ROBOTO_DIR, 'Roboto-Medium.ttf'),
    italics: path.join(ROBOTO_DIR, 'Roboto-Italic.ttf'),
    bolditalics: path.join(ROBOTO_DIR, 'Roboto-MediumItalic.ttf'),
  },
});
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.dirname(path.resolve(file)) === ROBOTO_DIR);

export const BRAND_BLUE = '#1a4d8f';

/** A label and its value, as one row of a two-column details table. */
export function detail(label: string, value: string): TableCell[] {
  return [
    { text: label, color: '#555555' },
    { text: value || '—', bold: true },
  ];
}

export function sectionTitle(text: string): Content {
  return { text, bold: true, fontSize: 12, color: BRAND_BLUE, margin: [0, 14, 0, 6] };
}

/** The QR code of a URL, as SVG for pdfmake. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
}

/** An A4 document in the house style, as PDF bytes. */
export function renderPdf(title: string, content: Content[]): Promise<Buffer> {
  const definition: TDocumentDefinitions = {
    info: { title, author: SERVICE_NAME },
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 48],
    content,
    styles: {
      service: { fontSize: 15, bold: true },
      title: { fontSize: 18, bold: true, color: BRAND_BLUE },
      tableHeader: { bold: true, fillColor: '#eef2f8' },
      small: { fontSize: 9, color: '#444444' },
    },
    defaultStyle: { font: 'Roboto', fontSize: 10 },
  };
  return pdfmake.createPdf(definition).getBuffer();
}
