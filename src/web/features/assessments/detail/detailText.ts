import { OBJECTION_FILING_DAYS } from '../../../../shared/assessments/enums';
import type { AssessmentView } from '../../../../shared/assessments/views';
import { addDays, todayInLagos } from '../../../../shared/dates';
import { formatKoboAsNaira } from '../../../../shared/money';
import type { ReliefKind } from '../../../../shared/tax/laws';

/** Plain-English pieces of one assessment's page, kept pure so they are tested alone. */

export const RELIEF_LABELS: Record<ReliefKind, string> = {
  consolidatedRelief: 'Consolidated relief allowance (CRA)',
  pension: 'Pension contribution',
  nhf: 'National Housing Fund',
  nhis: 'National Health Insurance',
  lifeAssurance: 'Life assurance premium',
  mortgageInterest: 'Mortgage interest',
  rentRelief: 'Rent relief',
};

export const INCOME_SOURCE_LABELS: Record<string, string> = {
  employment: 'Employment',
  trade: 'Trade or business',
  rent: 'Rent',
  investment: 'Investment',
  other: 'Other income',
};

/** "3 Mar 2026" for a calendar date (YYYY-MM-DD), read in Lagos. */
export function formatDay(date: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Lagos',
  }).format(new Date(`${date}T12:00:00+01:00`));
}

type LateFigures = Pick<
  AssessmentView,
  | 'dueDate'
  | 'daysLate'
  | 'penaltyKobo'
  | 'interestKobo'
  | 'isPenaltyWaived'
  | 'outstandingKobo'
  | 'status'
>;

/**
 * Why the assessment carries (or does not carry) penalty and interest today, following
 * src/shared/tax/latePayment.ts: from the day after the due date, a one-off penalty on the
 * tax outstanding, and simple interest on it by the day. Null when there is nothing to say.
 */
export function latePaymentSentence(view: LateFigures): string | null {
  // A cancelled or revised assessment asks nothing more: its lateness is not counted.
  if (!view.dueDate || view.status === 'cancelled' || view.status === 'revised') return null;
  const due = formatDay(view.dueDate);
  if (view.isPenaltyWaived) {
    return `Penalty and interest were waived: only the tax outstanding is owed, whatever the date (due ${due}).`;
  }
  if (view.outstandingKobo === 0) return `Due on ${due}. Nothing is outstanding.`;
  if (view.daysLate <= 0) {
    return `Due on ${due}. Paid by then, no penalty or interest is added; from the next day a one-off penalty on the tax outstanding and interest by the day are.`;
  }
  const days = view.daysLate === 1 ? '1 day' : `${view.daysLate} days`;
  return `Due on ${due}, now ${days} late: a one-off penalty of ${formatKoboAsNaira(view.penaltyKobo)} on the tax outstanding of ${formatKoboAsNaira(view.outstandingKobo)}, and interest of ${formatKoboAsNaira(view.interestKobo)} on it for ${days} (simple, by the day, at the late-payment rates in force on the due date).`;
}

/** The last day to object to a notice, and whether today is past it (a late reason is then due). */
export function objectionWindow(
  issuedAt: string,
  now: Date = new Date(),
): { lastDay: string; isLate: boolean } {
  const lastDay = addDays(todayInLagos(new Date(issuedAt)), OBJECTION_FILING_DAYS);
  return { lastDay, isLate: todayInLagos(now) > lastDay };
}

/** "12 days left", "Due today", "5 days overdue"; null once the objection is decided. */
export function daysLeftText(daysLeft: number | null): string | null {
  if (daysLeft === null) return null;
  if (daysLeft === 0) return 'Answer due today';
  if (daysLeft > 0)
    return daysLeft === 1 ? '1 day left to answer' : `${daysLeft} days left to answer`;
  const over = -daysLeft;
  return over === 1 ? '1 day overdue' : `${over} days overdue`;
}

/** "15 %" from basis points; "7.5 %" keeps its decimal. */
export function percentOf(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })} %`;
}

/** The audit action as a person says it: `assessment.penalty_waived` → "Penalty waived". */
export function historyActionText(action: string): string {
  const known: Record<string, string> = {
    'assessment.created': 'Draft created',
    'assessment.updated': 'Draft edited',
    'assessment.issued': 'Notice issued',
    'assessment.cancelled': 'Cancelled',
    'assessment.captured': 'Backlog entry captured',
    'assessment.objected': 'Objection recorded',
    'assessment.objection_refused': 'Objection refused',
    'assessment.revised': 'Revised after an objection',
    'assessment.penalty_waived': 'Penalty and interest waived',
    'assessment.billed': 'Bill raised',
    'assessment.bill_cancelled': 'Bill cancelled',
    'assessment.paid': 'Paid in full',
    'assessment.part_paid': 'Part paid',
    'objection.filed': 'Objection recorded',
  };
  if (known[action]) return known[action];
  const last = action.split('.').pop() ?? action;
  const words = last.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
