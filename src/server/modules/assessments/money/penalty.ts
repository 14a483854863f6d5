import type { AssessmentView } from '../../../../shared/assessments';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { assertKind, assessmentViewOf, auditedAssessment, notFound } from '../common';
import { findAssessmentForUpdate, updateAssessment } from '../queries';

/**
 * Late payment (docs/tax-rules.md: 10 % penalty plus interest): the figures are counted in
 * every view (view.ts, shared/tax/latePayment.ts); a director may waive them, with a reason.
 */
export function createPenaltyService({ db }: { db: Db }) {
  return {
    /** A director waives the late-payment penalty and interest, with the reason (audited). */
    async waivePenalty(actor: Actor, id: string, reason: string): Promise<AssessmentView> {
      await db.transaction(async (tx) => {
        const row = await findAssessmentForUpdate(tx, id);
        if (!row) throw notFound();
        assertKind(actor, row.kind);
        if (!['issued', 'part_paid', 'objected'].includes(row.status)) {
          throw new AppError(
            'CONFLICT',
            `Penalty and interest are waived on an assessment still owed; this one is ${row.status}.`,
            { details: { status: row.status } },
          );
        }
        if (row.penaltyWaivedAt) {
          throw new AppError(
            'CONFLICT',
            'The penalty and interest of this assessment are waived already.',
          );
        }
        const updated = await updateAssessment(tx, id, {
          penaltyWaivedAt: new Date(),
          penaltyWaivedBy: actor.officerId,
          penaltyWaiverReason: reason,
        });
        await recordAudit(tx, actor, {
          action: 'assessment.penalty_waived',
          entityType: 'assessment',
          entityId: id,
          before: auditedAssessment(row),
          after: { ...auditedAssessment(updated), reason },
        });
      });
      return assessmentViewOf(db, id);
    },
  };
}
