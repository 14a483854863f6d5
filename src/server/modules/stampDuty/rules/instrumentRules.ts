import { and, eq, ne } from 'drizzle-orm';
import type {
  StampDutyRuleTables,
  StampDutyRuleUpdate,
} from '../../../../shared/stampDuty/schemas';
import type { Actor } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { stampDutyRules } from '../../../db/schema';
import { AppError, fieldError } from '../../../errors';
import { recordAudit } from '../../audit/service';
import { findRuleForUpdate, selectRuleTables, updateRule } from '../queries';
import { ruleOf, ruleView } from '../view';

/**
 * The dated instrument-type rules an administrator keeps (docs/tax-rules.md). A change applies
 * to instruments assessed from then on: each instrument keeps the rule it was assessed under.
 */
export function createStampRuleService({ db }: { db: Db }) {
  return {
    async listRules(_actor: Actor): Promise<StampDutyRuleTables> {
      const { rules, penalties, mprRates } = await selectRuleTables(db);
      return {
        items: rules.map((r) => ({ ...ruleView(ruleOf(r)), version: r.version })),
        penalties,
        mprRates,
      };
    },

    async updateRule(actor: Actor, id: string, input: StampDutyRuleUpdate) {
      await db.transaction(async (tx) => {
        const row = await findRuleForUpdate(tx, id);
        if (!row) throw new AppError('NOT_FOUND', 'No stamp duty rule has this id.');
        if (row.version !== input.version) {
          throw new AppError('CONFLICT', 'This rule was changed since you opened it: reload it.');
        }
        if (row.kind === 'percent' && input.ratePpm === null) {
          throw fieldError('ratePpm', 'A percentage rule needs its rate');
        }
        if (row.kind === 'flat' && input.flatKobo === null) {
          throw fieldError('flatKobo', 'A flat rule needs its amount');
        }
        if (row.kind === 'lease_tiers' && !input.leaseTiers?.length) {
          throw fieldError('leaseTiers', 'A lease rule needs at least one tier');
        }
        if (input.exemptionKind !== 'none' && input.exemptionThresholdKobo === null) {
          throw fieldError('exemptionThresholdKobo', 'An exemption needs its threshold');
        }
        if (input.validTo !== null && input.validTo < input.validFrom) {
          throw fieldError('validTo', 'The last day cannot be before the first');
        }
        const others = await tx
          .select()
          .from(stampDutyRules)
          .where(
            and(eq(stampDutyRules.instrumentType, row.instrumentType), ne(stampDutyRules.id, id)),
          );
        const overlapping = others.find(
          (o) =>
            (o.validTo === null || input.validFrom <= o.validTo) &&
            (input.validTo === null || o.validFrom <= input.validTo),
        );
        if (overlapping) {
          throw fieldError(
            'validFrom',
            `These dates overlap the rule "${overlapping.name}" (${overlapping.validFrom} to ${overlapping.validTo ?? 'now'})`,
          );
        }
        const { version, ...values } = input;
        const updated = await updateRule(tx, id, version, values);
        if (!updated) throw new AppError('CONFLICT', 'This rule was changed since you opened it.');
        await recordAudit(tx, actor, {
          action: 'stamp_duty.rule_changed',
          entityType: 'stamp_duty_rule',
          entityId: id,
          before: ruleOf(row),
          after: ruleOf(updated),
        });
      });
      return this.listRules(actor);
    },
  };
}
