import type { Content, TableCell } from 'pdfmake/interfaces';
import type { AssessmentKind, TraderSize } from '../../../../shared/assessments/enums';
import { OBJECTION_FILING_DAYS } from '../../../../shared/assessments/enums';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { ConsolidatedReliefBreakdown, IncomeTaxBandLine } from '../../../../shared/tax';
import {
  detail,
  documentHeader,
  renderPdf,
  SERVICE_NAME,
  sectionTitle,
  verifyBlock,
} from '../../../documents/pdf';
import { formatBasisPoints } from '../categories/view';

/** The public page a notice's QR code opens, by its code (the web's /verify/assessment/{code}, ADR 0032). */
export function noticeVerifyUrl(publicUrl: string, publicCode: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/verify/assessment/${publicCode}`;
}

/** The objection sentence every notice carries (docs/tax-rules.md: 30 days from the notice). */
export const OBJECTION_SENTENCE = `If you disagree with this assessment, you may object in writing to the ${SERVICE_NAME} within ${OBJECTION_FILING_DAYS} days of the date of this notice, stating the grounds of your objection and the amount you dispute.`;

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

function table(headers: string[], rows: TableCell[][], widths: (string | number)[]): Content {
  return {
    table: {
      headerRows: 1,
      widths,
      body: [headers.map((text) => ({ text, style: 'tableHeader' })), ...rows],
    },
    layout: 'lightHorizontalLines',
  };
}

const right = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });

function bandLabel(band: IncomeTaxBandLine): string {
  return band.toKobo === null
    ? `Above ${naira(band.fromKobo)}`
    : `${naira(band.fromKobo)} – ${naira(band.toKobo)}`;
}

function directContent(c: DirectNoticeComputation): Content[] {
  const content: Content[] = [sectionTitle('Income')];
  content.push(
    table(
      ['Source', 'Amount'],
      [
        ...c.incomes.map((line) => [line.label, right(naira(line.amountKobo))]),
        [{ text: 'Gross income', bold: true }, right(naira(c.grossIncomeKobo), true)],
      ],
      ['*', 120],
    ),
  );
  content.push(sectionTitle('Reliefs and deductions'));
  const reliefRows: TableCell[][] = [];
  if (c.consolidatedRelief) {
    const cra = c.consolidatedRelief;
    reliefRows.push([
      {
        text: [
          'Consolidated Relief Allowance (CRA)\n',
          {
            text: `The higher of ₦200,000.00 and 1 % of ${naira(cra.baseKobo)} (${naira(cra.higherOfKobo)}), plus 20 % of it (${naira(cra.percentOfBaseKobo)})`,
            style: 'small',
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
      { text: [`${d.label}\n`, { text: d.note, style: 'small' }] },
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
  content.push(table(['Relief', 'Claimed', 'Allowed', 'Cap'], reliefRows, ['*', 80, 80, 80]));
  content.push({
    text: `Chargeable income: ${naira(c.chargeableIncomeKobo)}`,
    bold: true,
    margin: [0, 8, 0, 0],
  });
  content.push(sectionTitle('Tax by band'));
  content.push(
    table(
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
    sectionTitle('Presumptive tax'),
    { table: { widths: [150, '*'], body: rows }, layout: 'lightHorizontalLines' },
  ];
}

/** The notice of assessment, as PDF bytes (docs/product.md §7 Assessment; docs/tax-rules.md). */
export async function renderNoticePdf(notice: NoticeDocument, publicUrl: string): Promise<Buffer> {
  const verifyUrl = noticeVerifyUrl(publicUrl, notice.publicCode);
  const late = notice.late && !notice.late.isWaived ? notice.late : null;
  const outstandingKobo = Math.max(0, notice.taxKobo - notice.paidKobo);
  const totalDueKobo = outstandingKobo + (late ? late.penaltyKobo + late.interestKobo : 0);
  const kindWords = notice.kind === 'direct' ? 'Direct assessment' : 'Presumptive tax';

  const header: TableCell[][] = [
    detail('Notice number', notice.noticeNumber),
    detail('Date of notice', notice.issuedOn),
    detail('Year of assessment', String(notice.taxYear)),
    detail('Kind', kindWords),
    detail('Law or rule applied', notice.lawTitle),
    detail('Taxpayer', notice.taxpayer.name),
    detail('BTIN', notice.taxpayer.btin),
    detail('Address', notice.taxpayer.address ?? ''),
  ];

  const computation: Content[] = notice.direct
    ? directContent(notice.direct)
    : notice.presumptive
      ? presumptiveContent(notice.presumptive)
      : [];

  const amounts: TableCell[][] = [
    detail('Tax assessed', naira(notice.taxKobo)),
    detail('Paid so far', naira(notice.paidKobo)),
  ];
  if (late) {
    amounts.push(
      detail(`Late payment penalty (${late.daysLate} days late)`, naira(late.penaltyKobo)),
    );
    amounts.push(detail('Interest on late payment', naira(late.interestKobo)));
  } else if (notice.late?.isWaived) {
    amounts.push(detail('Penalty and interest', 'Waived'));
  }
  amounts.push(detail('Amount due', naira(totalDueKobo)));
  amounts.push(detail('Due date', notice.dueDate));

  const howToPay = notice.pendingRrr
    ? `Pay with Remita Retrieval Reference (RRR) ${notice.pendingRrr} at any bank, on remita.net or at a BIRS office.`
    : 'Ask for a bill (RRR) at any BIRS office, then pay it at any bank or on Remita (remita.net).';

  const content: Content[] = [
    ...documentHeader('Notice of Assessment'),
    { table: { widths: [130, '*'], body: header }, layout: 'lightHorizontalLines' },
    ...computation,
    sectionTitle('Amount due'),
    { table: { widths: [200, '*'], body: amounts }, layout: 'lightHorizontalLines' },
    sectionTitle('How to pay'),
    { text: howToPay },
    sectionTitle('Your right to object'),
    { text: OBJECTION_SENTENCE },
    await verifyBlock(verifyUrl, 'notice', { qrWidth: 100, marginTop: 18 }),
  ];
  return renderPdf(`Notice of Assessment ${notice.noticeNumber}`, content);
}
