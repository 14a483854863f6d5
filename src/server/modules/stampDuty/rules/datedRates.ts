import { addDays, dayInWords, todayInLagos } from '../../../../shared/dates';
import { STAMP_LAW_LABELS } from '../../../../shared/stampDuty/enums';
import type {
  StampMprRateCorrection,
  StampMprRateInput,
  StampPenaltyRuleCorrection,
  StampPenaltyRuleInput,
} from '../../../../shared/stampDuty/schemas';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import {
  closeMprRate,
  closePenaltyRule,
  insertMprRate,
  insertPenaltyRule,
  isMprPeriodBilled,
  isPenaltyPeriodBilled,
  lockMprRates,
  lockPenaltyRules,
  selectLatestBilledExecution,
  selectLatestBilling,
  selectLatestMprRate,
  selectLatestPenaltyRule,
  selectMprRate,
  selectPenaltyRule,
  updateMprRate,
  updatePenaltyRule,
} from './queries';

type Dated = { validFrom: string; validTo: string | null };

/**
 * Where a new row may start (ADR 0033: a change is a new dated row): inside the period of the
 * latest row, after its first day, so the rows stay without gap or overlap. The latest row then
 * ends the day before, and the new one ends where it ended (null: in force until changed).
 */
function checkStart(latest: Dated | null, validFrom: string, what: string) {
  if (!latest) return;
  if (validFrom <= latest.validFrom) {
    throw fieldError(
      'validFrom',
      `A new ${what} starts after the one in force from ${dayInWords(latest.validFrom)}`,
    );
  }
  if (latest.validTo !== null && validFrom > latest.validTo) {
    throw fieldError(
      'validFrom',
      `The ${what} ends on ${dayInWords(latest.validTo)}: a new one starts on or before that day`,
    );
  }
}

/**
 * The late-stamping penalty settings and the Monetary Policy Rate (docs/tax-rules.md), kept by
 * an administrator. The figures of a row a billed instrument was charged under never change: a
 * new row may start only after the last day such an instrument looked at (its date of execution
 * for the penalty, the day billed for the MPR), and a correction changes figures only in a row
 * nothing was billed under, so every bill stays explained by the rows.
 */
export function createStampRateService({ db }: { db: Db }) {
  return {
    async addPenaltyRule(actor: Actor, input: StampPenaltyRuleInput) {
      await db.transaction(async (tx) => {
        await lockPenaltyRules(tx);
        const latest = await selectLatestPenaltyRule(tx, input.law);
        checkStart(latest, input.validFrom, `${STAMP_LAW_LABELS[input.law]} penalty`);
        const lastExecuted = await selectLatestBilledExecution(tx, input.law);
        if (lastExecuted && input.validFrom <= lastExecuted) {
          throw fieldError(
            'validFrom',
            `An instrument executed on ${dayInWords(lastExecuted)} was billed under the penalty in force: a new penalty starts after that day`,
          );
        }
        if (latest) await closePenaltyRule(tx, latest.id, addDays(input.validFrom, -1));
        const added = await insertPenaltyRule(tx, {
          ...input,
          validTo: latest?.validTo ?? null,
        });
        await recordAudit(tx, actor, {
          action: 'stamp_duty.penalty_rule_added',
          entityType: 'stamp_penalty_rule',
          entityId: added.id,
          before: latest ?? undefined,
          after: {
            added,
            closed: latest ? { ...latest, validTo: addDays(input.validFrom, -1) } : null,
          },
        });
      });
    },

    async addMprRate(actor: Actor, input: StampMprRateInput) {
      await db.transaction(async (tx) => {
        await lockMprRates(tx);
        const latest = await selectLatestMprRate(tx);
        checkStart(latest, input.validFrom, 'Monetary Policy Rate');
        const lastBilled = await selectLatestBilling(tx);
        const lastBilledOn = lastBilled ? todayInLagos(lastBilled) : null;
        if (lastBilledOn && input.validFrom <= lastBilledOn) {
          throw fieldError(
            'validFrom',
            `An instrument was billed on ${dayInWords(lastBilledOn)} at the rate in force: a new rate starts after that day`,
          );
        }
        if (latest) await closeMprRate(tx, latest.id, addDays(input.validFrom, -1));
        const added = await insertMprRate(tx, { ...input, validTo: latest?.validTo ?? null });
        await recordAudit(tx, actor, {
          action: 'stamp_duty.mpr_rate_added',
          entityType: 'stamp_mpr_rate',
          entityId: added.id,
          before: latest ?? undefined,
          after: {
            added,
            closed: latest ? { ...latest, validTo: addDays(input.validFrom, -1) } : null,
          },
        });
      });
    },

    /**
     * A mistake in a penalty row corrected (ADR 0033): its figures only while no instrument
     * billed under it (409 otherwise: add a new row), its source and "to confirm" always.
     */
    async correctPenaltyRule(actor: Actor, id: string, input: StampPenaltyRuleCorrection) {
      await db.transaction(async (tx) => {
        await lockPenaltyRules(tx);
        const row = await selectPenaltyRule(tx, id);
        if (!row) throw new AppError('NOT_FOUND', 'No late-stamping setting has this id.');
        const figuresChanged =
          row.graceDays !== input.graceDays ||
          row.penaltyBasisPoints !== input.penaltyBasisPoints ||
          row.interestBasis !== input.interestBasis ||
          row.interestAnnualBasisPoints !== input.interestAnnualBasisPoints;
        if (
          figuresChanged &&
          (await isPenaltyPeriodBilled(tx, row.law, row.validFrom, row.validTo))
        ) {
          throw new AppError(
            'CONFLICT',
            'Instruments were billed under this setting: its figures stay as they were billed. Add a new setting from a later date of execution instead.',
          );
        }
        const after = await updatePenaltyRule(tx, id, input);
        await recordAudit(tx, actor, {
          action: 'stamp_duty.penalty_rule_corrected',
          entityType: 'stamp_penalty_rule',
          entityId: id,
          before: row,
          after,
        });
      });
    },

    /** A mistake in an MPR row corrected, on the same terms as a penalty row's. */
    async correctMprRate(actor: Actor, id: string, input: StampMprRateCorrection) {
      await db.transaction(async (tx) => {
        await lockMprRates(tx);
        const row = await selectMprRate(tx, id);
        if (!row) throw new AppError('NOT_FOUND', 'No Monetary Policy Rate has this id.');
        if (
          row.annualBasisPoints !== input.annualBasisPoints &&
          (await isMprPeriodBilled(tx, row.validFrom, row.validTo))
        ) {
          throw new AppError(
            'CONFLICT',
            'Instruments were billed at this rate: it stays as it was billed. Add a new rate from a later day instead.',
          );
        }
        const after = await updateMprRate(tx, id, input);
        await recordAudit(tx, actor, {
          action: 'stamp_duty.mpr_rate_corrected',
          entityType: 'stamp_mpr_rate',
          entityId: id,
          before: row,
          after,
        });
      });
    },
  };
}
