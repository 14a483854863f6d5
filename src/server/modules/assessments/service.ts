import type {
  AssessmentDetail,
  AssessmentView,
  DirectAssessmentInput,
  DirectAssessmentUpdate,
  PresumptiveAssessmentInput,
  PresumptiveAssessmentUpdate,
} from '../../../shared/assessments';
import { addDays, todayInLagos } from '../../../shared/dates';
import {
  type ComputeIncomeTaxInput,
  computePersonalIncomeTax,
  type PersonalIncomeTaxComputation,
} from '../../../shared/tax';
import { computePresumptiveTax, PresumptiveInputError } from '../../../shared/tax/presumptive';
import type { Actor } from '../../auth/actor';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, fieldError } from '../../errors';
import { recordAudit } from '../audit/service';
import { findTaxpayerByBtin } from '../taxpayers/service';
import {
  assertKind,
  assessmentViewOf,
  auditedAssessment,
  formatNoticeNumber,
  notFound,
  standingConflict,
} from './common';
import { detailOf } from './detail';
import {
  type AssessmentRow,
  findAssessmentForUpdate,
  findStandingAssessment,
  insertAssessment,
  selectTradeCategory,
  takeNoticeSequence,
  updateAssessment,
} from './queries';
import { loadTaxSettings } from './settings';

export type AssessmentServiceDeps = {
  db: Db;
  config: Pick<Config, 'receiptPrefix'>;
  /** The clock drafts and issue read (default the real one); the demo seed works on past days with it. */
  now?: () => Date;
};

/** Drafts, issue and cancellation of direct and presumptive assessments (docs/product.md §7 Assessment). */
export function createAssessmentService({
  db,
  config,
  now = () => new Date(),
}: AssessmentServiceDeps) {
  async function taxpayerOf(btin: string) {
    const record = await findTaxpayerByBtin(db, btin);
    if (!record) throw new AppError('TAXPAYER_NOT_FOUND', `No taxpayer has BTIN ${btin}.`);
    return record.taxpayer;
  }

  /** Locks the row and checks the actor works with its kind; 404 when there is none. */
  async function lockVisible(tx: Db, actor: Actor, id: string): Promise<AssessmentRow> {
    const row = await findAssessmentForUpdate(tx, id);
    if (!row) throw notFound();
    assertKind(actor, row.kind);
    return row;
  }

  function directFigures(input: ComputeIncomeTaxInput) {
    const computation: PersonalIncomeTaxComputation = computePersonalIncomeTax(input);
    return {
      taxYear: input.taxYear,
      input: { incomes: input.incomes, deductions: input.deductions },
      computation,
      law: computation.law,
      grossIncomeKobo: computation.grossIncomeKobo,
      chargeableIncomeKobo: computation.chargeableIncomeKobo,
      taxKobo: computation.taxKobo,
    };
  }

  async function presumptiveFigures(input: PresumptiveAssessmentInput) {
    const category = await selectTradeCategory(db, input.tradeCategoryId);
    if (!category) throw fieldError('tradeCategoryId', 'No trade category has this id');
    if (!category.isActive) {
      throw fieldError('tradeCategoryId', `${category.name} is inactive; choose another category`);
    }
    try {
      const computation = computePresumptiveTax(category, {
        size: input.size,
        estimatedTurnoverKobo: input.estimatedTurnoverKobo,
      });
      const turnover = input.estimatedTurnoverKobo ?? 0;
      return {
        taxYear: input.taxYear,
        input: {
          tradeCategoryId: input.tradeCategoryId,
          size: input.size ?? null,
          estimatedTurnoverKobo: input.estimatedTurnoverKobo ?? null,
          lgaId: input.lgaId ?? null,
          tradeLocation: input.tradeLocation || null,
        },
        computation,
        law: category.rule,
        grossIncomeKobo: turnover,
        chargeableIncomeKobo: turnover,
        taxKobo: computation.taxKobo,
        tradeCategoryId: category.id,
        traderSize: input.size ?? null,
        estimatedTurnoverKobo: input.estimatedTurnoverKobo ?? null,
        lgaId: input.lgaId ?? null,
        tradeLocation: input.tradeLocation || null,
      };
    } catch (err) {
      if (err instanceof PresumptiveInputError) throw fieldError(err.field, err.message);
      throw err;
    }
  }

  /**
   * Replaces a draft's figures: only a draft of that kind, only from the version the officer
   * read (409 naming the version when someone saved since); audited as 'assessment.updated'.
   */
  async function updateDraft(
    actor: Actor,
    id: string,
    kind: AssessmentRow['kind'],
    version: number,
    figures: () => Promise<Parameters<typeof updateAssessment>[2]>,
  ): Promise<AssessmentView> {
    const changes = await figures();
    await db.transaction(async (tx) => {
      const row = await lockVisible(tx, actor, id);
      if (row.kind !== kind) {
        throw new AppError(
          'CONFLICT',
          kind === 'direct'
            ? 'This is not a direct assessment.'
            : 'This is not a presumptive tax assessment.',
        );
      }
      if (row.status !== 'draft') {
        throw new AppError('CONFLICT', `Only a draft can be edited; this one is ${row.status}.`, {
          details: { status: row.status },
        });
      }
      if (row.version !== version) {
        throw new AppError(
          'CONFLICT',
          'Someone saved this draft after you opened it. Reload it and enter your changes again.',
          { details: { version: row.version } },
        );
      }
      const updated = await updateAssessment(tx, id, changes);
      await recordAudit(tx, actor, {
        action: 'assessment.updated',
        entityType: 'assessment',
        entityId: id,
        before: auditedAssessment(row),
        after: auditedAssessment(updated),
      });
    });
    return assessmentViewOf(db, id);
  }

  async function createDraft(actor: Actor, row: Parameters<typeof insertAssessment>[1]) {
    const draft = await db.transaction(async (tx) => {
      // The service's clock: the demo seed's drafts are made on the past day they are issued.
      const createdAt = now();
      const inserted = await insertAssessment(tx, { ...row, createdAt, updatedAt: createdAt });
      await recordAudit(tx, actor, {
        action: 'assessment.created',
        entityType: 'assessment',
        entityId: inserted.id,
        after: auditedAssessment(inserted),
      });
      return inserted;
    });
    return assessmentViewOf(db, draft.id);
  }

  return {
    /** The engine's answer for the figures; nothing is stored. */
    computeDirect(actor: Actor, input: ComputeIncomeTaxInput): PersonalIncomeTaxComputation {
      assertKind(actor, 'direct');
      return computePersonalIncomeTax(input);
    },

    async createDirectDraft(actor: Actor, input: DirectAssessmentInput): Promise<AssessmentView> {
      assertKind(actor, 'direct');
      const taxpayer = await taxpayerOf(input.btin);
      if (taxpayer.kind !== 'individual') {
        throw fieldError(
          'btin',
          `${taxpayer.displayName} is a company: personal income tax is assessed on individuals`,
        );
      }
      return createDraft(actor, {
        kind: 'direct',
        source: 'assessed',
        status: 'draft',
        btin: taxpayer.btin,
        evidenceNote: input.evidenceNote || null,
        createdBy: actor.officerId,
        ...directFigures(input),
      });
    },

    async updateDirectDraft(
      actor: Actor,
      id: string,
      input: DirectAssessmentUpdate,
    ): Promise<AssessmentView> {
      return updateDraft(actor, id, 'direct', input.version, async () => ({
        ...directFigures(input),
        evidenceNote: input.evidenceNote || null,
      }));
    },

    /** A presumptive draft is edited as a direct one is: same checks, same history. */
    async updatePresumptiveDraft(
      actor: Actor,
      id: string,
      input: PresumptiveAssessmentUpdate,
    ): Promise<AssessmentView> {
      return updateDraft(actor, id, 'presumptive', input.version, async () => ({
        ...(await presumptiveFigures({ ...input, btin: '' })),
        evidenceNote: input.evidenceNote || null,
      }));
    },

    async createPresumptiveDraft(
      actor: Actor,
      input: PresumptiveAssessmentInput,
    ): Promise<AssessmentView> {
      assertKind(actor, 'presumptive');
      const taxpayer = await taxpayerOf(input.btin);
      return createDraft(actor, {
        kind: 'presumptive',
        source: 'assessed',
        status: 'draft',
        btin: taxpayer.btin,
        evidenceNote: input.evidenceNote || null,
        createdBy: actor.officerId,
        ...(await presumptiveFigures(input)),
      });
    },

    /**
     * Issues a draft: notice number from the year's counter, issue date now, due date by the
     * 'assessment.dueDays' setting in force today. The row is locked: two officers issuing the
     * same draft at once give one notice and one 409; a second standing assessment for the
     * taxpayer, year and kind is a 409 naming the one that stands.
     */
    async issue(actor: Actor, id: string): Promise<AssessmentView> {
      try {
        await db.transaction(async (tx) => {
          const row = await lockVisible(tx, actor, id);
          if (row.status !== 'draft') {
            throw new AppError(
              'CONFLICT',
              row.noticeNumber
                ? `This assessment was issued already, as ${row.noticeNumber}.`
                : `Only a draft can be issued; this one is ${row.status}.`,
              { details: { status: row.status, noticeNumber: row.noticeNumber } },
            );
          }
          const standing = await findStandingAssessment(tx, row.btin, row.taxYear, row.kind);
          if (standing) throw standingConflict(standing);
          const issuedAt = now();
          const today = todayInLagos(issuedAt);
          const settings = await loadTaxSettings(tx, ['assessment.dueDays']);
          const year = Number(today.slice(0, 4));
          const sequence = await takeNoticeSequence(tx, year, row.kind);
          const updated = await updateAssessment(tx, id, {
            status: 'issued',
            noticeNumber: formatNoticeNumber(config.receiptPrefix, row.kind, year, sequence),
            issuedAt,
            issuedBy: actor.officerId,
            dueDate: addDays(today, settings.numberOn('assessment.dueDays', today)),
          });
          await recordAudit(tx, actor, {
            action: 'assessment.issued',
            entityType: 'assessment',
            entityId: id,
            before: auditedAssessment(row),
            after: auditedAssessment(updated),
          });
        });
      } catch (err) {
        if (isUniqueViolation(err, 'assessments_standing_key')) {
          const row = await findAssessmentForUpdate(db, id);
          throw standingConflict(
            row ? await findStandingAssessment(db, row.btin, row.taxYear, row.kind) : null,
          );
        }
        throw err;
      }
      return assessmentViewOf(db, id);
    },

    /** Cancels a draft, or an issued assessment nothing has been paid on, with the reason. */
    async cancel(actor: Actor, id: string, reason: string): Promise<AssessmentView> {
      await db.transaction(async (tx) => {
        const row = await lockVisible(tx, actor, id);
        if (row.status !== 'draft' && row.status !== 'issued') {
          throw new AppError(
            'CONFLICT',
            `Only a draft or an issued assessment can be cancelled; this one is ${row.status}.`,
            { details: { status: row.status } },
          );
        }
        if (row.paidKobo > 0) {
          throw new AppError(
            'CONFLICT',
            'Money has been paid on this assessment; it cannot be cancelled. Revise it through an objection instead.',
            { details: { paidKobo: row.paidKobo } },
          );
        }
        const updated = await updateAssessment(tx, id, {
          status: 'cancelled',
          cancelReason: reason,
          cancelledAt: new Date(),
          cancelledBy: actor.officerId,
        });
        await recordAudit(tx, actor, {
          action: 'assessment.cancelled',
          entityType: 'assessment',
          entityId: id,
          before: auditedAssessment(row),
          after: { ...auditedAssessment(updated), reason },
        });
      });
      return assessmentViewOf(db, id);
    },

    async getAssessment(actor: Actor, id: string): Promise<AssessmentDetail> {
      const view = await assessmentViewOf(db, id);
      assertKind(actor, view.kind);
      return detailOf(db, view);
    },

    /**
     * One assessment as a notice shows it (the notice PDF, the public verify page): no actor,
     * no kind check — the caller decides who may see it. Null when there is none.
     */
    async getAssessmentForNotice(id: string): Promise<AssessmentDetail | null> {
      try {
        return await detailOf(db, await assessmentViewOf(db, id));
      } catch (err) {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
        throw err;
      }
    },
  };
}

export type AssessmentService = ReturnType<typeof createAssessmentService>;
