import type { Content, CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import type { AssessmentKind, TraderSize } from '../../../../shared/assessments/enums';
import { OBJECTION_FILING_DAYS } from '../../../../shared/assessments/enums';
import { dayInWords } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import { formatRrr } from '../../../../shared/payments';
import type { ConsolidatedReliefBreakdown, IncomeTaxBandLine } from '../../../../shared/tax';
import {
  COMPACT_LINES,
  DEFAULT_LETTERHEAD,
  detail,
  documentHeader,
  type Letterhead,
  renderPdf,
  SERVICE_NAME,
  section,
  sectionTitle,
  verifyBlock,
} from '../../../documents/pdf';
import { formatBasisPoints } from '../categories/view';

/** The public page a notice's QR code opens, by its code (the web's /verify/assessment/{code}, ADR 0032). */
export function noticeVerifyUrl(publicUrl: string, publicCode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify/assessment/${publicCode}`;
}

/** The objection sentence every notice carries (docs/tax-rules.md: 30 days from the notice). */
export function objectionSentence(serviceName: string): string {
  return `If you disagree with this assessment, you may object in writing to the ${serviceName} within ${OBJECTION_FILING_DAYS} days of the date of this notice, stating the grounds of your objection and the amount you dispute.`;
}

/** The sentence as printed under the default letterhead. */
export const OBJECTION_SENTENCE = objectionSentence(SERVICE_NAME);

export type NoticeDeductionLine = {
  label: string;
  claimedKobo: number;
  allowedKobo: number;
  capKobo: number | null;
  note: string;
};

export type DirectNoticeComputation = {
  incomes: { label: string; amountKobo: number }[];
  grossIncomeKobo: number;
  consolidatedRelief: ConsolidatedReliefBreakdown | null;
  deductions: NoticeDeductionLine[];
  reliefsKobo: number;
  chargeableIncomeKobo: number;
  bands: IncomeTaxBandLine[];
  computedTaxKobo: number;
  minimumTaxKobo: number | null;
  minimumTaxApplied: boolean;
  exemptMinimumWage: boolean;
};

export type PresumptiveNoticeComputation = {
  categoryName: string;
  /** Where the trade is: the place given (market, street) and its LGA; null when not given. */
  where?: string | null;
  rule: 'fixed_by_size' | 'percent_of_turnover';
  size: TraderSize | null;
  estimatedTurnoverKobo: number | null;
  turnoverThresholdKobo: number | null;
  rateBasisPoints: number | null;
  note: string;
};

/** Everything a notice of assessment prints, read and checked before (a plain object). */
export type NoticeDocument = {
  noticeNumber: string;
  /** What its verification address carries (ADR 0032). */
  publicCode: string;
  kind: AssessmentKind;
  taxYear: number;
  /** The law or rule applied, in words (e.g. "Personal Income Tax Act (as amended)"). */
  lawTitle: string;
  /** YYYY-MM-DD in Lagos. */
  issuedOn: string;
  dueDate: string;
  taxpayer: { name: string; btin: string; address: string | null };
  /** One of the two, by kind; null when the stored computation could not be read. */
  direct: DirectNoticeComputation | null;
  presumptive: PresumptiveNoticeComputation | null;
  taxKobo: number;
  paidKobo: number;
  /** Penalty and interest when the notice is past its due date with tax outstanding. */
  late: { daysLate: number; penaltyKobo: number; interestKobo: number; isWaived: boolean } | null;
  /** The RRR of the latest bill still pending for this assessment, if any. */
  pendingRrr: string | null;
};

const naira = formatKoboAsNaira;

/**
 * A section's table of figures, its heading the table's first row: pdfmake keeps header rows
 * with the first body row (keepWithHeaderRows), so the heading never ends a page alone, and
 * repeats them over a continuation. Every column but the first holds figures: its column heading
 * is right-aligned like them, so a heading stands over its column's numbers.
 */
function table(
  title: string,
  headers: string[],
  rows: TableCell[][],
  widths: (string | number)[],
): Content {
  const titleRow: TableCell[] = [
    { ...(sectionTitle(title) as object), colSpan: headers.length } as TableCell,
    ...headers.slice(1).map(() => ''),
  ];
  return {
    table: {
      headerRows: 2,
      keepWithHeaderRows: 1,
      widths,
      body: [
        titleRow,
        headers.map((text, column) => ({
          text,
          style: 'tableHeader',
          alignment: column === 0 ? 'left' : 'right',
        })),
        ...rows,
      ],
    },
    layout: TITLED_LINES,
  };
}

/** COMPACT_LINES under a title row: no rule above the column headings, none beside the title. */
const TITLED_LINES: CustomTableLayout = {
  ...COMPACT_LINES,
  hLineWidth: (i, node) => (i <= 1 || i === node.table.body.length ? 0 : i === 2 ? 1.5 : 0.75),
  hLineColor: (i) => (i === 2 ? '#333333' : '#aaaaaa'),
  paddingTop: (i) => (i === 0 ? 0 : 1),
  fillColor: (i) => (i === 1 ? '#eef2f8' : null),
};

const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });

/** A line of the amounts: its label, the figure right-aligned under the others. */
function amountRow(label: string, value: string, bold = false): TableCell[] {
  return [
    { text: label, color: '#555555', bold },
    { text: value, alignment: 'right', bold: true },
  ];
}

function bandLabel(band: IncomeTaxBandLine): string {
  return band.toKobo === null
    ? `Above ${naira(band.fromKobo)}`
    : `${naira(band.fromKobo)} – ${naira(band.toKobo)}`;
}

function directContent(c: DirectNoticeComputation): Content[] {
  const content: Content[] = [];
  content.push(
    table(
      'Income',
      ['Source', 'Amount'],
      [
        ...c.incomes.map((line) => [line.label, right(naira(line.amountKobo))]),
        [{ text: 'Gross income', bold: true }, right(naira(c.grossIncomeKobo), true)],
      ],
      ['*', 120],
    ),
  );
  const reliefRows: TableCell[][] = [];
  if (c.consolidatedRelief) {
    const cra = c.consolidatedRelief;
    reliefRows.push([
      {
        text: [
          'Consolidated Relief Allowance (CRA)\n',
          {
            text: `The higher of ₦200,000.00 and 1 % of ${naira(cra.baseKobo)} (${naira(cra.higherOfKobo)}), plus 20 % of it (${naira(cra.percentOfBaseKobo)})`,
            style: 'note',
          },
        ],
      },
      right('automatic'),
      right(naira(cra.amountKobo)),
      right('—'),
    ]);
  }
  for (const d of c.deductions) {
    reliefRows.push([
      { text: [`${d.label}\n`, { text: d.note, style: 'note' }] },
      right(naira(d.claimedKobo)),
      right(naira(d.allowedKobo)),
      right(d.capKobo === null ? '—' : naira(d.capKobo)),
    ]);
  }
  reliefRows.push([
    { text: 'Total reliefs', bold: true },
    '',
    right(naira(c.reliefsKobo), true),
    '',
  ]);
  content.push(
    table('Reliefs and deductions', ['Relief', 'Claimed', 'Allowed', 'Cap'], reliefRows, [
      '*',
      70,
      70,
      70,
    ]),
  );
  content.push({
    text: `Chargeable income: ${naira(c.chargeableIncomeKobo)}`,
    bold: true,
    margin: [0, 4, 0, 0],
  });
  content.push(
    table(
      'Tax by band',
      ['Band of chargeable income', 'Rate', 'Taxable', 'Tax'],
      [
        ...c.bands.map((band) => [
          bandLabel(band),
          right(formatBasisPoints(band.rateBasisPoints)),
          right(naira(band.taxableKobo)),
          right(naira(band.taxKobo)),
        ]),
        [
          { text: 'Tax computed on the bands', bold: true },
          '',
          '',
          right(naira(c.computedTaxKobo), true),
        ],
      ],
      ['*', 50, 90, 90],
    ),
  );
  if (c.exemptMinimumWage) {
    content.push({
      text: 'Income from employment is no more than the national minimum wage: no tax is charged.',
      margin: [0, 6, 0, 0],
    });
  } else if (c.minimumTaxApplied && c.minimumTaxKobo !== null) {
    content.push({
      text: `The tax on the bands is below 1 % of gross income: the minimum tax of ${naira(c.minimumTaxKobo)} is charged.`,
      margin: [0, 6, 0, 0],
    });
  }
  return content;
}

const SIZE_WORDS = { small: 'Small', medium: 'Medium', large: 'Large' } as const;

function presumptiveContent(c: PresumptiveNoticeComputation): Content[] {
  const rows: TableCell[][] = [detail('Trade category', c.categoryName)];
  if (c.where) rows.push(detail('Where the trade is', c.where));
  if (c.rule === 'fixed_by_size') {
    rows.push(detail('Rule', 'Fixed annual amount by size of trade'));
    rows.push(detail('Size of trade', c.size ? SIZE_WORDS[c.size] : ''));
  } else {
    rows.push(detail('Rule', 'Percentage of turnover above an exempt threshold'));
    rows.push(
      detail(
        'Estimated turnover',
        c.estimatedTurnoverKobo === null ? '' : naira(c.estimatedTurnoverKobo),
      ),
    );
    rows.push(
      detail(
        'Exempt up to',
        c.turnoverThresholdKobo === null ? '' : naira(c.turnoverThresholdKobo),
      ),
    );
    rows.push(
      detail('Rate', c.rateBasisPoints === null ? '' : formatBasisPoints(c.rateBasisPoints)),
    );
  }
  rows.push(detail('How the tax was reached', c.note));
  return [
    section('Presumptive tax', [
      { table: { widths: [150, '*'], body: rows }, layout: COMPACT_LINES },
    ]),
  ];
}

/** A point smaller than letters: a typical notice, QR code and all, fits one A4 page. */
const NOTICE_LOOK = { fontSize: 9.5, titleFontSize: 17 };

/** What "How to pay" says: what to do with the bill's RRR, or how to get one (docs/remita.md). */
export function howToPaySentence(notice: NoticeDocument, amountDueKobo: number): string {
  if (amountDueKobo === 0) return 'Nothing is due on this notice: keep it with your e-receipts.';
  if (notice.pendingRrr) {
    const rrr = formatRrr(notice.pendingRrr);
    return `Pay ${naira(amountDueKobo)} with the Remita Retrieval Reference (RRR) ${rrr} by ${dayInWords(notice.dueDate)}: at any bank, give the teller the RRR; online, enter it at remita.net under "Pay an RRR". The payment is recorded against this notice and an e-receipt is issued.`;
  }
  return 'No bill has been raised for this notice yet. Ask at any BIRS office for a bill: you will be given a Remita Retrieval Reference (RRR) to pay at any bank or online at remita.net.';
}

/** The notice of assessment, as PDF bytes (docs/product.md §7 Assessment; docs/tax-rules.md). */
export async function renderNoticePdf(
  notice: NoticeDocument,
  publicUrl: string,
  letterhead: Letterhead = DEFAULT_LETTERHEAD,
): Promise<Buffer> {
  const verifyUrl = noticeVerifyUrl(publicUrl, notice.publicCode);
  const late = notice.late && !notice.late.isWaived ? notice.late : null;
  const outstandingKobo = Math.max(0, notice.taxKobo - notice.paidKobo);
  const totalDueKobo = outstandingKobo + (late ? late.penaltyKobo + late.interestKobo : 0);
  const kindWords = notice.kind === 'direct' ? 'Direct assessment' : 'Presumptive tax';

  // Two columns of details, the notice's and the taxpayer's: half the height of one list.
  const noticeDetails: TableCell[][] = [
    detail('Notice number', notice.noticeNumber),
    detail('Date of notice', dayInWords(notice.issuedOn)),
    detail('Year of assessment', String(notice.taxYear)),
    detail('Kind', kindWords),
  ];
  const taxpayerDetails: TableCell[][] = [
    detail('Taxpayer', notice.taxpayer.name),
    detail('BTIN', notice.taxpayer.btin),
    detail('Address', notice.taxpayer.address ?? ''),
    detail('Law or rule', notice.lawTitle),
  ];

  const computation: Content[] = notice.direct
    ? directContent(notice.direct)
    : notice.presumptive
      ? presumptiveContent(notice.presumptive)
      : [];

  const amounts: TableCell[][] = [
    amountRow('Tax assessed', naira(notice.taxKobo)),
    amountRow('Paid so far', naira(notice.paidKobo)),
  ];
  if (late) {
    amounts.push(amountRow(`Penalty (${late.daysLate} days late)`, naira(late.penaltyKobo)));
    amounts.push(amountRow('Interest (late payment)', naira(late.interestKobo)));
  } else if (notice.late?.isWaived) {
    amounts.push(amountRow('Penalty and interest', 'Waived'));
  }
  amounts.push(amountRow('Amount due', naira(totalDueKobo), true));
  amounts.push(amountRow('Due date', dayInWords(notice.dueDate)));
  if (notice.pendingRrr)
    amounts.push(amountRow('RRR (your bill)', formatRrr(notice.pendingRrr), true));

  const content: Content[] = [
    ...documentHeader('Notice of Assessment', letterhead, 8),
    {
      columns: [
        { width: '*', table: { widths: [96, '*'], body: noticeDetails }, layout: COMPACT_LINES },
        { width: '*', table: { widths: [62, '*'], body: taxpayerDetails }, layout: COMPACT_LINES },
      ],
      columnGap: 14,
    },
    ...computation,
    // The money and what to do about it side by side: what is due, how to pay it, how to object.
    {
      columns: [
        {
          width: 232,
          stack: [
            sectionTitle('Amount due'),
            { table: { widths: ['*', 92], body: amounts }, layout: COMPACT_LINES },
          ],
        },
        {
          width: '*',
          stack: [
            sectionTitle('How to pay'),
            { text: howToPaySentence(notice, totalDueKobo) },
            sectionTitle('Your right to object'),
            { text: objectionSentence(letterhead.serviceName), fontSize: 9 },
          ],
        },
      ],
      columnGap: 18,
      unbreakable: true,
    },
    await verifyBlock(verifyUrl, 'notice', { qrWidth: 100, marginTop: 18 }),
  ];
  return renderPdf(
    `Notice of Assessment ${notice.noticeNumber}`,
    content,
    NOTICE_LOOK,
    undefined,
    letterhead.serviceName,
  );
}
