import { formatKoboAsNaira, nairaToKobo } from '../../../../shared/money';
import { MAX_CONSIDERATION_KOBO } from '../../../../shared/stampDuty/enums';
import type {
  StampDutyRuleTables,
  StampDutyRuleUpdate,
} from '../../../../shared/stampDuty/schemas';
import { formatCalendarDate } from '../../../lib/format';

/** A rule as the rules page lists it (with the version a change must send). */
export type EditableRule = StampDutyRuleTables['items'][number];

/**
 * The fields an administrator changes in the rule dialog: the rate as a percentage, amounts in
 * naira (sent as parts per million and kobo), the "to confirm" flag and the last day in force
 * (null: still in force). The rest of the rule (its kind, tiers, payer, source) is sent as read.
 */
export type RuleFormValues = {
  ratePercent: number | '';
  flatNaira: number | '';
  thresholdNaira: number | '';
  toConfirm: boolean;
  validTo: string | null;
};

/** The largest flat duty the API takes: ₦1,000,000,000. */
const MAX_FLAT_KOBO = 100_000_000_000;

export function ruleFormOf(rule: EditableRule): RuleFormValues {
  return {
    ratePercent: rule.ratePpm === null ? '' : rule.ratePpm / 10_000,
    flatNaira: rule.flatKobo === null ? '' : rule.flatKobo / 100,
    thresholdNaira: rule.exemptionThresholdKobo === null ? '' : rule.exemptionThresholdKobo / 100,
    toConfirm: rule.toConfirm,
    validTo: rule.validTo,
  };
}

const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;

/** What is wrong with the values, in words, by field; empty when they may be sent. */
export function ruleFormErrors(
  rule: EditableRule,
  values: RuleFormValues,
): Partial<Record<keyof RuleFormValues, string>> {
  const errors: Partial<Record<keyof RuleFormValues, string>> = {};
  if (rule.kind === 'percent') {
    const rate = values.ratePercent;
    if (rate === '') errors.ratePercent = 'Enter the rate, a percentage of the consideration';
    else if (rate <= 0 || rate > 100)
      errors.ratePercent = 'The rate is above 0 % and at most 100 %';
    else if (decimals(rate) > 4) errors.ratePercent = 'At most 4 decimal places (0.0001 %)';
  }
  if (rule.kind === 'flat') {
    const flat = values.flatNaira;
    if (flat === '') errors.flatNaira = 'Enter the fixed duty in naira';
    else if (flat < 0) errors.flatNaira = 'The fixed duty cannot be negative';
    else if (nairaToKobo(flat) > MAX_FLAT_KOBO) {
      errors.flatNaira = `The fixed duty is at most ${formatKoboAsNaira(MAX_FLAT_KOBO)}`;
    }
  }
  if (rule.exemptionKind !== 'none') {
    const threshold = values.thresholdNaira;
    if (threshold === '') errors.thresholdNaira = 'Enter the value under which it is exempt';
    else if (threshold < 0) errors.thresholdNaira = 'The threshold cannot be negative';
    else if (nairaToKobo(threshold) > MAX_CONSIDERATION_KOBO) {
      errors.thresholdNaira = `The threshold is at most ${formatKoboAsNaira(MAX_CONSIDERATION_KOBO)}`;
    }
  }
  if (values.validTo !== null && values.validTo < rule.validFrom) {
    errors.validTo = `The last day cannot be before the rule's first day, ${formatCalendarDate(rule.validFrom)}`;
  }
  return errors;
}

/** The PUT body: the rule as read, with the dialog's values in place. */
export function ruleUpdateOf(rule: EditableRule, values: RuleFormValues): StampDutyRuleUpdate {
  return {
    name: rule.name,
    ratePpm:
      rule.kind === 'percent' && values.ratePercent !== ''
        ? Math.round(values.ratePercent * 10_000)
        : rule.ratePpm,
    flatKobo:
      rule.kind === 'flat' && values.flatNaira !== ''
        ? nairaToKobo(values.flatNaira)
        : rule.flatKobo,
    leaseTiers: rule.leaseTiers,
    exemptionKind: rule.exemptionKind,
    exemptionThresholdKobo:
      rule.exemptionKind !== 'none' && values.thresholdNaira !== ''
        ? nairaToKobo(values.thresholdNaira)
        : rule.exemptionThresholdKobo,
    chargedPartyRole: rule.chargedPartyRole,
    validFrom: rule.validFrom,
    validTo: values.validTo,
    toConfirm: values.toConfirm,
    source: rule.source,
    version: rule.version,
  };
}

/** Where an API field's refusal shows in the dialog; the dates' overlap shows on the last day. */
export const RULE_FORM_FIELDS: Record<string, keyof RuleFormValues> = {
  ratePpm: 'ratePercent',
  flatKobo: 'flatNaira',
  exemptionThresholdKobo: 'thresholdNaira',
  validFrom: 'validTo',
  validTo: 'validTo',
  toConfirm: 'toConfirm',
};
