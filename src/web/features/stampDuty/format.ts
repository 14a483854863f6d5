import { formatKoboAsNaira } from '../../../shared/money';
import type { StampDutyRuleView } from '../../../shared/stampDuty/schemas';

/** 15,000 parts per million → "1.5 %"; 3,750 → "0.375 %". */
export function percentOfPpm(ppm: number): string {
  return `${(ppm / 10_000).toLocaleString('en-NG', { maximumFractionDigits: 4 })} %`;
}

/** What a rule charges, in words: "1.5 % of the consideration", "₦500 fixed", the lease tiers. */
export function ruleCharge(rule: StampDutyRuleView): string {
  if (rule.kind === 'flat') return `${formatKoboAsNaira(rule.flatKobo ?? 0)} fixed`;
  if (rule.kind === 'percent') return `${percentOfPpm(rule.ratePpm ?? 0)} of the consideration`;
  const tiers = [...(rule.leaseTiers ?? [])].sort((a, b) => a.overYears - b.overYears);
  return tiers
    .map((tier, i) => {
      const next = tiers[i + 1];
      const span = next
        ? tier.overYears === 0
          ? `up to ${next.overYears} years`
          : `over ${tier.overYears} up to ${next.overYears} years`
        : tier.overYears === 0
          ? 'any term'
          : `over ${tier.overYears} years`;
      return `${percentOfPpm(tier.ratePpm)} ${span}`;
    })
    .join('; ');
}

/** The exemption of a rule in words, or "none". */
export function ruleExemption(rule: StampDutyRuleView): string {
  const amount = formatKoboAsNaira(rule.exemptionThresholdKobo ?? 0);
  switch (rule.exemptionKind) {
    case 'value_at_or_below':
      return `value ${amount} or less`;
    case 'value_below':
      return `value below ${amount}`;
    case 'annual_value_below':
      return `annual value below ${amount}`;
    default:
      return 'none';
  }
}
