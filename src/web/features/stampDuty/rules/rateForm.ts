import { addDays } from '../../../../shared/dates';
import type { StampLaw } from '../../../../shared/stampDuty/enums';
import type {
  StampDutyRuleTables,
  StampMprRateCorrection,
  StampMprRateInput,
  StampPenaltyRuleCorrection,
  StampPenaltyRuleInput,
} from '../../../../shared/stampDuty/schemas';

/**
 * The late-stamping settings' dialogs (ADMIN): a change is a new dated row (ADR 0033), so the
 * dialogs add rows and never edit one. Rates are typed as percentages and sent in basis points
 * (27.5 % = 2,750).
 */
export type PenaltyRow = StampDutyRuleTables['penalties'][number];
export type MprRow = StampDutyRuleTables['mprRates'][number];

export type MprFormValues = {
  ratePercent: number | '';
  validFrom: string | null;
  toConfirm: boolean;
  source: string;
};

export type PenaltyFormValues = {
  graceDays: number | '';
  penaltyPercent: number | '';
  interestBasis: 'mpr' | 'fixed';
  interestPercent: number | '';
  validFrom: string | null;
  toConfirm: boolean;
  source: string;
};

/** The latest row of a dated table (the one a new row follows). */
export function latestOf<T extends { validFrom: string }>(rows: readonly T[]): T | null {
  return rows.reduce<T | null>((a, b) => (a && a.validFrom >= b.validFrom ? a : b), null);
}

/** The first day a new row may start: the day after the latest row's first. */
export function firstDayAfter(latest: { validFrom: string } | null): string | undefined {
  return latest ? addDays(latest.validFrom, 1) : undefined;
}

const decimals = (n: number) => (String(n).split('.')[1] ?? '').length;

function percentError(value: number | '', what: string): string | undefined {
  if (value === '') return `Enter ${what}, as a percentage`;
  if (value < 0 || value > 100) return 'A percentage from 0 to 100';
  if (decimals(value) > 2) return 'At most 2 decimal places (0.01 %)';
  return undefined;
}

function startError(
  validFrom: string | null,
  latest: { validFrom: string; validTo: string | null } | null,
) {
  if (!validFrom) return 'Enter the first day it applies';
  if (latest && validFrom <= latest.validFrom) {
    return 'It starts after the first day of the one in force';
  }
  if (latest?.validTo && validFrom > latest.validTo) {
    return 'It starts on or before the last day of the one in force';
  }
  return undefined;
}

const sourceError = (source: string) =>
  source.trim().length < 3
    ? 'Name the source (at least 3 characters), or say it is to confirm'
    : undefined;

function withoutEmpty<K extends string>(errors: Record<K, string | undefined>) {
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v !== undefined)) as Partial<
    Record<K, string>
  >;
}

/** Empty for a new rate; a row's own values when correcting it. */
export const mprFormOf = (row?: MprRow): MprFormValues =>
  row
    ? {
        ratePercent: row.annualBasisPoints / 100,
        validFrom: row.validFrom,
        toConfirm: row.toConfirm,
        source: row.source,
      }
    : { ratePercent: '', validFrom: null, toConfirm: false, source: '' };

export function mprFormErrors(latest: MprRow | null, values: MprFormValues) {
  return withoutEmpty({
    ratePercent: percentError(values.ratePercent, 'the rate a year'),
    validFrom: startError(values.validFrom, latest),
    source: sourceError(values.source),
  });
}

export function mprInputOf(values: MprFormValues): StampMprRateInput {
  return {
    annualBasisPoints: Math.round(Number(values.ratePercent) * 100),
    validFrom: values.validFrom ?? '',
    toConfirm: values.toConfirm,
    source: values.source.trim(),
  };
}

/** A penalty row corrected: its own values (its day is shown, not changed). */
export function penaltyFormOfRow(row: PenaltyRow): PenaltyFormValues {
  return {
    ...penaltyFormOf(row),
    validFrom: row.validFrom,
    toConfirm: row.toConfirm,
    source: row.source,
  };
}

/** A new penalty row starts from the law's latest: its figures, a new day and source. */
export function penaltyFormOf(latest: PenaltyRow | null): PenaltyFormValues {
  return {
    graceDays: latest?.graceDays ?? 30,
    penaltyPercent: latest ? latest.penaltyBasisPoints / 100 : '',
    interestBasis: latest?.interestBasis ?? 'mpr',
    interestPercent:
      latest?.interestAnnualBasisPoints == null ? '' : latest.interestAnnualBasisPoints / 100,
    validFrom: null,
    toConfirm: false,
    source: '',
  };
}

export function penaltyFormErrors(latest: PenaltyRow | null, values: PenaltyFormValues) {
  const days = values.graceDays;
  return withoutEmpty({
    graceDays:
      days === ''
        ? 'Enter the days allowed after execution'
        : !Number.isInteger(days) || days < 0 || days > 366
          ? 'Whole days, from 0 to 366'
          : undefined,
    penaltyPercent: percentError(values.penaltyPercent, 'the penalty'),
    interestPercent:
      values.interestBasis === 'fixed'
        ? percentError(values.interestPercent, 'the interest a year')
        : undefined,
    validFrom: startError(values.validFrom, latest),
    source: sourceError(values.source),
  });
}

export function penaltyInputOf(law: StampLaw, values: PenaltyFormValues): StampPenaltyRuleInput {
  return {
    law,
    graceDays: Number(values.graceDays),
    penaltyBasisPoints: Math.round(Number(values.penaltyPercent) * 100),
    interestBasis: values.interestBasis,
    interestAnnualBasisPoints:
      values.interestBasis === 'fixed' ? Math.round(Number(values.interestPercent) * 100) : null,
    validFrom: values.validFrom ?? '',
    toConfirm: values.toConfirm,
    source: values.source.trim(),
  };
}

/** A correction's body: the row's day and law are never sent (they do not change). */
export function mprCorrectionOf(values: MprFormValues): StampMprRateCorrection {
  const { validFrom: _day, ...correction } = mprInputOf(values);
  return correction;
}

export function penaltyCorrectionOf(values: PenaltyFormValues): StampPenaltyRuleCorrection {
  const { law: _law, validFrom: _day, ...correction } = penaltyInputOf('NTA2025', values);
  return correction;
}

/** Where an API field's refusal shows in the dialogs. */
export const RATE_FORM_FIELDS: Record<string, string> = {
  annualBasisPoints: 'ratePercent',
  penaltyBasisPoints: 'penaltyPercent',
  interestAnnualBasisPoints: 'interestPercent',
  graceDays: 'graceDays',
  validFrom: 'validFrom',
  source: 'source',
  toConfirm: 'toConfirm',
};
