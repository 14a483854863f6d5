import { addDays, dayInWords, todayInLagos } from '../../../../shared/dates';
import { STAMP_LAW_LABELS } from '../../../../shared/stampDuty/enums';
import type {
  StampMprRateInput,
  StampPenaltyRuleInput,
} from '../../../../shared/stampDuty/schemas';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import {
  closeMprRate,
  closePenaltyRule,
  insertMprRate,
  insertPenaltyRule,
  lockMprRates,
  lockPenaltyRules,
  selectLatestBilledExecution,
  selectLatestBilling,
  selectLatestMprRate,
  selectLatestPenaltyRule,
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
 * an administrator. A row a billed instrument was charged under is never changed: a new row
 * may start only after the last day such an instrument looked at (its date of execution for the
 * penalty, the day billed for the MPR), so every bill stays explained by the rows.
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
  };
}
