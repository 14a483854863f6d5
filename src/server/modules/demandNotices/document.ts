import type { Content, TableCell } from 'pdfmake/interfaces';
import { dayInWords } from '../../../shared/dates';
import { DEMAND_NOTICE_STATUS_LABELS, type DemandNoticeView } from '../../../shared/demandNotices';
import { formatKoboAsNaira } from '../../../shared/money';
import { formatRrr } from '../../../shared/payments';
import {
  COMPACT_LINES,
  DEFAULT_LETTERHEAD,
  detail,
  documentHeader,
  type Letterhead,
  renderPdf,
  sectionTitle,
  verifyBlock,
} from '../../documents/pdf';

/** The public page a demand notice's QR code opens, by its code (web /verify/demand-notice/{code}, ADR 0032). */
export function demandNoticeVerifyUrl(publicUrl: string, publicCode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify/demand-notice/${publicCode}`;
}

const naira = formatKoboAsNaira;
const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });

/** What "How to pay" says: the notice's RRR, or that its bill is being confirmed. */
export function howToPayDemand(notice: DemandNoticeView): string {
  if (notice.status === 'cancelled') return 'This notice has been cancelled: nothing is due on it.';
  if (notice.outstandingKobo === 0) return 'This notice is paid: keep it with your e-receipt.';
  if (notice.bill?.rrr) {
    return `Pay ${naira(notice.outstandingKobo)} with the Remita Retrieval Reference (RRR) ${formatRrr(notice.bill.rrr)} by ${dayInWords(notice.dueOn)}: at any bank, give the teller the RRR; online, enter it at remita.net under "Pay an RRR". An e-receipt is issued when it is paid.`;
  }
  return "This notice's RRR is being confirmed with Remita. Ask the MDA for it, then pay at any bank or online at remita.net.";
}

/** The demand notice, as PDF bytes: the MDA's lines, the total, the RRR and the QR code to check it. */
export async function renderDemandNoticePdf(
  notice: DemandNoticeView & { publicCode: string },
  publicUrl: string,
  letterhead: Letterhead = DEFAULT_LETTERHEAD,
): Promise<Buffer> {
  const details: TableCell[][] = [
    detail('Notice number', notice.number),
    detail('Date of notice', dayInWords(notice.issuedOn)),
    detail('Due date', dayInWords(notice.dueOn)),
    detail('Status', DEMAND_NOTICE_STATUS_LABELS[notice.status]),
  ];
  const payer: TableCell[][] = [
    detail('Issued by', notice.mda.name),
    detail('Payer', notice.payerName),
    detail('BTIN', notice.btin),
    detail('RRR', notice.bill?.rrr ? formatRrr(notice.bill.rrr) : 'Being confirmed'),
  ];
  const lines: TableCell[][] = [
    ['Revenue head', 'Description', 'Qty', 'Unit amount', 'Amount'].map((text, column) => ({
      text,
      style: 'tableHeader',
      alignment: column < 2 ? 'left' : 'right',
    })),
    ...notice.lines.map((line) => [
      `${line.revenueHeadCode}${line.revenueHeadName ? `\n${line.revenueHeadName}` : ''}`,
      line.description,
      right(line.quantity.toLocaleString('en-NG')),
      right(naira(line.unitAmountKobo)),
      right(naira(line.amountKobo)),
    ]),
    [{ text: 'Total', bold: true, colSpan: 4 }, '', '', '', right(naira(notice.totalKobo), true)],
    [{ text: 'Paid so far', colSpan: 4 }, '', '', '', right(naira(notice.paidKobo))],
    [
      { text: 'Amount due', bold: true, colSpan: 4 },
      '',
      '',
      '',
      right(naira(notice.outstandingKobo), true),
    ],
  ];
  const content: Content[] = [
    ...documentHeader('Demand Notice', letterhead, 8),
    {
      columns: [
        { width: '*', table: { widths: [90, '*'], body: details }, layout: COMPACT_LINES },
        { width: '*', table: { widths: [62, '*'], body: payer }, layout: COMPACT_LINES },
      ],
      columnGap: 14,
    },
    sectionTitle('What is demanded'),
    {
      table: { headerRows: 1, widths: [80, '*', 36, 80, 86], body: lines },
      layout: COMPACT_LINES,
    },
    sectionTitle('How to pay'),
    { text: howToPayDemand(notice) },
    ...(notice.cancelReason
      ? [sectionTitle('Cancelled'), { text: notice.cancelReason } as Content]
      : []),
    await verifyBlock(demandNoticeVerifyUrl(publicUrl, notice.publicCode), 'notice', {
      qrWidth: 100,
      marginTop: 18,
    }),
  ];
  return renderPdf(
    `Demand Notice ${notice.number}`,
    content,
    { fontSize: 9.5, titleFontSize: 17 },
    undefined,
    letterhead.serviceName,
  );
}
