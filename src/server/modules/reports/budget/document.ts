import type { Content, TableCell } from 'pdfmake/interfaces';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { BudgetPerformanceReport } from '../../../../shared/reports/budget';
import { detail, documentHeader, type Letterhead, renderPdf } from '../../../documents/pdf';

const TITLES: Record<BudgetPerformanceReport['groupBy'], string> = {
  mda: 'Budget Performance by MDA',
  category: 'Consolidated Budget Performance',
  'economic-code': 'Budget Performance by Economic Code',
  'revenue-head': 'Budget Performance by Revenue Head',
  month: 'Budget Performance by Month',
};

const percentText = (p: number | null) => (p === null ? '—' : `${p.toFixed(1)} %`);

/**
 * A budget report on paper: A4 landscape under the service's letterhead, the period and the
 * budget version it was measured against printed above the table, subtotals in bold and the
 * totals row last.
 */
export function renderBudgetReportPdf(
  report: BudgetPerformanceReport,
  letterhead: Letterhead,
  versionText: string,
): Promise<Buffer> {
  const title = report.mda
    ? `${TITLES[report.groupBy]}: ${report.mda.name}`
    : TITLES[report.groupBy];
  const money = (kobo: number, bold = false): TableCell => ({
    text: formatKoboAsNaira(kobo),
    alignment: 'right',
    bold,
  });
  const header: TableCell[] = ['Group', 'Budget', 'Collected', 'Variance', '% of budget'].map(
    (text, i) => ({ text, style: 'tableHeader', alignment: i === 0 ? 'left' : 'right' }),
  );
  const body: TableCell[][] = [
    header,
    ...report.items.map((i) => [
      {
        text: i.key && report.groupBy === 'economic-code' ? `${i.key}  ${i.label}` : i.label,
        bold: i.subtotal,
        margin: [
          Math.max(0, (i.level - (report.groupBy === 'economic-code' ? 2 : 1)) * 6),
          0,
          0,
          0,
        ],
      } as TableCell,
      money(i.budgetKobo, i.subtotal),
      money(i.actualKobo, i.subtotal),
      money(i.varianceKobo, i.subtotal),
      { text: percentText(i.percent), alignment: 'right', bold: i.subtotal } as TableCell,
    ]),
    [
      { text: 'Total', bold: true },
      money(report.totals.budgetKobo, true),
      money(report.totals.actualKobo, true),
      money(report.totals.varianceKobo, true),
      { text: percentText(report.totals.percent), alignment: 'right', bold: true },
    ],
  ];
  const content: Content[] = [
    ...documentHeader(title, letterhead),
    {
      table: {
        widths: [110, '*'],
        body: [
          detail('Period', `${report.from} to ${report.to}`),
          detail('Budget version', versionText),
        ],
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 10],
    },
    report.items.length === 0
      ? { text: 'Nothing was budgeted or collected in this period.', italics: true }
      : {
          table: { headerRows: 1, widths: ['*', 110, 110, 110, 70], body },
          layout: 'lightHorizontalLines',
        },
  ];
  return renderPdf(title, content, {
    fontSize: 9,
    titleFontSize: 15,
    pageOrientation: 'landscape',
  });
}
