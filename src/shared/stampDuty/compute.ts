import { type InstrumentType, type PartyRole, STAMP_LAW_LABELS, type StampLaw } from './enums';
import {
  dutyUnderRule,
  inForceOn,
  type LatePenalty,
  latePenaltyOf,
  type MprRate,
  type StampDutyRule,
  type StampPenaltyRule,
} from './rules';

/** The dated tables a computation reads: the database's rows, or the seeds in tests. */
export type StampDutyTables = {
  rules: readonly StampDutyRule[];
  penalties: readonly StampPenaltyRule[];
  mprRates: readonly MprRate[];
};

export type StampDutyCase = {
  instrumentType: InstrumentType;
  considerationKobo: number;
  termYears?: number | null;
  /** YYYY-MM-DD: chooses the law. */
  executedOn: string;
  /** YYYY-MM-DD: the day the duty is billed (the penalty runs to it). */
  stampedOn: string;
};

export type StampDutyResult = {
  dutyKobo: number;
  /** The late-stamping penalty and its interest, together. */
  penaltyKobo: number;
  rule: StampDutyRule;
  law: StampLaw;
  lawName: string;
  chargedPartyRole: PartyRole;
  ratePpm: number | null;
  exemption: string | null;
  late: LatePenalty;
  penaltyRule: StampPenaltyRule;
};

/** A refusal naming the field to change (the server turns it into a 422). */
export class StampDutyInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Stamp duty and late-stamping penalty of one instrument under the law in force on its date of
 * execution (docs/tax-rules.md): pure, nothing stored.
 */
export function computeStampDuty(tables: StampDutyTables, input: StampDutyCase): StampDutyResult {
  const rule = inForceOn(
    tables.rules.filter((r) => r.instrumentType === input.instrumentType),
    input.executedOn,
  );
  if (!rule) {
    throw new StampDutyInputError(
      'executedOn',
      `No ${input.instrumentType} rule is in force on ${input.executedOn}; check the date of execution`,
    );
  }
  if (rule.kind === 'lease_tiers' && !input.termYears) {
    throw new StampDutyInputError('termYears', 'Give the lease term in whole years');
  }
  if (input.stampedOn < input.executedOn) {
    throw new StampDutyInputError('stampedOn', 'The day stamped cannot be before the execution');
  }
  const penaltyRule = inForceOn(tables.penalties, input.executedOn);
  if (!penaltyRule) {
    throw new StampDutyInputError(
      'executedOn',
      `No late-stamping rule is in force on ${input.executedOn}; an administrator sets one`,
    );
  }
  const mpr = inForceOn(tables.mprRates, input.stampedOn);
  if (penaltyRule.interestBasis === 'mpr' && !mpr) {
    throw new StampDutyInputError(
      'stampedOn',
      `No Monetary Policy Rate is set for ${input.stampedOn}; an administrator sets one`,
    );
  }
  const duty = dutyUnderRule(rule, input);
  const late = latePenaltyOf(penaltyRule, mpr?.annualBasisPoints ?? 0, {
    dutyKobo: duty.dutyKobo,
    executedOn: input.executedOn,
    stampedOn: input.stampedOn,
  });
  return {
    dutyKobo: duty.dutyKobo,
    penaltyKobo: late.totalKobo,
    rule,
    law: rule.law,
    lawName: STAMP_LAW_LABELS[rule.law],
    chargedPartyRole: rule.chargedPartyRole,
    ratePpm: duty.ratePpm,
    exemption: duty.exemption,
    late,
    penaltyRule,
  };
}
