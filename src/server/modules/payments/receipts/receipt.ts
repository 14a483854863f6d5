import type { Content, TableCell } from 'pdfmake/interfaces';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatRrr } from '../../../../shared/payments';
import {
  DEFAULT_LETTERHEAD,
  detail,
  documentHeader,
  type Letterhead,
  renderPdf,
  verifyBlock,
} from '../../../documents/pdf';
import type { PaymentViewRow } from '../queries';
import { CHANNEL_WORDS, lagosDateTimeInWords } from '../view';
import { amountInWords } from './amountInWords';

/** The public page a receipt's QR code opens, by its code (the web's /verify/receipt/{code}, ADR 0032). */
export function receiptVerifyUrl(publicUrl: string, publicCode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify/receipt/${publicCode}`;
}

export type PaidPayment = PaymentViewRow & { receiptNumber: string; paidAt: Date };

/** The e-receipt of a paid payment, as PDF bytes. */
export async function renderReceiptPdf(
  payment: PaidPayment,
  publicCode: string,
  publicUrl: string,
  letterhead: Letterhead = DEFAULT_LETTERHEAD,
): Promise<Buffer> {
  const verifyUrl = receiptVerifyUrl(publicUrl, publicCode);
  const revenueHead = [payment.revenueHeadCode, payment.revenueHeadName]
    .filter(Boolean)
    .join(' — ');

  const details: TableCell[][] = [
    detail('Receipt number', payment.receiptNumber),
    detail('Payer', payment.payerName ?? ''),
    detail('BTIN', payment.btin ?? 'Not yet matched to a taxpayer'),
    detail('MDA', `${payment.mdaName} (${payment.mdaCode})`),
    detail('Revenue head', revenueHead),
    detail('Amount', formatKoboAsNaira(payment.amountKobo)),
    detail('Amount in words', amountInWords(payment.amountKobo)),
    detail('Channel', CHANNEL_WORDS[payment.channel]),
    detail('RRR', payment.rrr ? formatRrr(payment.rrr) : ''),
    detail('Date paid', `${lagosDateTimeInWords(payment.paidAt)} (Lagos time)`),
  ];

  const content: Content[] = [
    ...documentHeader('e-Receipt', letterhead, 18),
    {
      table: { widths: [120, '*'], body: details },
      layout: 'lightHorizontalLines',
    },
    await verifyBlock(verifyUrl, 'receipt', { qrWidth: 120, marginTop: 24 }),
  ];

  return renderPdf(
    `e-Receipt ${payment.receiptNumber}`,
    content,
    { fontSize: 11, titleFontSize: 20 },
    undefined,
    letterhead.serviceName,
  );
}
