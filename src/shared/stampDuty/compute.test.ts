import { describe, expect, it } from 'vitest';
import { computeStampDuty, StampDutyInputError, type StampDutyTables } from './compute';
import type { InstrumentType } from './enums';
import { SEEDED_MPR_RATES, SEEDED_STAMP_DUTY_RULES, SEEDED_STAMP_PENALTY_RULES } from './rules';

/**
 * Hand-worked cases for every instrument type under both laws (docs/tax-rules.md, "Stamp
 * duty"). Figures in naira are written out; the function answers kobo.
 */
const tables: StampDutyTables = {
  rules: SEEDED_STAMP_DUTY_RULES,
  penalties: SEEDED_STAMP_PENALTY_RULES,
  mprRates: SEEDED_MPR_RATES,
};
const naira = (n: number) => Math.round(n * 100);

function duty(
  instrumentType: InstrumentType,
  considerationNaira: number,
  executedOn: string,
  termYears?: number,
) {
  return computeStampDuty(tables, {
    instrumentType,
    considerationKobo: naira(considerationNaira),
    termYears,
    executedOn,
    stampedOn: executedOn,
  });
}

describe('executed up to 31 Dec 2025: Stamp Duties Act as amended', () => {
  const on = '2025-06-01';
  it.each([
    ['conveyance', 20_000_000, undefined, 300_000, 'transferee'], // 1.5 %
    ['conveyance', 5_000_000, undefined, 75_000, 'transferee'], // no threshold before 2026
    ['lease', 12_000_000, 5, 93_600, 'lessee'], // 0.78 % up to 7 years
    ['lease', 10_000_000, 7, 78_000, 'lessee'], // 7 years is still the first tier
    ['lease', 10_000_000, 8, 300_000, 'lessee'], // 3 % over 7
    ['lease', 10_000_000, 21, 300_000, 'lessee'], // 21 years is still 3 %
    ['lease', 10_000_000, 22, 600_000, 'lessee'], // 6 % over 21
    ['mortgage', 40_000_000, undefined, 150_000, 'mortgagee'], // 0.375 %
    ['insurance_policy', 2_000_000, undefined, 1_500, 'insured'], // 0.075 %
    ['agreement', 5_000_000, undefined, 1_000, 'party'], // flat, to confirm
    ['agreement_under_hand', 5_000_000, undefined, 500, 'party'],
    ['guarantee', 100_000, undefined, 500, 'guarantor'],
    ['receipt', 50_000, undefined, 50, 'party'],
    ['receipt', 9_999.99, undefined, 0, 'party'], // under ₦10,000
  ] as const)(
    '%s of ₦%d (term %s) → ₦%d charged to the %s',
    (type, value, term, expected, role) => {
      const result = duty(type, value, on, term);
      expect(result.dutyKobo).toBe(naira(expected));
      expect(result.law).toBe('SDA');
      expect(result.chargedPartyRole).toBe(role);
      expect(result.penaltyKobo).toBe(0);
    },
  );

  it('marks the flat amounts without a public source "to confirm"', () => {
    for (const type of ['agreement', 'agreement_under_hand', 'guarantee'] as const) {
      expect(duty(type, 1, on).rule.toConfirm).toBe(true);
    }
    expect(duty('conveyance', 1, on).rule.toConfirm).toBe(false);
  });
});

describe('executed from 1 Jan 2026: Nigeria Tax Act 2025, Ninth Schedule', () => {
  const on = '2026-03-02';
  it.each([
    ['conveyance', 25_000_000, undefined, 375_000], // 1.5 %
    ['conveyance', 10_000_000, undefined, 0], // ₦10 m or less: exempt
    ['conveyance', 10_000_000.01, undefined, 150_000], // one kobo above: 150,000.00015 → ₦150,000
    ['lease', 60_000_000, 5, 468_000], // ₦12 m a year, 0.78 %
    ['lease', 50_000_000, 5, 390_000], // exactly ₦10 m a year is chargeable
    ['lease', 45_000_000, 5, 0], // ₦9 m a year: s.135 exempt
    ['lease', 240_000_000, 8, 7_200_000], // 3 % over 7 years
    ['lease', 300_000_000, 25, 9_000_000], // no 6 % tier any more: 3 %
    ['mortgage', 40_000_000, undefined, 150_000],
    ['insurance_policy', 2_000_000, undefined, 1_500],
    ['agreement', 5_000_000, undefined, 1_000],
    ['agreement', 1_000_000, undefined, 1_000], // exempt only below ₦1 m
    ['agreement', 999_999, undefined, 0],
    ['agreement_under_hand', 2_000_000, undefined, 500],
    ['agreement_under_hand', 500_000, undefined, 0],
    ['guarantee', 100_000, undefined, 500],
    ['receipt', 10_000, undefined, 50],
  ] as const)('%s of ₦%d (term %s) → ₦%d', (type, value, term, expected) => {
    const result = duty(type, value, on, term);
    expect(result.dutyKobo).toBe(naira(expected));
    expect(result.law).toBe('NTA2025');
    expect(result.rule.toConfirm).toBe(false);
  });

  it('names the exemption applied', () => {
    expect(duty('lease', 45_000_000, on, 5).exemption).toMatch(/annual value below ₦10000000/);
    expect(duty('conveyance', 10_000_000, on).exemption).toMatch(/at or below ₦10000000/);
  });
});

describe('the law is the one in force on the date of execution', () => {
  it('31 Dec 2025 is the old law, 1 Jan 2026 the new', () => {
    expect(duty('conveyance', 5_000_000, '2025-12-31')).toMatchObject({
      law: 'SDA',
      dutyKobo: naira(75_000),
    });
    expect(duty('conveyance', 5_000_000, '2026-01-01')).toMatchObject({
      law: 'NTA2025',
      dutyKobo: 0,
    });
  });
});

describe('late stamping: day 30 is in time, day 31 is late', () => {
  function late(executedOn: string, stampedOn: string, value: number) {
    return computeStampDuty(tables, {
      instrumentType: 'conveyance',
      considerationKobo: naira(value),
      executedOn,
      stampedOn,
    });
  }

  it('from 2026: 10 % of the duty plus a day of interest at the MPR (27 %, to confirm)', () => {
    // Duty ₦375,000 = 37,500,000 kobo; due 30 days after 2 March = 1 April.
    expect(late('2026-03-02', '2026-04-01', 25_000_000).penaltyKobo).toBe(0);
    const day31 = late('2026-03-02', '2026-04-02', 25_000_000);
    // 10 % = 3,750,000; interest 37,500,000 × 27 % × 1 / 365 = 27,739.73 → 27,740.
    expect(day31.late).toMatchObject({ daysLate: 1, penaltyKobo: 3_750_000, interestKobo: 27_740 });
    expect(day31.penaltyKobo).toBe(3_777_740);
    expect(day31.penaltyRule.interestBasis).toBe('mpr');
  });

  it('a year late: 10 % plus 335 days of interest', () => {
    // Due 1 April 2026, billed 2 March 2027: 335 days; 37,500,000 × 0.27 × 335 / 365 = 9,292,808.22.
    const result = late('2026-03-02', '2027-03-02', 25_000_000);
    expect(result.late).toMatchObject({ daysLate: 335, interestKobo: 9_292_808 });
    expect(result.penaltyKobo).toBe(3_750_000 + 9_292_808);
  });

  it('before 2026: the dated setting marked to confirm (10 % + 10 % a year)', () => {
    // Duty ₦300,000 = 30,000,000 kobo; due 1 July 2025.
    expect(late('2025-06-01', '2025-07-01', 20_000_000).penaltyKobo).toBe(0);
    const day31 = late('2025-06-01', '2025-07-02', 20_000_000);
    // 3,000,000 + 30,000,000 × 10 % / 365 = 8,219.18 → 8,219.
    expect(day31.penaltyKobo).toBe(3_008_219);
    expect(day31.penaltyRule.toConfirm).toBe(true);
  });

  it('an instrument executed in 2025 and stamped in 2026 stays under the old law', () => {
    const result = late('2025-12-20', '2026-02-01', 20_000_000);
    expect(result.law).toBe('SDA');
    expect(result.late.daysLate).toBe(13);
  });

  it('an exempt instrument owes no penalty however late', () => {
    expect(late('2026-01-05', '2026-12-01', 8_000_000).penaltyKobo).toBe(0);
  });
});

describe('refusals name the field', () => {
  it('a lease without a term', () => {
    expect(() => duty('lease', 1_000_000, '2026-02-01')).toThrow(StampDutyInputError);
    try {
      duty('lease', 1_000_000, '2026-02-01');
    } catch (error) {
      expect((error as StampDutyInputError).field).toBe('termYears');
    }
  });

  it('an execution date before any rule', () => {
    try {
      duty('conveyance', 1_000_000, '2019-01-01');
      expect.unreachable();
    } catch (error) {
      expect((error as StampDutyInputError).field).toBe('executedOn');
    }
  });

  it('a stamping day before the execution', () => {
    expect(() =>
      computeStampDuty(tables, {
        instrumentType: 'receipt',
        considerationKobo: 1_000_000,
        executedOn: '2026-02-01',
        stampedOn: '2026-01-31',
      }),
    ).toThrow(/cannot be before/);
  });

  it('the largest consideration (₦1 trillion) is computed exactly', () => {
    expect(duty('lease', 1_000_000_000_000, '2025-06-01', 30).dutyKobo).toBe(naira(60_000_000_000));
  });
});
