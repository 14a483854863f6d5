import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, TableCell } from 'pdfmake/interfaces';
import QRCode from 'qrcode';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatRrr } from '../../../../shared/payments';
import { CHANNEL_WORDS, lagosDateTime } from '../exporter';
import type { PaymentViewRow } from '../queries';
import { amountInWords } from './amountInWords';

/** Whose receipt this is: the service's name as the board writes it (src/db/seed/mdas.ts). */
export const SERVICE_NAME = 'Bayelsa State Board of Internal Revenue';

// pdfmake's own Roboto: unlike the PDF standard fonts it has the naira sign (DESIGN.md §1).
const ROBOTO_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);

// pdfmake (0.3) is one object per process on the server. A receipt reads nothing but the
// fonts: no URL is fetched and no other file is opened, whatever a document says.
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

/** The public page a receipt's QR code opens (the web's /verify/receipt/{receiptNumber}). */
export function receiptVerifyUrl(publicUrl: string, receiptNumber: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify/receipt/${encodeURIComponent(receiptNumber)}`;
}

export type PaidPayment = PaymentViewRow & { receiptNumber: string; paidAt: Date };

function line(label: string, value: string): TableCell[] {
  return [
    { text: label, color: '#555555' },
    { text: value || '—', bold: true },
  ];
}

/** The e-receipt of a paid payment, as PDF bytes. */
export async function renderReceiptPdf(payment: PaidPayment, publicUrl: string): Promise<Buffer> {
  const verifyUrl = receiptVerifyUrl(publicUrl, payment.receiptNumber);
  const qrSvg = await QRCode.toString(verifyUrl, {
    type: 'svg',
    margin: 0,
    errorCorrectionLevel: 'M',
  });
  const revenueHead = [payment.revenueHeadCode, payment.revenueHeadName]
    .filter(Boolean)
    .join(' — ');

  const details: TableCell[][] = [
    line('Receipt number', payment.receiptNumber),
    line('Payer', payment.payerName ?? ''),
    line('BTIN', payment.btin ?? 'Not yet matched to a taxpayer'),
    line('MDA', `${payment.mdaName} (${payment.mdaCode})`),
    line('Revenue head', revenueHead),
    line('Amount', formatKoboAsNaira(payment.amountKobo)),
    line('Amount in words', amountInWords(payment.amountKobo)),
    line('Channel', CHANNEL_WORDS[payment.channel]),
    line('RRR', payment.rrr ? formatRrr(payment.rrr) : ''),
    line('Date paid', `${lagosDateTime(payment.paidAt)} (Lagos time)`),
  ];

  const content: Content[] = [
    { text: SERVICE_NAME, style: 'service', alignment: 'center' },
    { text: 'e-Receipt', style: 'title', alignment: 'center', margin: [0, 4, 0, 18] },
    {
      table: { widths: [120, '*'], body: details },
      layout: 'lightHorizontalLines',
    },
    {
      stack: [
        { svg: qrSvg, width: 120, alignment: 'center', margin: [0, 24, 0, 8] },
        { text: 'Scan to check that this receipt is genuine:', alignment: 'center', fontSize: 9 },
        { text: verifyUrl, alignment: 'center', fontSize: 9, color: '#1a4d8f', link: verifyUrl },
      ],
    },
  ];

  return pdfmake
    .createPdf({
      info: { title: `e-Receipt ${payment.receiptNumber}`, author: SERVICE_NAME },
      pageSize: 'A4',
      pageMargins: [48, 48, 48, 48],
      content,
      styles: {
        service: { fontSize: 15, bold: true },
        title: { fontSize: 20, bold: true, color: '#1a4d8f' },
      },
      defaultStyle: { font: 'Roboto', fontSize: 11 },
    })
    .getBuffer();
}
