import { addDays } from '../dates';
import { computeLatePayment } from '../tax/latePayment';
import type {
  InstrumentType,
  PartyRole,
  StampExemptionKind,
  StampLaw,
  StampRuleKind,
} from './enums';

/**
 * Stamp duty rules as data (docs/tax-rules.md, "Stamp duty"): one row per instrument type and
 * period, chosen by the instrument's **date of execution**. The same values seed the database
 * (migration `stamp_duty`) and drive the unit tests; an administrator changes them from then on.
 *
 * Rates are parts per million of the consideration (1.5 % = 15,000; 0.375 % = 3,750) so every
 * rate of the law is a whole number.
 */
export type LeaseTier = {
  /** The tier applies to a term longer than this many years (0 for the first tier). */
  overYears: number;
  ratePpm: number;
};

export type StampDutyRule = {
  instrumentType: InstrumentType;
  name: string;
  law: StampLaw;
  kind: StampRuleKind;
  /** `percent`: the share of the consideration. */
  ratePpm: number | null;
  /** `flat`: the duty whatever the value. */
  flatKobo: number | null;
  /** `lease_tiers`: by the term, in increasing `overYears`. */
  leaseTiers: LeaseTier[] | null;
  exemptionKind: StampExemptionKind;
  exemptionThresholdKobo: number | null;
  chargedPartyRole: PartyRole;
  /** YYYY-MM-DD, inclusive. */
  validFrom: string;
  /** YYYY-MM-DD, inclusive; null while in force. */
  validTo: string | null;
  /** A value without a public source: shown "to confirm" on screen. */
  toConfirm: boolean;
  source: string;
};

/** The late-stamping penalty of a law, by the date of execution (docs/tax-rules.md). */
export type StampPenaltyRule = {
  law: StampLaw;
  /** Stamped within this many days of execution: no penalty (30, NTA 2025 s.126(1)). */
  graceDays: number;
  /** A one-off share of the unpaid duty, in basis points (10 % = 1,000). */
  penaltyBasisPoints: number;
  /** `mpr`: interest at the Central Bank's Monetary Policy Rate in force on the day billed. */
  interestBasis: 'mpr' | 'fixed';
  /** `fixed`: interest a year, in basis points. */
  interestAnnualBasisPoints: number | null;
  validFrom: string;
  validTo: string | null;
  toConfirm: boolean;
  source: string;
};

/** The Monetary Policy Rate, a dated setting. */
export type MprRate = {
  annualBasisPoints: number;
  validFrom: string;
  validTo: string | null;
  toConfirm: boolean;
  source: string;
};

/** The Finance Act 2019 (in force 1 February 2020) and the Nigeria Tax Act 2025 (1 January 2026). */
export const SDA_FROM = '2020-02-01';
export const SDA_TO = '2025-12-31';
export const NTA_FROM = '2026-01-01';

const SDA_SOURCE =
  'Stamp Duties Act as amended by the Finance Acts 2019/2020 (FIRS public notices; a worked lease example)';
const NTA_SOURCE = 'Nigeria Tax Act 2025, s.124–143 and the Ninth Schedule';
const TEN_MILLION_NAIRA = 1_000_000_000;

function sda(
  rule: Omit<StampDutyRule, 'law' | 'validFrom' | 'validTo' | 'source' | 'toConfirm'> &
    Partial<Pick<StampDutyRule, 'toConfirm' | 'source'>>,
): StampDutyRule {
  return {
    law: 'SDA',
    validFrom: SDA_FROM,
    validTo: SDA_TO,
    toConfirm: false,
    source: SDA_SOURCE,
    ...rule,
  };
}

function nta(
  rule: Omit<StampDutyRule, 'law' | 'validFrom' | 'validTo' | 'source' | 'toConfirm'> &
    Partial<Pick<StampDutyRule, 'toConfirm' | 'source'>>,
): StampDutyRule {
  return {
    law: 'NTA2025',
    validFrom: NTA_FROM,
    validTo: null,
    toConfirm: false,
    source: NTA_SOURCE,
    ...rule,
  };
}

const none = { exemptionKind: 'none', exemptionThresholdKobo: null } as const;
const percent = (ratePpm: number) =>
  ({ kind: 'percent', ratePpm, flatKobo: null, leaseTiers: null }) as const;
const flat = (flatKobo: number) =>
  ({ kind: 'flat', ratePpm: null, flatKobo, leaseTiers: null }) as const;
const tiers = (leaseTiers: LeaseTier[]) =>
  ({ kind: 'lease_tiers', ratePpm: null, flatKobo: null, leaseTiers }) as const;

/** The rules the database starts with, both periods (docs/tax-rules.md tables). */
export const SEEDED_STAMP_DUTY_RULES: readonly StampDutyRule[] = [
  // Executed up to 31 December 2025.
  sda({
    instrumentType: 'conveyance',
    name: 'Conveyance or transfer on sale',
    ...percent(15_000),
    ...none,
    chargedPartyRole: 'transferee',
  }),
  sda({
    instrumentType: 'lease',
    name: 'Lease (0.78 % up to 7 years, 3 % up to 21, 6 % above)',
    ...tiers([
      { overYears: 0, ratePpm: 7_800 },
      { overYears: 7, ratePpm: 30_000 },
      { overYears: 21, ratePpm: 60_000 },
    ]),
    ...none,
    chargedPartyRole: 'lessee',
  }),
  sda({
    instrumentType: 'mortgage',
    name: 'Mortgage, bond, debenture, further charge',
    ...percent(3_750),
    ...none,
    chargedPartyRole: 'mortgagee',
  }),
  sda({
    instrumentType: 'insurance_policy',
    name: 'Policy of insurance',
    ...percent(750),
    ...none,
    chargedPartyRole: 'insured',
  }),
  sda({
    instrumentType: 'agreement',
    name: 'Agreement or contract',
    ...flat(100_000),
    ...none,
    chargedPartyRole: 'party',
    toConfirm: true,
    source: 'No public source found: ₦1,000 seeded, to confirm',
  }),
  sda({
    instrumentType: 'agreement_under_hand',
    name: 'Agreement under hand',
    ...flat(50_000),
    ...none,
    chargedPartyRole: 'party',
    toConfirm: true,
    source: 'No public source found: ₦500 seeded, to confirm',
  }),
  sda({
    instrumentType: 'guarantee',
    name: 'Guarantee',
    ...flat(50_000),
    ...none,
    chargedPartyRole: 'guarantor',
    toConfirm: true,
    source: 'No public source found: ₦500 seeded, to confirm',
  }),
  sda({
    instrumentType: 'receipt',
    name: 'Receipt or electronic transfer of ₦10,000 or more',
    ...flat(5_000),
    exemptionKind: 'value_below',
    exemptionThresholdKobo: 1_000_000,
    chargedPartyRole: 'party',
  }),
  // Executed from 1 January 2026.
  nta({
    instrumentType: 'conveyance',
    name: 'Conveyance or transfer on sale (exempt at ₦10 m or less)',
    ...percent(15_000),
    exemptionKind: 'value_at_or_below',
    exemptionThresholdKobo: TEN_MILLION_NAIRA,
    chargedPartyRole: 'transferee',
  }),
  nta({
    instrumentType: 'lease',
    name: 'Demise (0.78 % up to 7 years, 3 % above; exempt below ₦10 m a year, s.135)',
    ...tiers([
      { overYears: 0, ratePpm: 7_800 },
      { overYears: 7, ratePpm: 30_000 },
    ]),
    exemptionKind: 'annual_value_below',
    exemptionThresholdKobo: TEN_MILLION_NAIRA,
    chargedPartyRole: 'lessee',
    source: `${NTA_SOURCE} (s.135 applied: annual value below ₦10,000,000)`,
  }),
  nta({
    instrumentType: 'mortgage',
    name: 'Mortgage, bond, debenture, covenant',
    ...percent(3_750),
    ...none,
    chargedPartyRole: 'mortgagee',
  }),
  nta({
    instrumentType: 'insurance_policy',
    name: 'Policy of insurance',
    ...percent(750),
    ...none,
    chargedPartyRole: 'insured',
  }),
  nta({
    instrumentType: 'agreement',
    name: 'Agreement or contract (exempt below ₦1 m)',
    ...flat(100_000),
    exemptionKind: 'value_below',
    exemptionThresholdKobo: 100_000_000,
    chargedPartyRole: 'party',
  }),
  nta({
    instrumentType: 'agreement_under_hand',
    name: 'Agreement or memorandum under hand (exempt below ₦1 m)',
    ...flat(50_000),
    exemptionKind: 'value_below',
    exemptionThresholdKobo: 100_000_000,
    chargedPartyRole: 'party',
  }),
  nta({
    instrumentType: 'guarantee',
    name: 'Guarantee',
    ...flat(50_000),
    ...none,
    chargedPartyRole: 'guarantor',
  }),
  nta({
    instrumentType: 'receipt',
    name: 'Receipt or electronic transfer of ₦10,000 or more',
    ...flat(5_000),
    exemptionKind: 'value_below',
    exemptionThresholdKobo: 1_000_000,
    chargedPartyRole: 'party',
  }),
];

export const SEEDED_STAMP_PENALTY_RULES: readonly StampPenaltyRule[] = [
  {
    law: 'SDA',
    graceDays: 30,
    penaltyBasisPoints: 1_000,
    interestBasis: 'fixed',
    interestAnnualBasisPoints: 1_000,
    validFrom: SDA_FROM,
    validTo: SDA_TO,
    toConfirm: true,
    source:
      "No public source read for the Stamp Duties Act's own late-stamping penalty: to confirm",
  },
  {
    law: 'NTA2025',
    graceDays: 30,
    penaltyBasisPoints: 1_000,
    interestBasis: 'mpr',
    interestAnnualBasisPoints: null,
    validFrom: NTA_FROM,
    validTo: null,
    toConfirm: false,
    source: 'Nigeria Tax Administration Act 2025, s.110; NTA 2025 s.126(1) (30 days)',
  },
];

export const SEEDED_MPR_RATES: readonly MprRate[] = [
  {
    annualBasisPoints: 2_700,
    validFrom: SDA_FROM,
    validTo: null,
    toConfirm: true,
    source: 'Central Bank of Nigeria Monetary Policy Rate, 27 %: to confirm the rate in force',
  },
];

/** The dated row in force on `day`, if any (rows of one kind never overlap). */
export function inForceOn<T extends { validFrom: string; validTo: string | null }>(
  rows: readonly T[],
  day: string,
): T | null {
  return rows.find((r) => r.validFrom <= day && (r.validTo === null || day <= r.validTo)) ?? null;
}

/** a × b / d rounded half up, exact in BigInt (as the tax engine, tax/rounding.ts). */
function halfUp(a: number, b: number, d: number): number {
  return Number((2n * BigInt(a) * BigInt(b) + BigInt(d)) / (2n * BigInt(d)));
}

export type StampDutyInput = {
  considerationKobo: number;
  /** A lease's term in whole years. */
  termYears?: number | null;
};

export type DutyOutcome = {
  dutyKobo: number;
  /** Why no duty is due, when the rule's exemption applies. */
  exemption: string | null;
  /** The rate applied, parts per million (null for a flat duty). */
  ratePpm: number | null;
};

/** The duty one rule charges on one instrument (kobo, half up). Throws for a lease with no term. */
export function dutyUnderRule(rule: StampDutyRule, input: StampDutyInput): DutyOutcome {
  const value = input.considerationKobo;
  const term = input.termYears ?? null;
  if (rule.kind === 'lease_tiers' && (term === null || term < 1)) {
    throw new Error('A lease needs its term in years');
  }
  const threshold = rule.exemptionThresholdKobo ?? 0;
  const annual = term ? Math.floor(value / term) : value;
  const exemption =
    rule.exemptionKind === 'value_at_or_below' && value <= threshold
      ? `value at or below ₦${threshold / 100}`
      : rule.exemptionKind === 'value_below' && value < threshold
        ? `value below ₦${threshold / 100}`
        : rule.exemptionKind === 'annual_value_below' && annual < threshold
          ? `annual value below ₦${threshold / 100}`
          : null;
  if (exemption) {
    return { dutyKobo: 0, exemption: `Not chargeable: ${exemption}`, ratePpm: null };
  }
  if (rule.kind === 'flat') return { dutyKobo: rule.flatKobo ?? 0, exemption: null, ratePpm: null };
  let ratePpm = rule.ratePpm ?? 0;
  if (rule.kind === 'lease_tiers') {
    const tier = [...(rule.leaseTiers ?? [])]
      .sort((a, b) => b.overYears - a.overYears)
      .find((t) => (term ?? 0) > t.overYears);
    ratePpm = tier?.ratePpm ?? 0;
  }
  return { dutyKobo: halfUp(value, ratePpm, 1_000_000), exemption: null, ratePpm };
}

export type LatePenalty = {
  daysLate: number;
  penaltyKobo: number;
  interestKobo: number;
  /** penalty + interest: what the bill adds to the duty. */
  totalKobo: number;
  interestAnnualBasisPoints: number;
};

/**
 * The late-stamping penalty (docs/tax-rules.md): nothing when stamped (billed) within
 * `graceDays` of execution; from the day after, a one-off share of the unpaid duty plus simple
 * interest by the day (days late / 365) from the last day allowed.
 */
export function latePenaltyOf(
  penalty: StampPenaltyRule,
  mprAnnualBasisPoints: number,
  input: { dutyKobo: number; executedOn: string; stampedOn: string },
): LatePenalty {
  const interestAnnualBasisPoints =
    penalty.interestBasis === 'mpr'
      ? mprAnnualBasisPoints
      : (penalty.interestAnnualBasisPoints ?? 0);
  const late = computeLatePayment({
    outstandingKobo: input.dutyKobo,
    dueDate: addDays(input.executedOn, penalty.graceDays),
    asOf: input.stampedOn,
    penaltyBasisPoints: penalty.penaltyBasisPoints,
    interestAnnualBasisPoints,
  });
  return {
    ...late,
    totalKobo: late.penaltyKobo + late.interestKobo,
    interestAnnualBasisPoints,
  };
}
