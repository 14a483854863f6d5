import type { AssessmentDetail, AssessmentView } from '../../../shared/assessments';
import { todayInLagos } from '../../../shared/dates';
import type { Db } from '../../db/client';
import { selectObjectionsOf } from './objections/queries';
import { toObjectionView } from './objections/view';
import {
  selectAssessmentHistory,
  selectAssessmentView,
  selectLinkedPayments,
  selectRevisionChain,
} from './queries';

/**
 * One assessment in full: the computation as stored, the payments linked to it and to the
 * assessments it revised (their money counts toward it), its objections and its history.
 */
export async function detailOf(db: Db, view: AssessmentView): Promise<AssessmentDetail> {
  const today = todayInLagos();
  const [row, chain, history] = await Promise.all([
    selectAssessmentView(db, view.id),
    selectRevisionChain(db, view.id),
    selectAssessmentHistory(db, view.id),
  ]);
  if (!row) throw new Error(`assessment ${view.id} cannot be read back`);
  const [payments, objections] = await Promise.all([
    selectLinkedPayments(db, chain),
    selectObjectionsOf(db, chain),
  ]);
  return {
    ...view,
    input: row.assessment.input,
    computation: row.assessment.computation as AssessmentDetail['computation'],
    payments: payments.map((p) => ({ ...p, paidAt: p.paidAt?.toISOString() ?? null })),
    objections: objections.map((o) => toObjectionView(o, today)),
    history: history.map((h) => ({
      action: h.action,
      occurredAt: h.occurredAt.toISOString(),
      actorUsername: h.actorUsername,
      actorName: h.actorName,
      rrr: h.billRrr,
    })),
  };
}
