import type { AssessmentView } from '../../../shared/assessments';
import { ASSESSMENT_KIND_LABELS, ASSESSMENT_STATUS_LABELS } from '../../../shared/assessments';
import { todayInLagos } from '../../../shared/dates';
import { koboToNaira } from '../../../shared/money';
import { type Table, tableToCsv, tableToXlsx } from '../../export/spreadsheet';

/** The most rows one export holds, as for payments and taxpayers. */
export const ASSESSMENT_EXPORT_LIMIT = 50_000;

const HEADERS = [
  'Notice number',
  'BTIN',
  'Taxpayer',
  'Kind',
  'Year',
  'Status',
  'Source',
  'Tax (₦)',
  'Paid (₦)',
  'Outstanding (₦)',
  'Penalty (₦)',
  'Interest (₦)',
  'Due date',
  'Issued',
  'Created by',
];

const naira = (kobo: number) => koboToNaira(kobo).toFixed(2);

function tableOf(items: readonly AssessmentView[]): Table {
  return {
    sheet: 'Assessments',
    headers: HEADERS,
    widths: [24, 12, 32, 18, 6, 12, 10, 14, 14, 14, 12, 12, 12, 12, 24],
    rows: items.map((a) => [
      a.noticeNumber ?? '',
      a.btin,
      a.taxpayerName,
      ASSESSMENT_KIND_LABELS[a.kind],
      String(a.taxYear),
      ASSESSMENT_STATUS_LABELS[a.status],
      a.source,
      naira(a.taxKobo),
      naira(a.paidKobo),
      naira(a.outstandingKobo),
      naira(a.penaltyKobo),
      naira(a.interestKobo),
      a.dueDate ?? '',
      a.issuedAt ? todayInLagos(new Date(a.issuedAt)) : '',
      a.createdBy?.name ?? '',
    ]),
  };
}

export async function assessmentsToFile(items: readonly AssessmentView[], format: 'csv' | 'xlsx') {
  const fileName = `assessments-${todayInLagos()}.${format}`;
  return format === 'csv'
    ? { body: tableToCsv(tableOf(items)), contentType: 'text/csv; charset=utf-8', fileName }
    : {
        body: await tableToXlsx(tableOf(items)),
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        fileName,
      };
}
