import type { ObjectionView } from '../../../../shared/assessments';
import { daysAfter } from '../../../../shared/tax/latePayment';
import type { ObjectionViewRow } from './queries';

export function toObjectionView(row: ObjectionViewRow, today: string): ObjectionView {
  const o = row.objection;
  return {
    id: o.id,
    assessmentId: o.assessmentId,
    noticeNumber: row.noticeNumber,
    btin: row.btin,
    taxpayerName: row.taxpayerName,
    kind: row.kind,
    status: o.status,
    grounds: o.grounds,
    disputedKobo: o.disputedKobo,
    filedAt: o.filedAt.toISOString(),
    lateReason: o.lateReason,
    answerDueDate: o.answerDueDate,
    daysLeft:
      o.status === 'open'
        ? o.answerDueDate >= today
          ? daysAfter(today, o.answerDueDate)
          : -daysAfter(o.answerDueDate, today)
        : null,
    decidedAt: o.decidedAt?.toISOString() ?? null,
    decisionReasons: o.decisionReasons,
    revisedAssessmentId: o.revisedAssessmentId,
    createdBy: row.createdByUsername,
  };
}
