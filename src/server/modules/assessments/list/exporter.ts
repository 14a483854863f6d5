import type { AssessmentView } from '../../../../shared/assessments';
import { ASSESSMENT_KIND_LABELS, ASSESSMENT_STATUS_LABELS } from '../../../../shared/assessments';
import { amount, type Column, date, reference, text } from '../../../export/columns';

/** The most rows one export holds, as for taxpayers. */
export const ASSESSMENT_EXPORT_LIMIT = 50_000;

export const ASSESSMENT_COLUMNS: readonly Column<AssessmentView>[] = [
  reference('Notice number', (a) => a.noticeNumber, 24),
  text('BTIN', (a) => a.btin, 12),
  text('Taxpayer', (a) => a.taxpayerName, 32),
  text('Kind', (a) => ASSESSMENT_KIND_LABELS[a.kind], 18),
  // A tax year is a label, not a quantity: text, so it is never summed or shown as "2,025".
  text('Year', (a) => String(a.taxYear), 6),
  text('Status', (a) => ASSESSMENT_STATUS_LABELS[a.status], 12),
  text('Source', (a) => a.source, 10),
  amount('Tax', (a) => a.taxKobo, 14),
  amount('Paid', (a) => a.paidKobo, 14),
  amount('Outstanding', (a) => a.outstandingKobo, 14),
  amount('Penalty', (a) => a.penaltyKobo, 12),
  amount('Interest', (a) => a.interestKobo, 12),
  date('Due date', (a) => a.dueDate, 12),
  date('Issued', (a) => a.issuedAt, 12),
  text('Created by', (a) => a.createdBy?.name, 24),
];
