import {
  assessmentKindsOf,
  type DecideObjectionInput,
  OBJECTION_ANSWER_DAYS,
  OBJECTION_FILING_DAYS,
  type ObjectionInput,
  type ObjectionListQuery,
  type ObjectionPage,
  type ObjectionView,
} from '../../../../shared/assessments';
import { addDays, todayInLagos } from '../../../../shared/dates';
import { computePersonalIncomeTax } from '../../../../shared/tax';
import type { Actor } from '../../../auth/actor';
import type { Config } from '../../../config';
import type { Db } from '../../../db/client';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { assertKind, auditedAssessment, formatNoticeNumber, notFound } from '../common';
import { refreshPaidAmount, statusForMoney } from '../money/settlement';
import {
  type AssessmentRow,
  findAssessmentForUpdate,
  insertAssessment,
  takeNoticeSequence,
  updateAssessment,
} from '../queries';
import { loadTaxSettings } from '../settings';
import {
  countObjections,
  findObjectionForUpdate,
  insertObjection,
  selectObjections,
  selectObjectionView,
  updateObjection,
} from './queries';
import { toObjectionView } from './view';

/**
 * Objections to an assessment (docs/tax-rules.md: within 30 days of the notice, answered
 * within 90). Filing puts the assessment in `objected`; a refusal puts it back by its money; an
 * upheld (or partly upheld) objection issues a new assessment that replaces it (revisionOf): the
 * old becomes `revised`, and the payments linked to the old count toward the new by summing
 * across the revision chain (money/settlement.ts) — the ledger rows keep the assessment they paid.
 */
export function createObjectionService({
  db,
  config,
  now = () => new Date(),
}: {
  db: Db;
  config: Pick<Config, 'receiptPrefix'>;
  /** The clock filing and deciding read (default the real one); the demo seed sets past days. */
  now?: () => Date;
}) {
  async function viewOf(id: string): Promise<ObjectionView> {
    const row = await selectObjectionView(db, id);
    if (!row) throw new AppError('NOT_FOUND', 'No objection has this id.');
    return toObjectionView(row, todayInLagos());
  }

  async function reviseFigures(
    old: AssessmentRow,
    revised: NonNullable<DecideObjectionInput['revised']>,
  ) {
    if ('taxKobo' in revised) {
      return {
        computation: { ...(old.computation as object), revisedTaxKobo: revised.taxKobo },
        taxKobo: revised.taxKobo,
        input: old.input,
        grossIncomeKobo: old.grossIncomeKobo,
        chargeableIncomeKobo: old.chargeableIncomeKobo,
        law: old.law,
      };
    }
    if (old.kind !== 'direct')
      throw fieldError('revised', 'A presumptive assessment is revised by its tax (taxKobo)');
    const c = computePersonalIncomeTax({
      taxYear: old.taxYear,
      incomes: revised.incomes,
      deductions: revised.deductions,
    });
    return {
      computation: c,
      taxKobo: c.taxKobo,
      input: revised,
      grossIncomeKobo: c.grossIncomeKobo,
      chargeableIncomeKobo: c.chargeableIncomeKobo,
      law: c.law,
    };
  }

  return {
    async fileObjection(
      actor: Actor,
      assessmentId: string,
      input: ObjectionInput,
    ): Promise<ObjectionView> {
      const id = await db.transaction(async (tx) => {
        const row = await findAssessmentForUpdate(tx, assessmentId);
        if (!row) throw notFound();
        assertKind(actor, row.kind);
        if (!['issued', 'part_paid', 'paid'].includes(row.status) || !row.issuedAt) {
          throw new AppError(
            'CONFLICT',
            row.status === 'objected'
              ? 'An objection to this assessment is open already.'
              : `Only an issued assessment can be objected to; this one is ${row.status}.`,
            { details: { status: row.status } },
          );
        }
        const filedAt = now();
        const today = todayInLagos(filedAt);
        const lastDay = addDays(todayInLagos(row.issuedAt), OBJECTION_FILING_DAYS);
        if (today > lastDay && !input.lateReason) {
          throw fieldError(
            'lateReason',
            `The ${OBJECTION_FILING_DAYS} days to object ended on ${lastDay}: record why it is accepted late`,
          );
        }
        const objection = await insertObjection(tx, {
          assessmentId,
          filedAt,
          grounds: input.grounds,
          disputedKobo: input.disputedKobo,
          lateReason: today > lastDay ? input.lateReason || null : null,
          answerDueDate: addDays(today, OBJECTION_ANSWER_DAYS),
          createdBy: actor.officerId,
        });
        const updated = await updateAssessment(tx, assessmentId, { status: 'objected' });
        await recordAudit(tx, actor, {
          action: 'objection.filed',
          entityType: 'objection',
          entityId: objection.id,
          after: {
            assessmentId,
            disputedKobo: input.disputedKobo,
            lateReason: objection.lateReason,
          },
        });
        await recordAudit(tx, actor, {
          action: 'assessment.objected',
          entityType: 'assessment',
          entityId: assessmentId,
          before: auditedAssessment(row),
          after: auditedAssessment(updated),
        });
        return objection.id;
      });
      return viewOf(id);
    },

    async findObjections(actor: Actor, query: ObjectionListQuery): Promise<ObjectionPage> {
      const filter = { status: query.status, kinds: assessmentKindsOf(actor.userType) };
      const [rows, total] = await Promise.all([
        selectObjections(db, filter, {
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        countObjections(db, filter),
      ]);
      const today = todayInLagos();
      return {
        items: rows.map((r) => toObjectionView(r, today)),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    async decide(
      actor: Actor,
      objectionId: string,
      input: DecideObjectionInput,
    ): Promise<ObjectionView> {
      if (input.outcome !== 'refused' && !input.revised) {
        throw fieldError('revised', 'An upheld objection needs the revised figures');
      }
      await db.transaction(async (tx) => {
        const objection = await findObjectionForUpdate(tx, objectionId);
        if (!objection) throw new AppError('NOT_FOUND', 'No objection has this id.');
        const old = await findAssessmentForUpdate(tx, objection.assessmentId);
        if (!old) throw notFound();
        assertKind(actor, old.kind);
        if (objection.status !== 'open') {
          throw new AppError(
            'CONFLICT',
            `This objection was decided already (${objection.status}).`,
            { details: { status: objection.status } },
          );
        }
        let revisedId: string | null = null;
        if (input.outcome === 'refused' || !input.revised) {
          const back = await updateAssessment(tx, old.id, {
            status: statusForMoney({ status: 'issued', taxKobo: old.taxKobo }, old.paidKobo),
          });
          await recordAudit(tx, actor, {
            action: 'assessment.objection_refused',
            entityType: 'assessment',
            entityId: old.id,
            before: auditedAssessment(old),
            after: auditedAssessment(back),
          });
        } else {
          const figures = await reviseFigures(old, input.revised);
          const revisedOld = await updateAssessment(tx, old.id, { status: 'revised' });
          const issuedAt = now();
          const today = todayInLagos(issuedAt);
          const year = Number(today.slice(0, 4));
          const settings = await loadTaxSettings(tx, ['assessment.dueDays']);
          const sequence = await takeNoticeSequence(tx, year, old.kind);
          const created = await insertAssessment(tx, {
            ...figures,
            kind: old.kind,
            source: old.source,
            status: 'issued',
            btin: old.btin,
            taxYear: old.taxYear,
            evidenceNote: old.evidenceNote,
            tradeCategoryId: old.tradeCategoryId,
            traderSize: old.traderSize,
            estimatedTurnoverKobo: old.estimatedTurnoverKobo,
            lgaId: old.lgaId,
            tradeLocation: old.tradeLocation,
            noticeNumber: formatNoticeNumber(config.receiptPrefix, old.kind, year, sequence),
            issuedAt,
            issuedBy: actor.officerId,
            dueDate: addDays(today, settings.numberOn('assessment.dueDays', today)),
            revisionOf: old.id,
            createdBy: actor.officerId,
          });
          await recordAudit(tx, actor, {
            action: 'assessment.revised',
            entityType: 'assessment',
            entityId: old.id,
            before: auditedAssessment(old),
            after: { ...auditedAssessment(revisedOld), revisedBy: created.id },
          });
          await recordAudit(tx, actor, {
            action: 'assessment.issued',
            entityType: 'assessment',
            entityId: created.id,
            after: auditedAssessment(created),
          });
          // The old assessment's payments count toward the new one (the revision chain).
          await refreshPaidAmount(tx, actor, created.id);
          revisedId = created.id;
        }
        await updateObjection(tx, objectionId, {
          status: input.outcome,
          decidedAt: now(),
          decidedBy: actor.officerId,
          decisionReasons: input.reasons,
          revisedAssessmentId: revisedId,
        });
        await recordAudit(tx, actor, {
          action: `objection.${input.outcome}`,
          entityType: 'objection',
          entityId: objectionId,
          after: { outcome: input.outcome, reasons: input.reasons, revisedAssessmentId: revisedId },
        });
      });
      return viewOf(objectionId);
    },
  };
}
