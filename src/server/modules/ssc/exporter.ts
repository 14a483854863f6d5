import { SSC_CATEGORY_LABELS, SSC_SCHEDULE_STATUS_LABELS } from '../../../shared/ssc/enums';
import type { SscScheduleView } from '../../../shared/ssc/views';
import { amount, type Column, count, date, reference, text } from '../../export/columns';

/** The most schedules one export holds: every MDA's three categories for many years. */
export const SSC_EXPORT_LIMIT = 50_000;

/** An SSC list as a file (ADR 0029). */
export const SSC_COLUMNS: readonly Column<SscScheduleView>[] = [
  text('Month', (s) => s.month, 9),
  text('MDA code', (s) => s.mda.code, 12),
  text('MDA', (s) => s.mda.name, 36),
  text('Category', (s) => SSC_CATEGORY_LABELS[s.category], 34),
  text('Status', (s) => SSC_SCHEDULE_STATUS_LABELS[s.status], 10),
  count('Staff', (s) => s.staffCount, 8),
  amount('Gross pay', (s) => s.grossKobo, 18),
  amount('Levy', (s) => s.levyKobo, 16),
  text('Rates', (s) => (s.hasDemoRates ? 'Demo' : 'In force'), 9),
  reference('RRR', (s) => s.rrr, 16),
  date('Received', (s) => s.createdAt, 12),
];
