import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, TableCell, TDocumentDefinitions, Watermark } from 'pdfmake/interfaces';
import QRCode from 'qrcode';

/**
 * The documents RevDesk prints (e-receipts, notices of assessment, decision letters) share one
 * pdfmake set-up and one house style: the fonts, the page, the service's name above the title,
 * detail tables and the QR code that opens the public check of the document.
 */

/** Whose documents these are: the service's name as the board writes it (db/seed/mdas.ts). */
export const SERVICE_NAME = 'Bayelsa State Board of Internal Revenue';

export const BRAND_BLUE = '#1a4d8f';

// pdfmake's own Roboto: unlike the PDF standard fonts it has the naira sign (docs/architecture.md §1).
const ROBOTO_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);

// pdfmake (0.3) is one object per process on the server, set up once here. A document reads
// nothing but the fonts: no URL is fetched and no other file is opened, whatever it says.
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

/** The top of every document: the service's name, then the document's title. */
export function documentHeader(title: string, spaceBelow = 14): Content[] {
  return [
    { text: SERVICE_NAME, style: 'service', alignment: 'center' },
    { text: title, style: 'title', alignment: 'center', margin: [0, 4, 0, spaceBelow] },
  ];
}

/** The QR code of a URL, as SVG for pdfmake. */
export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
}

/**
 * The foot of a document anyone can check: the QR code of its public page, what it is for
 * ("Scan to check that this receipt is genuine:") and the URL written out.
 */
export async function verifyBlock(
  url: string,
  what: string,
  layout: { qrWidth: number; marginTop: number },
): Promise<Content> {
  return {
    stack: [
      {
        svg: await qrSvg(url),
        width: layout.qrWidth,
        alignment: 'center',
        margin: [0, layout.marginTop, 0, layout.marginTop / 3],
      },
      { text: `Scan to check that this ${what} is genuine:`, alignment: 'center', style: 'small' },
      { text: url, alignment: 'center', style: 'small', color: BRAND_BLUE, link: url },
    ],
  };
}

export type PdfLook = {
  /** The body's font size (10 for notices and letters, 11 for the receipt). */
  fontSize: number;
  titleFontSize: number;
};

const DOCUMENT_LOOK: PdfLook = { fontSize: 10, titleFontSize: 18 };

/**
 * An A4 document in the house style, as PDF bytes. `watermark`: a word across every page
 * ("COPY" on a reprinted certificate, "REVOKED" on a revoked one).
 */
export function renderPdf(
  title: string,
  content: Content[],
  look: PdfLook = DOCUMENT_LOOK,
  watermark?: Watermark,
): Promise<Buffer> {
  const definition: TDocumentDefinitions = {
    ...(watermark ? { watermark } : {}),
    info: { title, author: SERVICE_NAME },
    pageSize: 'A4',
    pageMargins: [48, 48, 48, 48],
    content,
    styles: {
      service: { fontSize: 15, bold: true },
      title: { fontSize: look.titleFontSize, bold: true, color: BRAND_BLUE },
      tableHeader: { bold: true, fillColor: '#eef2f8' },
      small: { fontSize: 9, color: '#444444' },
    },
    defaultStyle: { font: 'Roboto', fontSize: look.fontSize },
  };
  return pdfmake.createPdf(definition).getBuffer();
}
