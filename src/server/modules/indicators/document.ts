import type { Content, TableCell } from 'pdfmake/interfaces';
import { dayInWords, MONTH_NAMES, todayInLagos } from '../../../shared/dates';
import { formatIndicatorValue } from '../../../shared/indicators/definitions';
import type { IndicatorItem, IndicatorsAnswer } from '../../../shared/indicators/schemas';
import { monthInWords, pendingTrendNote, targetMet } from '../../../shared/indicators/standing';
import { detail, documentHeader, type Letterhead, renderPdf, section } from '../../documents/pdf';

const TITLE = 'Service Performance';

/** Months a row of the trend table holds: 24 months print as three rows on landscape A4. */
const TREND_ROW = 8;

/** "Nov 2025": a trend column's head (never the ISO form on paper, shared/dates.ts). */
function monthShort(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]?.slice(0, 3)} ${month.slice(0, 4)}`;
}

function standingText(item: IndicatorItem): string {
  const met = targetMet(item);
  if (item.target === null) return 'No target set';
  if (met === null) return 'No figure this month';
  return met ? 'Target met' : 'Off target';
}

/** The trend as rows of months over their figures, oldest first. */
function trendTable(item: IndicatorItem): Content {
  const body: TableCell[][] = [];
  for (let i = 0; i < item.trend.length; i += TREND_ROW) {
    const months = item.trend.slice(i, i + TREND_ROW);
    const pad = (cells: TableCell[]) => [
      ...cells,
      ...Array.from({ length: TREND_ROW - cells.length }, () => ''),
    ];
    body.push(pad(months.map((t) => ({ text: monthShort(t.month), style: 'tableHeader' }))));
    body.push(pad(months.map((t) => (t.pending ? '…' : formatIndicatorValue(t.value, item.unit)))));
  }
  return {
    table: { widths: Array.from({ length: TREND_ROW }, () => '*'), body },
    layout: 'lightHorizontalLines',
    fontSize: 8,
  };
}

/** Under the trend table: which months ("…") are not stored yet, when any is. */
function trendNote(item: IndicatorItem): Content[] {
  const note = pendingTrendNote(item.trend);
  return note ? [{ text: `… ${note}`, style: 'note', margin: [0, 2, 0, 0] }] : [];
}

function indicatorSection(item: IndicatorItem): Content {
  const details: TableCell[][] = [
    detail('Value', formatIndicatorValue(item.value, item.unit)),
    detail(
      'Target',
      item.target === null ? 'not set' : formatIndicatorValue(item.target, item.unit),
    ),
    detail('Against the target', standingText(item)),
    detail('Figure', item.source === 'snapshot' ? 'Stored at month end' : 'Live: the month so far'),
    ...item.facts.map((f) => detail(f.label, formatIndicatorValue(f.value, f.unit))),
  ];
  const restated: Content[] = item.restatements.map((r) => ({
    text: `Restated ${dayInWords(todayInLagos(new Date(r.restatedAt)))}: was ${formatIndicatorValue(r.oldValue, item.unit)}, now ${formatIndicatorValue(r.newValue, item.unit)}. ${r.reason}`,
    style: 'note',
    margin: [0, 2, 0, 0],
  }));
  return section(item.label, [
    {
      columns: [
        {
          width: 300,
          table: { widths: [130, '*'], body: details },
          layout: 'noBorders',
        },
        {
          width: '*',
          stack: [
            { text: item.definition },
            { text: `TADAT: ${item.tadatRef}`, style: 'small', margin: [0, 4, 0, 0] },
            ...restated,
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 0, 0, 6],
    },
    { text: `${item.label}, month by month`, style: 'small', margin: [0, 0, 0, 2] },
    trendTable(item),
    ...trendNote(item),
  ]);
}

/**
 * The Service performance page on paper, for a board meeting (docs/indicators.md): A4
 * landscape under the service's letterhead, the month printed, then each indicator the answer
 * holds with its value, target and whether it is met, the figures behind it, its trend as a
 * table, its definition and TADAT reference ("to confirm" where the reference is unconfirmed).
 */
export function renderIndicatorsPdf(
  answer: IndicatorsAnswer,
  letterhead: Letterhead,
  today: string,
): Promise<Buffer> {
  const open = answer.month === today.slice(0, 7);
  const period = open
    ? `${monthInWords(answer.month)}, the month so far (to ${dayInWords(today)})`
    : monthInWords(answer.month);
  const content: Content[] = [
    ...documentHeader(TITLE, letterhead),
    {
      table: {
        widths: [110, '*'],
        body: [detail('Month', period), detail('Printed', dayInWords(today))],
      },
      layout: 'noBorders',
      margin: [0, 0, 0, 6],
    },
    answer.items.length === 0
      ? { text: 'No indicator is measured yet for this month.', italics: true }
      : { stack: answer.items.map(indicatorSection) },
  ];
  return renderPdf(`${TITLE} ${answer.month}`, content, {
    fontSize: 9,
    titleFontSize: 15,
    pageOrientation: 'landscape',
  });
}
