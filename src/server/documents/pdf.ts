import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type {
  Content,
  CustomTableLayout,
  TableCell,
  TDocumentDefinitions,
  Watermark,
} from 'pdfmake/interfaces';
import QRCode from 'qrcode';

/**
 * The documents RevDesk prints (e-receipts, notices of assessment, decision letters) share one
 * pdfmake set-up and one house style: the fonts, the page, the service's name above the title,
 * detail tables and the QR code that opens the public check of the document.
 */

/** Whose documents these are: the service's name as the board writes it (db/seed/mdas.ts). */
export const SERVICE_NAME = 'Bayelsa State Board of Internal Revenue';

export const BRAND_BLUE = '#1a4d8f';

/** An image a document embeds (crest, signature, photo): PNG or JPEG, re-encoded at upload. */
export type DocumentImage = { bytes: Buffer; mime: 'image/png' | 'image/jpeg' };

/**
 * What heads every document: the service's name and its crest, an administrator's setting
 * (documents/letterhead.ts). With none set, the name the code knows and no crest.
 */
export type Letterhead = { serviceName: string; crest: DocumentImage | null };

export const DEFAULT_LETTERHEAD: Letterhead = { serviceName: SERVICE_NAME, crest: null };

/** An image as pdfmake embeds it. */
export function imageData(image: DocumentImage): string {
  return `data:${image.mime};base64,${image.bytes.toString('base64')}`;
}

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

/**
 * A section's heading. Marked as a headline: renderPdf moves one that would end a page, with
 * nothing of its section under it, to the top of the next (pageBreakBefore below).
 */
export function sectionTitle(text: string, marginTop = 8): Content {
  return {
    text,
    bold: true,
    fontSize: 11.5,
    color: BRAND_BLUE,
    margin: [0, marginTop, 0, 4],
    headlineLevel: 1,
  };
}

/** A heading kept on one page with what it heads (a short section: a sentence, a small table). */
export function section(title: string, body: Content[], marginTop = 8): Content {
  return { stack: [sectionTitle(title, marginTop), ...body], unbreakable: true };
}

/** The crest's side at the head of a document, in points (about 1.7 cm). */
const CREST_SIDE = 48;

/**
 * The top of every document: the service's name, then the document's title, centred; the crest,
 * when one is set, to the left of them (beside rather than above: a notice keeps to one page).
 */
export function documentHeader(
  title: string,
  letterhead: Letterhead = DEFAULT_LETTERHEAD,
  spaceBelow = 14,
): Content[] {
  const names: Content[] = [
    { text: letterhead.serviceName, style: 'service', alignment: 'center' },
    { text: title, style: 'title', alignment: 'center', margin: [0, 4, 0, 0] },
  ];
  if (!letterhead.crest) return [{ stack: names, margin: [0, 0, 0, spaceBelow] }];
  return [
    {
      columns: [
        { width: CREST_SIDE, image: imageData(letterhead.crest), fit: [CREST_SIDE, CREST_SIDE] },
        { width: '*', stack: names },
        // As wide as the crest, so the name and title stay centred on the page.
        { width: CREST_SIDE, text: '' },
      ],
      columnGap: 8,
      margin: [0, 0, 0, spaceBelow],
    },
  ];
}

/**
 * lightHorizontalLines with a point less above and below each row's text: the notice's tables
 * of figures stay easy to follow and the whole notice fits one A4 page.
 */
export const COMPACT_LINES: CustomTableLayout = {
  hLineWidth: (i, node) =>
    i === 0 || i === node.table.body.length ? 0 : i === node.table.headerRows ? 1.5 : 0.75,
  vLineWidth: () => 0,
  hLineColor: (i) => (i === 1 ? '#333333' : '#aaaaaa'),
  paddingLeft: (i) => (i === 0 ? 0 : 8),
  paddingRight: (i, node) => (i === (node.table.widths?.length ?? 0) - 1 ? 0 : 8),
  paddingTop: () => 1,
  paddingBottom: () => 1,
};

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
  /** Portrait unless said: a wide table of figures (a report) prints landscape. */
  pageOrientation?: 'portrait' | 'landscape';
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
  author: string = SERVICE_NAME,
): Promise<Buffer> {
  const definition: TDocumentDefinitions = {
    ...(watermark ? { watermark } : {}),
    info: { title, author },
    pageSize: 'A4',
    pageOrientation: look.pageOrientation ?? 'portrait',
    pageMargins: [44, 30, 44, 30],
    content,
    // A heading left alone at a page's foot goes to the next page with its section.
    pageBreakBefore: (node, nodes) =>
      node.headlineLevel === 1 &&
      nodes.getFollowingNodesOnPage().every((next) => next.headlineLevel === 1),
    styles: {
      service: { fontSize: 15, bold: true },
      title: { fontSize: look.titleFontSize, bold: true, color: BRAND_BLUE },
      tableHeader: { bold: true, fillColor: '#eef2f8' },
      small: { fontSize: 9, color: '#444444' },
      // A line explaining the one above it, in a table of figures.
      note: { fontSize: 8, color: '#555555' },
    },
    defaultStyle: { font: 'Roboto', fontSize: look.fontSize },
  };
  return pdfmake.createPdf(definition).getBuffer();
}
